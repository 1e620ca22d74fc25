import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';
import { deleteStuck } from '../testing/late-writes';

// Review U9 (fixed), finding 2. fenceTakenBackDeletes skips a draft while any push of it is queued
// (engine.ts ~292: `store.hasPendingPush(id)`), on the grounds that "its push writes with
// If-Match itself". A push the service refused (422: a tag a colleague deleted) writes nothing,
// and is parked for minutes (PARKED_MS), or until the writer fixes the field: every round skips
// the fence meanwhile, though the service answers. The Delete's try still on its way then lands
// with its If-Match intact and trashes the post the save said stays.

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld('review-u9-parked');
});
afterAll(() => w.close());

describe('a Delete taken back by words saved, their push refused by the service', () => {
  it('is fenced all the same: the late try is turned away (412), the post stays', async () => {
    const { draft, remoteId, fields } = await deleteStuck(w, 'Review U9 parked', 'draft');
    // The writer goes on writing in it (the Delete taken back: "the post stays"), and picks a
    // tag the service no longer has: that push is refused.
    w.store.saveDraft(draft.id, { ...fields, content: '<p>Draft. Kept.</p>', tags: [987654] });
    expect(w.store.hasPendingDelete(draft.id)).toBe(false);
    w.clock.now += 600_000;
    expect(await w.engine.flush()).toMatchObject({ failed: 1 });
    expect(w.store.getDraft(draft.id)!.lastError).toMatch(/tag/i);
    // Rounds go on, a minute apart, the service answering every one.
    for (let i = 0; i < 3; i++) {
      w.clock.now += 61_000;
      await w.engine.flush();
    }
    expect(w.store.hasPendingPush(draft.id), 'the refused push waits, parked').toBe(true);
    const landed = await w.writes.landFirst();
    expect(
      { landedWith: landed, onService: (await w.post(remoteId))?.status ?? 'trashed' },
      'the save said the post stays',
    ).toEqual({ landedWith: 412, onService: 'draft' });
  });
});
