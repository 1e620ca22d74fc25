import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';
import { deleteStuck } from '../testing/late-writes';

// Review U13 (fixed). The U12 guard in the second pass (engine.ts:306 `afterPushes && !reachable`) reads a
// publication-wide flag that ANY push of the round sets: another draft's push timing out marks the
// publication unreachable even though the service answered this draft's refused push and would
// answer the fence. With this draft's refused push made due at every round (probe/Sync now:
// makePushesDue), the first pass skips the fence (push due) and the second pass skips it
// (unreachable): it never goes, and the late Delete trashes the post Quire said it kept.

let w: HookedWorld;
beforeEach(async () => {
  w = await hookedWorld(`review-u13-starved-${Math.random().toString(36).slice(2, 8)}`);
});
afterEach(() => w.close());

describe('a Delete taken back, its push parked on a refusal, another post timing out', () => {
  it('is fenced within a few probe rounds while the service answers', async () => {
    const { draft, remoteId, fields } = await deleteStuck(w, 'Review U13 starved', 'draft');
    // Taken back by words saved, with a tag the service no longer has: that push is refused.
    w.store.saveDraft(draft.id, { ...fields, content: '<p>Draft. Kept.</p>', tags: [987654] });
    expect(w.store.hasPendingDelete(draft.id)).toBe(false);
    // Another new post whose create never gets an answer (a slow proxy, a big body).
    w.store.createDraft(w.publicationId, 'post', { title: 'Other', content: '<p>Big.</p>' });
    w.writes.stick((method) => method === 'POST');
    // Rounds after a probe: the probe's list answered (setReachable true), pushes made due.
    for (let i = 0; i < 4; i++) {
      w.clock.now += 61_000;
      w.engine.setReachable(w.publicationId, true);
      w.store.makePushesDue();
      w.engine.fenceNow();
      await w.engine.flush();
    }
    w.writes.release();
    const owed = w.store.owesFence(draft.id);
    const landed = await w.writes.landFirst(); // the DELETE, stuck first
    expect(
      { owed, landed, onService: (await w.post(remoteId))?.status ?? 'trashed' },
      'the service answered every round, yet the fence never went',
    ).toEqual({ owed: false, landed: 412, onService: 'draft' });
  });
});
