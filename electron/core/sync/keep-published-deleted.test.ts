import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { limboWorld, stuckUnpublish } from '../testing/late-writes';

// In a world of its own: the rounds of late-write-fence.test.ts's other posts would count here.
let w: Awaited<ReturnType<typeof limboWorld>>;
beforeAll(async () => {
  w = await limboWorld('keep-published-deleted');
});
afterAll(() => w.close());
beforeEach(() => w.writes.forget());
const unpublishStuck = (title: string) => stuckUnpublish(w, title);

// Review U7: the "Keep published" branch's fence is a second one, and U5's fix (a post deleted
// just before the fence's write is asked about as deleted, not a failed round saying "No post
// with id N") went into `fence` only.
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
