import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { limboWorld } from '../testing/late-writes';

// Review U7. The "Keep published" branch of the update path (engine.ts, `keepingLive.has` …
// `mayLandLate` … `turnAway`) is a second fence, and U5's fix (a post deleted just before the
// fence's write is asked about as deleted, not a failed round saying "No post with id N") went
// into `fence` only.

let w: Awaited<ReturnType<typeof limboWorld>>;
beforeAll(async () => {
  w = await limboWorld('review-u7-keep-published-deleted');
});
afterAll(() => w.close());
beforeEach(() => w.writes.forget());

// As late-write-fence.test.ts's unpublishStuck (review U4).
async function unpublishStuck(title: string) {
  const live = { title, content: '<p>Live.</p>', status: 'publish' as const };
  const draft = w.store.createDraft(w.publicationId, 'post', { ...live });
  expect(await w.engine.flush()).toMatchObject({ done: 1 });
  const remoteId = w.store.getDraft(draft.id)!.remoteId!;
  const edited = { ...live, content: '<p>Live. Updated.</p>' };
  w.store.saveDraft(draft.id, edited);
  w.store.requestPush(draft.id);
  w.writes.stick((method) => method === 'PUT');
  expect(await w.engine.flush()).toMatchObject({ failed: 1 });
  w.writes.release();
  expect(await w.writes.landFirst()).toBe(200);
  w.writes.forget();
  w.store.saveDraft(draft.id, { ...edited, status: 'draft' });
  let puts = 0;
  w.writes.stick((method) => method === 'PUT' && ++puts > 1);
  w.clock.now += 600_000;
  expect(await w.engine.flush()).toMatchObject({ failed: 1 });
  w.writes.release();
  expect(w.writes.stuckCount).toBeGreaterThan(0);
  const more = '<p>Live. Updated. More.</p>';
  w.store.saveDraft(draft.id, { ...edited, content: more, status: 'draft' });
  w.store.saveDraft(draft.id, { ...edited, content: more });
  w.clock.now += 600_000;
  return { draft, remoteId, edited, more };
}

describe("Keep published: the post deleted between the push's read and its fence's write", () => {
  it('is met as deleted on the service (asked about), not a failed round', async () => {
    const { draft, remoteId } = await unpublishStuck('Review U7 keep deleted');
    // Its first PUT is the fast path's (If-Match of the old base: 412); the second the fence's.
    let puts = 0;
    const hook = async () => {
      puts += 1;
      if (puts < 2) return w.beforeNextPut(hook);
      const r = await w.service.request('DELETE', `/posts/${remoteId}`);
      expect(r.status).toBe(200);
    };
    w.beforeNextPut(hook);
    const round = await w.engine.flush();
    const here = w.store.getDraft(draft.id)!;
    expect({
      round,
      error: here.lastError,
      asked: here.conflict !== null,
    }).toMatchObject({ round: { failed: 0 }, error: null, asked: true });
  });
});
