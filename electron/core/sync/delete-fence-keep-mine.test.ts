import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';

// Review U9 (fixed), finding 3. A Delete taken back (Undo) while its DELETE was on its way, and the DELETE
// answered: remove() shows "deleted on the service" (a GONE conflict), and the "delete-sent" note
// stays (sendDelete forgets it only on a 412). The next round's fence, beside it, finds the post
// gone and, after its list check, marks the GONE conflict again from the draft it read at its
// start (fenceDeleteOf's `gone()`, engine.ts ~320: `this.conflict(draft, goneMarker(draft))`).
// `conflict()` guards with resolvedSince, but that only knows pushes (startedAfter): the writer's
// Keep mine, chosen at once (sync.resolveConflict is not held behind the round) while the fence
// is on its way, is undone. Its push then meets the GONE conflict again and makes nothing: the
// writer, who chose to keep the post, is asked again, and the post is not made again.

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld('review-u9-keep-mine');
});
afterAll(() => w.close());

describe('Keep mine on "deleted on the service" while a fence of the draft is on its way', () => {
  it('is what happens: the post is made again, not asked about again', async () => {
    const live = {
      title: 'Review U9 keep mine',
      content: '<p>Live.</p>',
      status: 'publish' as const,
    };
    const draft = w.store.createDraft(w.publicationId, 'post', { ...live });
    expect(await w.engine.flush()).toMatchObject({ done: 1 });
    const remoteId = w.store.getDraft(draft.id)!.remoteId!;
    // Delete pressed; Undo pressed while its DELETE is on its way, which trashes the post.
    w.store.requestDelete(draft.id, 0);
    w.before(
      (method) => method === 'DELETE',
      () => void w.store.cancelDelete(draft.id),
    );
    // Since review U11 the fence goes in the same round, once the Delete has: while it asks the
    // service, the writer chooses Keep mine on "deleted on the service".
    w.before(
      (method, url) => method === 'GET' && /[?&]limit=1(&|$)/.test(url),
      () => void w.engine.resolve(draft.id, 'mine'),
    );
    await w.engine.flush();
    expect(await w.post(remoteId)).toBeUndefined();
    expect(w.store.deletesMayLand().map((one) => one.draftId)).not.toContain(draft.id);
    expect(w.store.hasPendingPush(draft.id), 'Keep mine queued the post made again').toBe(true);
    w.clock.now += 600_000;
    await w.engine.flush();
    const here = w.store.getDraft(draft.id)!;
    expect(
      { conflict: here.conflict?.id ?? null, madeAgain: here.remoteId !== null },
      'Keep mine was chosen: the post is made again, the question not asked again',
    ).toEqual({ conflict: null, madeAgain: true });
  });
});
