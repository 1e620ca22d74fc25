import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { remoteRecordSchema } from '../../shared/model';
import { LocalStore } from './store/local-store';
import { sentEntry } from './sync/conflict';
import { pageView, searchView } from './views';

const dir = mkdtempSync(join(tmpdir(), 'quire-views-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('list views', () => {
  // A real store; the record is what the service answers once our create has landed.
  it('shows a post once while its create has landed but the answer is not yet processed', () => {
    const store = LocalStore.open(join(dir, 'landed.db'));
    const publicationId = store.addPublication({ name: 'P', baseUrl: 'http://x', subdomain: 'p' });
    const draft = store.createDraft(publicationId, 'post', {
      title: 'Landed',
      content: '<p>a</p>',
    });
    const other = store.createDraft(publicationId, 'post', {
      title: 'Not yet',
      content: '<p>b</p>',
    });
    // Claimed, and noted as sent, as the engine does before the create goes.
    store.claimSlug(draft.id, 'landed');
    store.noteSent(draft.id, sentEntry(store.getDraft(draft.id)!.fields, 'landed'));
    const record = remoteRecordSchema.parse({
      id: 41,
      slug: 'landed',
      title: 'Landed',
      content: '<p>a</p>',
      status: 'draft',
      updated_at: '2026-11-21T10:00:00.000+00:00',
    });
    const page = pageView(
      { records: [record], meta: { total: 1, per_page: 10, current_page: 1, last_page: 1 } },
      {
        publicationId,
        kind: 'post',
        store,
        online: true,
        fromCache: false,
        cachedAt: null,
        firstPage: true,
        draftsOnly: false,
      },
    );
    expect(page.items.map((item) => [item.title, item.draftId, item.remoteId])).toEqual([
      ['Not yet', other.id, null],
      ['Landed', draft.id, 41],
    ]);
    const found = searchView(
      { records: [record], drafts: [store.getDraft(draft.id)!] },
      publicationId,
      'post',
      store,
      true,
    );
    expect(found.map((item) => item.draftId)).toEqual([draft.id]);
    store.close();
  });
});
