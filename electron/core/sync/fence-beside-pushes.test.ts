import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayWorld, type AwayWorld } from '../testing/away-world';

// Review U8 (fixed), finding 4. fenceTakenBackDeletes runs at the start of every round, before any push,
// one draft after another, and does not look at whether the publication is known away: the
// status-only fence of a Delete taken back on a service that has gone silent is tried through
// its client's every try (15 s × 4 in the app), and every other publication's pushes wait
// behind it — each minute (FENCE_RETRY_MS), and once per flagged draft. The round's own pushes
// of a silent service run beside the others' (workers); this fence holds them all.

let w: AwayWorld;
beforeAll(async () => {
  w = await awayWorld('review-u8', 1_500);
});
afterAll(() => w.close());

describe('a Delete taken back on a service gone silent, and another publication’s push', () => {
  it('the other publication’s push is not held behind the fence’s tries', async () => {
    const { store, engine, awayId, otherId, writes, events } = w;
    const a = store.createDraft(awayId, 'post', {
      title: 'Review U8 away',
      content: '<p>A.</p>',
      status: 'publish',
    });
    expect(await engine.flush()).toMatchObject({ done: 1 });
    // Delete pressed, its DELETE held up on its way; Undo: kept.
    store.requestDelete(a.id, 0);
    writes.stick((method) => method === 'DELETE');
    expect(await engine.flush()).toMatchObject({ failed: 1 });
    writes.release();
    expect(store.cancelDelete(a.id)).toBe(true);
    expect(store.deletesMayLand().map((sent) => sent.draftId)).toContain(a.id);
    // The away service goes silent. On the other publication, the writer writes a post.
    w.goSilent();
    const b = store.createDraft(otherId, 'post', {
      title: 'Review U8 other',
      content: '<p>B.</p>',
    });
    const round = engine.flush();
    let ended = false;
    void round.finally(() => (ended = true));
    while (!ended) {
      if (store.getDraft(b.id)!.remoteId !== null && !events.includes('other sent'))
        events.push('other sent');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await round;
    expect(
      events[0],
      'the other service answers at once: its push does not wait out the silent one’s fence',
    ).toBe('other sent');
  });
});
