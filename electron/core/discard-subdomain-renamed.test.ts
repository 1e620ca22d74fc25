import { describe, expect, it } from 'vitest';
import { openHarness } from './testing/open-harness';
import { stuckWrites } from './testing/late-writes';

// Review U7 of b0b37ed (fixed). The U6 fix (a 404 is the post's only when the list answers) went into
// the push's `fence` only; `fencedForDiscard` (engine.ts) still takes any 404 from its write for
// the post deleted, and Discard tells the writer the post is no longer on the service.
const h = openHarness('review-u7-discard-subdomain');

function hooked() {
  const writes = stuckWrites();
  let beforePut: (() => Promise<void>) | null = null;
  const through: typeof fetch = async (input, init) => {
    if ((init?.method ?? 'GET').toUpperCase() === 'PUT' && beforePut) {
      const hook = beforePut;
      beforePut = null;
      await hook();
    }
    return writes.through(input, init);
  };
  return { writes, through, beforeNextPut: (hook: () => Promise<void>) => (beforePut = hook) };
}

describe("Discard's fence meeting the publication's renamed subdomain (a 404 not the post's)", () => {
  it('does not tell the writer the post is no longer on the service', async () => {
    const w = hooked();
    const { c, publicationId } = await h.coreOnService(w.through, 400);
    const title = 'Review U7 discard subdomain';
    const { draft: made, post: live } = await h.livePost(c, publicationId, title, '<p>Live.</p>');
    expect(live).toBeDefined();
    await h.call(c, 'drafts.save', {
      draftId: made.id,
      fields: { title, content: '<p>Live. A note I regret.</p>', status: 'publish' },
    });
    w.writes.stick((method) => method === 'PUT');
    await c.dispatch('drafts.update', { draftId: made.id });
    expect(w.writes.stuckCount).toBeGreaterThan(0);
    w.writes.release();

    const db = h.service.server.db;
    const sub = h.service.subdomain;
    w.beforeNextPut(async () => {
      db.prepare('UPDATE publications SET subdomain = ? WHERE subdomain = ?').run(`${sub}-x`, sub);
    });
    const answer = await c.dispatch('drafts.discard', { draftId: made.id });
    db.prepare('UPDATE publications SET subdomain = ? WHERE subdomain = ?').run(sub, `${sub}-x`);
    w.writes.forget();
    // The post is there all along.
    expect((await h.postsTitled(title))[0]?.id).toBe(live!.id);
    const said = answer.ok ? 'discarded' : answer.error.message;
    expect(said, 'Discard said of a post that was never deleted').not.toMatch(
      /no longer on the service/,
    );
    // Said as the service says it, and nothing discarded: the words stay for a Discard again.
    expect(said).toMatch(/No publication with subdomain/);
    expect((await h.call(c, 'drafts.get', { draftId: made.id })).fields.content).toBe(
      '<p>Live. A note I regret.</p>',
    );
  });
});
