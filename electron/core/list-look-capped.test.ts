import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openHarness } from './testing/open-harness';

const h = openHarness('list-look-capped');
const { call, coreOnService, dueNow, syncedPost } = h;

/** Delays the answer of the next GET of the list by `ms`, the service having read it. */
function slowListAnswer() {
  let armed: { ms: number; answered: () => void } | null = null;
  const through: typeof fetch = async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    const hit = armed && (init?.method ?? 'GET') === 'GET' && url.pathname.endsWith('/posts');
    const response = await fetch(input, init);
    if (hit && armed) {
      const { ms, answered } = armed;
      armed = null;
      answered();
      await new Promise((r) => setTimeout(r, ms));
    }
    return response;
  };
  const arm = (ms: number) => {
    let answered!: () => void;
    const read = new Promise<void>((r) => (answered = r));
    armed = { ms, answered };
    return read;
  };
  return { through, arm };
}

// Review 66 (real parts: the reference server behind a fault proxy, a real core with its SQLite
// store, the keychain of scripts/with-keyring.sh): the look was 2 × the list's last try,
// uncapped, and a service gone quiet held the list a whole time limit past its answer.
describe('a list from a service taking 8 s, answered across the writer’s Delete, the service then quiet', () => {
  it('is shown 10 s at most after the list’s answer', async () => {
    const slow = slowListAnswer();
    const { c, publicationId, dir } = await coreOnService(slow.through); // 15 s limit
    const a = await syncedPost(c, publicationId, `R66 teal ${randomUUID().slice(0, 6)}`);
    await call(c, 'records.delete', { draftId: a.draftId });
    dueNow(dir, a.draftId);
    const read = slow.arm(8_000);
    const listing = c.dispatch('records.list', {
      publicationId,
      kind: 'post',
      page: 1,
      perPage: 20,
      draftsOnly: false,
    });
    await read; // the service listed A
    const answeredAt = Date.now() + 8_000;
    await call(c, 'sync.syncNow'); // the Delete of A lands
    // The service goes quiet (its reads by slug hang).
    h.proxy.setPolicy(({ url }) =>
      url.includes(`/posts/${a.slug}`) ? { type: 'hang' } : { type: 'pass' },
    );
    const answer = await listing;
    const lookS = (Date.now() - answeredAt) / 1000;
    h.proxy.setPolicy(() => ({ type: 'pass' }));
    expect(answer.ok).toBe(true);
    // The look past the list's answer: 10 s at most (uncapped, twice the list's 8 s, it ran
    // until the read's own time limit, 15 s).
    expect(lookS, 'seconds of “Loading posts…” past the list’s answer').toBeLessThan(11.5);
  }, 90_000);
});
