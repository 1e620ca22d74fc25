import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { holdingListAnswer } from './testing/list-holds';
import { openHarness } from './testing/open-harness';

const h = openHarness('list-last-page');
const { call, coreOnService, dueNow, syncedPost } = h;

// Review 66 (real parts: the reference server, a real core with its SQLite store, the keychain
// of scripts/with-keyring.sh): the total was lowered by what was left out, the last page not.
describe('a page of 10 answered across the writer’s Delete of the newest of 11 posts', () => {
  it('says as many pages as its total fills (the service’s own meta after the Delete)', async () => {
    const hold = holdingListAnswer();
    const { c, publicationId, dir } = await coreOnService(hold.through);
    const count = async () =>
      (await h.service.request('GET', '/posts?limit=10')).json.posts.meta.total as number;
    // Fillers until the count is a multiple of 10; then the writer's post: 10k + 1 in all.
    while ((await count()) % 10 !== 0 || (await count()) === 0)
      await h.service.request('POST', '/posts', {
        body: { title: `filler ${randomUUID().slice(0, 6)}`, content: '<p>f</p>' },
      });
    const b = await syncedPost(c, publicationId, `R66 newest ${randomUUID().slice(0, 6)}`);
    expect((await count()) % 10).toBe(1);
    await call(c, 'records.delete', { draftId: b.draftId });
    dueNow(dir, b.draftId);
    const { release, heldNow } = hold.arm();
    const listing = c.dispatch('records.list', {
      publicationId,
      kind: 'post',
      page: 1,
      perPage: 10,
      draftsOnly: false,
    });
    await heldNow; // the service listed B on page 1 of 2
    await call(c, 'sync.syncNow'); // the Delete of B lands
    expect((await h.service.request('GET', `/posts/${b.slug}`)).status, 'B trashed').toBe(404);
    release();
    const answer = await listing;
    expect(answer.ok).toBe(true);
    const meta = answer.ok
      ? (answer.value as { meta: { total: number; lastPage: number } }).meta
      : undefined;
    const service = (await h.service.request('GET', '/posts?limit=10')).json.posts.meta;
    expect({ total: meta?.total, lastPage: meta?.lastPage }).toEqual({
      total: service.total,
      lastPage: service.last_page,
    });
  }, 60_000);
});
