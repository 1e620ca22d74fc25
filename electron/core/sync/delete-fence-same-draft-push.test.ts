import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';

// Review U10 (fixed), finding 1. fenceTakenBackDeletes now goes beside a push of the same draft
// (engine.ts ~294). A push on the full path (here: a never-published draft's title changed, so
// its Quire-given slug follows) reads the post, then writes with If-Match of that read. The
// fence's status-only PUT landing in between moves the version on; the push's PUT is refused
// (412), and the 412 handler (engine.ts ~838-846) does not decide again: it settles against the
// re-read, which holds the old words (the fence's, unchanged) and marks a "both changed"
// conflict of the writer's own post. The writer's words are not sent.

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld('review-u10-natural');
});
afterAll(() => w.close());

describe('(no hooks) a fence beside a push of the same draft reading and writing', () => {
  it('does not turn the writer’s own edit into a conflict', async () => {
    const fields = {
      title: 'Review U10 natural',
      content: '<p>Draft.</p>',
      status: 'draft' as const,
    };
    const draft = w.store.createDraft(w.publicationId, 'post', { ...fields });
    expect(await w.engine.flush()).toMatchObject({ done: 1 });
    const remoteId = w.store.getDraft(draft.id)!.remoteId!;
    // Delete pressed; its DELETE goes unanswered (may land yet).
    w.store.requestDelete(draft.id, 0);
    w.writes.stick((method) => method === 'DELETE');
    expect(await w.engine.flush()).toMatchObject({ failed: 1 });
    w.writes.release();
    // Taken back by words saved: a new title (the slug Quire gave follows it: full path).
    w.store.saveDraft(draft.id, { ...fields, title: 'Review U10 natural, renamed' });
    expect(w.store.hasPendingDelete(draft.id)).toBe(false);
    expect(w.store.deletesMayLand().map((d) => d.draftId)).toContain(draft.id);

    w.clock.now += 600_000;
    const result = await w.engine.flush();
    const here = w.store.getDraft(draft.id)!;
    const onService = await w.post(remoteId);
    expect(
      {
        conflict: here.conflict ? 'asked' : null,
        result,
        title: (onService as unknown as { title: string } | undefined)?.title,
      },
      'the writer’s own title goes; nothing of a colleague’s to ask about',
    ).toEqual({
      conflict: null,
      result: { done: 1, failed: 0, conflicts: 0 },
      title: 'Review U10 natural, renamed',
    });
  });
});
