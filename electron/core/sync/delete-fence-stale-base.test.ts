import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldAtBase } from '../store/local-store';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';

// Review U9 (fixed), finding 5. Since 4a69559 the fence runs beside the round's pushes. It skips a draft
// with a push queued when it starts, but an Update pressed while the fence is on its way queues
// one that the same round's next batch sends. The fence then reads the post back after its own
// write ("in step after") and moves the base to what it read (engine.ts ~340:
// `store.attachRemote(draft.id, baseOf(after, after.etag), false)`), checked only against the
// base it started from: an answer read before the Update landed, arriving after it, puts the
// base back to the words before the Update, over the base the Update's push attached. Then the
// words from before the Update, typed back, count as "what readers see": nothing to Update.

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld('review-u9-stale-base');
});
afterAll(() => w.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Update pressed while the fence of the same post is on its way', () => {
  it('leaves the base at what the service holds after the Update', async () => {
    const live = {
      title: 'Review U9 stale base',
      content: '<p>Live.</p>',
      status: 'publish' as const,
    };
    const draft = w.store.createDraft(w.publicationId, 'post', { ...live });
    expect(await w.engine.flush()).toMatchObject({ done: 1 });
    const remoteId = w.store.getDraft(draft.id)!.remoteId!;
    const slug = w.store.getDraft(draft.id)!.base!.slug;
    w.store.requestDelete(draft.id, 0);
    w.writes.stick((method) => method === 'DELETE');
    expect(await w.engine.flush()).toMatchObject({ failed: 1 });
    w.writes.release();
    w.writes.forget();
    expect(w.store.cancelDelete(draft.id), 'Undo: kept').toBe(true);

    // Another draft's create is slow this round: the round's pushes go on while the fence runs.
    w.store.createDraft(w.publicationId, 'post', { title: 'Slow other', content: '<p>O.</p>' });
    w.writes.stick((method) => method === 'POST');
    const updated = { ...live, content: '<p>Live. Updated while the fence read.</p>' };
    // The fence's status-only write goes; its read back is answered, and that answer is slow to
    // arrive: meanwhile the writer presses Update, which the round sends.
    w.before(
      (method, url) => method === 'PUT' && url.endsWith(`/posts/${remoteId}`),
      () =>
        w.answerAfter(
          (method, url) => method === 'GET' && url.endsWith(`/posts/${slug}`),
          async () => {
            w.store.saveDraft(draft.id, updated);
            w.store.requestPush(draft.id);
            for (let i = 0; i < 100 && w.store.hasPendingPush(draft.id); i++) await sleep(20);
          },
        ),
    );
    w.clock.now += 600_000;
    await w.engine.flush();
    w.writes.release();
    w.writes.forget();
    // Since review U10 the Update waits while the fence is on its way, and goes next round.
    await w.engine.flush();
    expect(w.store.hasPendingPush(draft.id), 'the Update went').toBe(false);
    expect((await w.post(remoteId))?.content).toBe(updated.content);
    const there = (await w.api.findBySlug('post', slug))!;
    const base = w.store.getDraft(draft.id)!.base!;
    // What that does: the writer puts the words from before the Update back, to Update again.
    // Against the stale base they are "what readers see" (LocalStore.backToLive), so nothing is
    // held for an Update: "Nothing to update", while readers see the Update's words.
    w.store.saveDraft(draft.id, { ...live });
    const here = w.store.getDraft(draft.id)!;
    expect(
      {
        baseIsService: base.etag === there.etag && heldAtBase(updated, base),
        heldForUpdate: here.localRev > here.syncedRev,
        readersSee: (await w.post(remoteId))?.content,
      },
      'the base is the version the Update made; words other than it wait for an Update',
    ).toEqual({ baseIsService: true, heldForUpdate: true, readersSee: updated.content });
  });
});
