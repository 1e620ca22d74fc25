import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { KeytarCredentialStore } from './credentials';
import { createCore, type Core } from './service';
import type { DraftView, PublicationView } from '../../shared/views';

// Review (publications): the Remove dialog says "Nothing on the service is deleted" and counts
// only what has not reached the service. For the Local sample, the service is the embedded one,
// whose token is minted in memory at each launch and never shown: once removed, the sample was
// never added back (embedded-publication-added), and Add publication could not reach it either.
// Now Add publication offers it back (`publications.restoreSample`, `sampleAway`).
// Real parts: the embedded reference server, the keychain, a SQLite store.

const dir = mkdtempSync(join(tmpdir(), 'quire-remove-sample-'));
const credentials = new KeytarCredentialStore(`Quire remove-sample ${randomUUID()}`);
const start = (): Promise<Core> =>
  createCore({
    dataDir: dir,
    credentials,
    version: '0.0.0-test',
    embedded: { posts: 1, pages: 0 },
    syncIntervalMs: 60_000,
  });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const call = async <T>(core: Core, name: string, input: unknown): Promise<T> => {
  const reply = await core.dispatch(name as never, input as never);
  if (!reply.ok) throw new Error(`${name}: ${reply.error.message}`);
  return reply.value as T;
};

it('words synced to the Local sample can be reached again after the writer removes it', async () => {
  let core = await start();
  const [sample] = await call<PublicationView[]>(core, 'publications.list', {});
  expect(sample?.embedded).toBe(true);

  // The app starts on the sample: the writer writes their first post there, and it syncs.
  const draft = await call<DraftView>(core, 'records.create', {
    publicationId: sample!.id,
    kind: 'post',
    fields: { title: 'Harbour at dawn', content: '<p>The only copy of these words.</p>' },
  });
  for (let i = 0; i < 20; i++) {
    await call(core, 'sync.syncNow', {});
    if ((await call<DraftView>(core, 'drafts.get', { draftId: draft.id })).syncState === 'synced')
      break;
  }
  const [listed] = await call<PublicationView[]>(core, 'publications.list', {});
  // The dialog: nothing unsynced, so no loss is said, and "Removing it deletes nothing on the service".
  expect(listed!.pendingChanges).toBe(0);
  await call(core, 'publications.remove', { id: sample!.id });
  await core.close();

  // The words are in the sample's file still…
  const file = new Database(join(dir, 'embedded', 'publishing.db'), { readonly: true });
  const onService = file
    .prepare(`SELECT count(*) FROM records WHERE title = 'Harbour at dawn'`)
    .pluck()
    .get();
  file.close();
  expect(onService).toBe(1);

  // Not put back by itself at the next launch (the writer removed it), but offered, and back
  // with its posts when taken.
  core = await start();
  try {
    expect(await call<PublicationView[]>(core, 'publications.list', {})).toEqual([]);
    expect(await call(core, 'app.info', {})).toMatchObject({ sampleAway: true });
    const back = await call<PublicationView>(core, 'publications.restoreSample', {});
    expect(back).toMatchObject({ name: 'Local sample', embedded: true, active: true });
    const page = await call<{ items: { title: string }[] }>(core, 'records.list', {
      publicationId: back.id,
      kind: 'post',
      page: 1,
      perPage: 20,
      draftsOnly: false,
    });
    expect(page.items.map((item) => item.title)).toContain('Harbour at dawn');
    expect(await call(core, 'app.info', {})).toMatchObject({ sampleAway: false });
    // Once is enough: a second press is refused, not a second sample.
    const again = await core.dispatch('publications.restoreSample', {});
    expect(again.ok ? 'restored twice' : again.error.message).toBe('The Local sample is in Quire');
  } finally {
    await core.close();
  }
});
