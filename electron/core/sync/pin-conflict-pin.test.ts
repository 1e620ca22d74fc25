// From a review: the pin kept for Keep mine in `conflict-pin:<id>`, against what the writer does
// during the conflict.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { heldEdits } from './hold';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('pin-conflict-pin');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

const away = () => world.proxy.setPolicy(() => ({ type: 'reset' }));
const back = () => world.proxy.setPolicy(() => ({ type: 'pass' }));
const published = (title: string, content?: string) => ({
  ...fields(title, content),
  status: 'publish' as const,
});
const page = async (slug: string) =>
  (await world.service.request('GET', `/pages/${slug}`)).json.page;

/** A live page, an Update pressed offline, and a colleague's change met when back: a conflict. */
async function conflictOnPressedUpdate(title: string, slug: string) {
  const d = world.device({ attempts: 1 });
  const draft = d.store.createDraft(d.publicationId, 'page', published(title, '<p>LIVE</p>'));
  expect(await d.engine.flush()).toMatchObject({ done: 1 });
  const id = d.store.getDraft(draft.id)!.remoteId!;
  away();
  d.store.saveDraft(draft.id, published(title, '<p>PRESSED</p>'));
  d.store.requestPush(draft.id);
  expect(await d.engine.flush()).toMatchObject({ failed: 1 });
  back();
  await world.service.request('PUT', `/pages/${id}`, { body: { content: '<p>THEIRS</p>' } });
  d.clock.now += 600_000;
  expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
  void slug;
  return { d, draft };
}

describe('the pin kept through a conflict', () => {
  it('gives way to a take-back made during the conflict: Keep mine does not put the regretted words live', async () => {
    const { d, draft } = await conflictOnPressedUpdate('Ferry rota', 'ferry-rota');
    // The writer regrets the Update: the live words restored, as the editor offers.
    const live = d.store.revisions(draft.id).find((r) => r.reason === 'live-before-edits')!;
    expect(live.fields.content).toBe('<p>LIVE</p>');
    d.store.restoreRevision(draft.id, live.id);
    expect(d.store.getDraft(draft.id)!.fields.content).toBe('<p>LIVE</p>');
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    expect((await page('ferry-rota')).content).not.toBe('<p>PRESSED</p>');
  });

  it('Keep mine with nothing written since the press leaves no "Edits not live" behind', async () => {
    const { d, draft } = await conflictOnPressedUpdate('Bridge rota', 'bridge-rota');
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    expect((await page('bridge-rota')).content).toBe('<p>PRESSED</p>');
    const now = d.store.getDraft(draft.id)!;
    expect(now.fields.content).toBe('<p>PRESSED</p>');
    expect(heldEdits(now)).toBe(false);
  });
});
