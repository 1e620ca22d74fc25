import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';
import { deleteStuck } from '../testing/late-writes';
import { syncStateOf } from '../views';

// Review U12 (fixed). A Delete taken back (Undo) while its try may land; the fence cannot get through
// (its PUT goes unanswered). views.ts syncStateOf looks at the outbox and unsynced words only,
// and the engine's `online` at the outbox only (engine.ts:168-171, pendingCount): the draft says
// "Synced" and the app "online" while the Delete may still land and trash the post.

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld('review-u12-synced-unfenced');
});
afterAll(() => w.close());

describe('Undo of a Delete whose try went unanswered, the fence not answered either', () => {
  it('is not said Synced while the Delete may land', async () => {
    const { draft, remoteId } = await deleteStuck(w, 'Review U12 synced unfenced', 'draft');
    expect(w.store.cancelDelete(draft.id), 'Undo: kept').toBe(true);
    // The fence's status-only PUT is held up too.
    w.writes.stick((method) => method === 'PUT');
    w.clock.now += 600_000;
    await w.engine.flush();
    w.writes.release();
    expect(
      w.store.deletesMayLand().map((d) => d.draftId),
      'still not fenced',
    ).toEqual([draft.id]);
    const state = syncStateOf(w.store.getDraft(draft.id)!, w.store, w.engine.online);
    // What a late landing does now: the post trashed (the fence's PUT lands after it).
    const landed = await w.writes.landFirst();
    expect(
      {
        state,
        online: w.engine.online,
        landed,
        onService: (await w.post(remoteId))?.status ?? 'trashed',
      },
      'Quire says Synced (and online) while a Delete that trashes the post is on its way',
    ).toEqual({
      state: expect.not.stringMatching(/^synced$/),
      online: false,
      landed: 200,
      onService: 'trashed',
    });
  });
});
