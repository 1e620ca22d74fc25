import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';

// Review U10 (fixed), finding 2. The fence checks `hasPendingDelete` once, before it goes
// (engine.ts ~294), then runs beside the round's ops, which re-list what is due (runOps' loop).
// A Delete pressed again while the fence is on its way is sent in that round; its try, noted by
// sendDelete (noteDeleteSent), goes unanswered. The fence's answer then arrives and calls
// `store.forgetDeleteSent(draft.id)` (engine.ts ~345, also ~338 on a 412 and in gone()),
// keyed by the draft alone: it forgets the NEW Delete's note. The writer then takes that Delete
// back (Undo): nothing fences it, and its try, If-Match the version after the fence, lands and
// trashes the post the Undo said stays.

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld('review-u10-forgets');
});
afterAll(() => w.close());

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('a Delete pressed again while the fence of the one taken back is on its way', () => {
  it('keeps its own note: taken back, it is fenced, and its late try is turned away', async () => {
    const a = w.store.createDraft(w.publicationId, 'post', {
      title: 'Review U10 forgets A',
      content: '<p>A.</p>',
      status: 'draft',
    });
    const bFields = {
      title: 'Review U10 forgets B',
      content: '<p>B.</p>',
      status: 'draft' as const,
    };
    const b = w.store.createDraft(w.publicationId, 'post', { ...bFields });
    expect(await w.engine.flush()).toMatchObject({ done: 2 });
    const aId = w.store.getDraft(a.id)!.remoteId!;
    const bId = w.store.getDraft(b.id)!.remoteId!;

    // A's first Delete goes unanswered, and is taken back (Undo): fenced at the next round.
    w.store.requestDelete(a.id, 0);
    w.writes.stick((method) => method === 'DELETE');
    expect(await w.engine.flush()).toMatchObject({ failed: 1 });
    w.writes.release();
    w.writes.forget();
    w.store.cancelDelete(a.id);
    expect(w.store.deletesMayLand().map((d) => d.draftId)).toEqual([a.id]);

    // The next round: B's edit goes beside A's fence. The fence's PUT is handled by the service,
    // its answer slow; meanwhile the writer presses Delete on A again, and B's push ends, so the
    // round's loop sends A's Delete, which goes unanswered too.
    w.store.saveDraft(b.id, { ...bFields, content: '<p>B, edited.</p>' });
    const pressed = deferred();
    w.before(
      (m, u) => m === 'PUT' && u.endsWith(`/posts/${bId}`),
      () => pressed.promise,
    );
    w.answerAfter(
      (m, u) => m === 'PUT' && u.endsWith(`/posts/${aId}`),
      async () => {
        w.writes.stick((method) => method === 'DELETE');
        w.store.requestDelete(a.id, 0);
        pressed.resolve();
        for (let i = 0; i < 200 && w.writes.stuckCount === 0; i++)
          await new Promise((r) => setTimeout(r, 5));
      },
    );
    w.clock.now += 600_000;
    await w.engine.flush();
    // Since U10 the round's ops leave A alone while its fence is on its way: the Delete goes at
    // the next round, unanswered too.
    expect(w.store.hasPendingDelete(a.id)).toBe(true);
    w.clock.now += 600_000;
    await w.engine.flush();
    w.writes.release();
    expect(w.writes.stuckCount, 'the second Delete went, unanswered').toBeGreaterThan(0);

    // Undo: the Delete is taken back; "the post stays".
    w.store.cancelDelete(a.id);
    const noted = w.store.deletesMayLand().map((d) => d.draftId);
    w.clock.now += 600_000;
    await w.engine.flush();
    const landed = await w.writes.landFirst();
    expect(
      {
        noted,
        landedWith: landed,
        onService: (await w.post(aId))?.status ?? 'trashed',
      },
      'the Delete taken back is fenced: its late try refused, the post stays',
    ).toEqual({ noted: [a.id], landedWith: 412, onService: 'draft' });
  });
});
