import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';
import { deleteStuck } from '../testing/late-writes';

// Review U11 (fixed). fenceTakenBackDeletes (engine.ts:297-298) now skips a draft whose push is due.
// A push parked on a refusal (PARKED_MS) is not due, so the U9 fix holds for plain timer rounds;
// but every path that makes pushes due before its round (`sync.syncNow`: makePushesDue +
// fenceNow, service.ts:998-1003; the scheduler's probe: makeDue, scheduler.ts:88) makes the parked
// push due again: the fence is skipped, the push is refused and parked once more, and the round
// ends with the Delete taken back still unfenced. "Sync now" ("fences waiting out a failure go
// at once", engine.ts:368) never fences it, and rounds that each follow a makeDue never do.

let w: HookedWorld;
beforeEach(async () => {
  w = await hookedWorld(`review-u11-made-due-${Math.random().toString(36).slice(2, 8)}`);
});
afterEach(() => w.close());

/** What `sync.syncNow` does to the engine and store (service.ts ~998-1003). */
async function syncNow() {
  w.store.makePushesDue();
  w.engine.fenceNow();
  await w.engine.flush();
  if (w.store.dueOps().length) await w.engine.flush();
}

async function parkedAfterTakeBack(title: string) {
  const { draft, remoteId, fields } = await deleteStuck(w, title, 'draft');
  // Taken back by words saved, with a tag the service no longer has: that push is refused.
  w.store.saveDraft(draft.id, { ...fields, content: '<p>Draft. Kept.</p>', tags: [987654] });
  expect(w.store.hasPendingDelete(draft.id)).toBe(false);
  return { draft, remoteId };
}

describe('a Delete taken back by words saved, their push refused (parked)', () => {
  it('is fenced when the writer presses Sync now', async () => {
    const { draft, remoteId } = await parkedAfterTakeBack('Review U11 sync now');
    w.clock.now += 600_000;
    await syncNow();
    expect(w.store.hasPendingPush(draft.id), 'the refused push waits, parked').toBe(true);
    const noted = w.store.deletesMayLand().map((d) => d.draftId);
    const landed = await w.writes.landFirst();
    expect(
      { noted, landedWith: landed, onService: (await w.post(remoteId))?.status ?? 'trashed' },
      'after Sync now, the Delete taken back is fenced: its late try refused, the post stays',
    ).toEqual({ noted: [], landedWith: 412, onService: 'draft' });
  });

  it('is fenced when each round follows a probe that made pushes due', async () => {
    const { draft, remoteId } = await parkedAfterTakeBack('Review U11 probe rounds');
    // Rounds a minute apart, each after the scheduler's makeDue (a probe found a service back),
    // the service answering every one.
    for (let i = 0; i < 4; i++) {
      w.clock.now += 61_000;
      w.store.makePushesDue();
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
