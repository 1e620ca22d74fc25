import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncStateOf } from '../views';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';
import { deleteStuck } from '../testing/late-writes';

// Review U9 (fixed), finding 1. fenceDeleteOf's `gone()` forgets the "delete-sent" note first, and only
// then asks the list whether the post alone went (engine.ts ~317-322). A list that does not answer
// then (a timeout, a 503: the service the fence just read a moment before, busy) is caught by
// fenceTakenBackDeletes as a QuireError to try again a minute on; but the note it would try again
// from is gone. No round fences or asks again: the draft stays "Synced" beside a post the late
// Delete trashed after Undo said it was kept (the very outcome of review U8 finding 1).

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld('review-u9-gone-list');
});
afterAll(() => w.close());

describe('Undo of a Delete that landed late, the fence’s list check not answered once', () => {
  it('still tells the writer the post was deleted (not Synced) once the service answers', async () => {
    const { draft, remoteId } = await deleteStuck(w, 'Review U9 gone list');
    expect(w.store.cancelDelete(draft.id), 'Undo: kept').toBe(true);
    // The try on its way lands before the next round: the post is trashed.
    expect(await w.writes.landFirst()).toBe(200);
    expect(await w.post(remoteId)).toBeUndefined();
    w.writes.forget();

    // The next round's fence finds the post gone; its list check (limit=1) goes unanswered.
    w.writes.stick((method, url) => method === 'GET' && /[?&]limit=1(&|$)/.test(url));
    w.clock.now += 600_000;
    await w.engine.flush();
    w.writes.release();
    w.writes.forget();
    // The service answers again; rounds go on, well past the fence's minute.
    for (let i = 0; i < 3; i++) {
      w.clock.now += 120_000;
      await w.engine.flush();
    }
    const here = w.store.getDraft(draft.id)!;
    expect(
      { state: syncStateOf(here, w.store, true), gone: (here.conflict?.id ?? 0) < 0 },
      'the post Undo said was kept is in the trash: the writer is told, not shown Synced',
    ).toEqual({ state: 'conflict', gone: true });
  });
});
