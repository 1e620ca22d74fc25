// From a review: after a pinned push lands, words that are exactly what went live are still shown as
// held ("Edits not live"), and the next edit keeps no snapshot of what readers see.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { heldEdits } from './hold';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('pin-spurious-held');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

const away = () => world.proxy.setPolicy(() => ({ type: 'reset' }));
const back = () => world.proxy.setPolicy(() => ({ type: 'pass' }));
const published = (title: string, content?: string) => ({
  ...fields(title, content),
  status: 'publish' as const,
});

describe('words equal to what an offline Update put live', () => {
  it('are not shown as held once it lands', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'page', published('Dock hours', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    away();
    d.store.saveDraft(draft.id, published('Dock hours', '<p>P</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    // A word typed after the press, then undone: the words are the pressed ones again.
    d.store.saveDraft(draft.id, published('Dock hours', '<p>P and</p>'));
    d.store.saveDraft(draft.id, published('Dock hours', '<p>P</p>'));
    back();
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const live = await world.service.request('GET', '/pages/dock-hours');
    expect(live.json.page.content).toBe('<p>P</p>');
    const now = d.store.getDraft(draft.id)!;
    expect(now.fields.content).toBe('<p>P</p>');
    expect(heldEdits(now)).toBe(false);
  });

  it('the next edit keeps what readers see (P) as "live-before-edits", for a take-back', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'page', published('Quay hours', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    away();
    d.store.saveDraft(draft.id, published('Quay hours', '<p>P</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(draft.id, published('Quay hours', '<p>P and</p>'));
    d.store.saveDraft(draft.id, published('Quay hours', '<p>P</p>'));
    back();
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    // Readers see P. The writer starts a new round of edits.
    d.store.saveDraft(draft.id, published('Quay hours', '<p>P, rewritten</p>'));
    const live = d.store.revisions(draft.id).find((r) => r.reason === 'live-before-edits');
    expect(live?.fields.content).toBe('<p>P</p>');
  });
});
