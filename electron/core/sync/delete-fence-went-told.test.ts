import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';
import { deleteStuck } from '../testing/late-writes';
import { syncStateOf } from '../views';

// Review U14 (fixed). U12 made a fence owed read "Syncing" (views.ts syncStateOf, owesFence). When the
// fence then goes, the engine says nothing (engine.ts fenceTakenBackDeletes success path: only
// fenceRefusalGone emits, and only when a refusal was shown). The renderer's draft query has
// staleTime Infinity and is refreshed only by 'draft-changed' (use-core-events.ts), which the
// service sends only for an engine event: the open editor keeps saying "Syncing" for good.

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld(`review-u14-silent-${Math.random().toString(36).slice(2, 8)}`);
});
afterAll(() => w.close());

describe('Undo of a Delete whose try went unanswered, the fence then going', () => {
  it('tells the views the draft is Synced now', async () => {
    const { draft } = await deleteStuck(w, 'Review U14 silent fence', 'draft');
    expect(w.store.cancelDelete(draft.id), 'Undo: kept').toBe(true);
    // The scheduler's probe: the service answers again.
    w.engine.setReachable(w.publicationId, true);
    const before = syncStateOf(w.store.getDraft(draft.id)!, w.store, w.engine.online);
    expect(before, 'shown while the fence is owed').toBe('syncing');
    w.events.length = 0;
    w.clock.now += 61_000;
    await w.engine.flush();
    const after = syncStateOf(w.store.getDraft(draft.id)!, w.store, w.engine.online);
    expect(after, 'the fence went').toBe('synced');
    expect(
      w.events.filter((e) => 'draftId' in e && e.draftId === draft.id).map((e) => e.type),
      'Syncing -> Synced, yet no event for the draft: the open editor stays on Syncing',
    ).not.toEqual([]);
  });
});
