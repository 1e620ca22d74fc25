import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayWorld, type AwayWorld } from '../testing/away-world';

// Review U12 (fixed). The U11 second pass (engine.ts:248) runs after the round's pushes, not beside
// them, and does not look at whether the round just found the publication silent: a draft with
// a push due and a Delete taken back, on a service gone silent, has its push given up (every
// try), then its fence tried through every try again, in series. The round, and with it the
// next round (another publication's change saved meanwhile), Sync now and every Discard or open
// (exclusive), waits out both: 15 s × 4, twice, in the app. Before U11 the fence was skipped
// (push due) and the round ended with the push. U8 decided a silent service's fence must not
// hold other publications' pushes behind it. Measured as an order.

let w: AwayWorld;
beforeAll(async () => {
  w = await awayWorld('review-u12', 400);
});
afterAll(() => w.close());

describe('a Delete taken back by words saved, the service then silent', () => {
  it('another publication’s change saved once the silent push is given up does not wait out the fence too', async () => {
    const { store, engine, awayId, otherId, writes, events } = w;
    const fields = { title: 'Review U12 away', content: '<p>A.</p>', status: 'draft' as const };
    const a = store.createDraft(awayId, 'post', { ...fields });
    expect(await engine.flush()).toMatchObject({ done: 1 });
    store.requestDelete(a.id, 0);
    writes.stick((method) => method === 'DELETE');
    expect(await engine.flush()).toMatchObject({ failed: 1 });
    writes.release();
    // Taken back by words saved: a push due, the Delete's try still on its way.
    store.saveDraft(a.id, { ...fields, content: '<p>A. Kept.</p>' });
    expect(store.hasPendingDelete(a.id)).toBe(false);
    expect(store.deletesMayLand().map((sent) => sent.draftId)).toEqual([a.id]);
    w.goSilent();
    let given = 0;
    let kicked: Promise<void> | undefined;
    w.whenGivenUp(() => {
      // The push's every try given up (its read: 2 tries). The writer saves a post on the other
      // publication; the app kicks a round, which follows the one under way.
      if (++given !== 2) return;
      const b = store.createDraft(otherId, 'post', {
        title: 'Review U12 other',
        content: '<p>B.</p>',
      });
      kicked = (async () => {
        while (store.getDraft(b.id)!.remoteId === null) {
          await engine.flush();
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        events.push('other sent');
      })();
    });
    await engine.flush();
    await kicked;
    expect(events, 'the other push goes once the silent push is given up').toEqual([
      'away given up',
      'away given up',
      'other sent',
    ]);
  });
});
