import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { holdingListAnswer } from './testing/list-holds';
import { openHarness } from './testing/open-harness';

const h = openHarness('list-total');
const { call, coreOnService, dueNow, syncedPost } = h;

// Review 65 (real parts: the reference server behind a fault proxy, a real core with its
// SQLite store, the keychain of scripts/with-keyring.sh).
// A page answered across the writer's Delete leaves the trashed post out, but keeps the
// service's count from before the Delete: "Page 1 of 1" shows one post, while the list and the
// search hint say 2 ("The search covers all 2 posts"), and "search everything" reports every one
// of 2 fetched as complete, with 1 in hand. Neither count is the service's now, nor the copy's.
describe('a list answered across the writer’s Delete', () => {
  it('counts what it shows (the post left out is not in the total)', async () => {
    const hold = holdingListAnswer();
    const { c, publicationId, dir } = await coreOnService(hold.through);
    const a = await syncedPost(c, publicationId, `R65 eider ${randomUUID().slice(0, 6)}`);
    await syncedPost(c, publicationId, `R65 scaup ${randomUUID().slice(0, 6)}`);
    await call(c, 'records.delete', { draftId: a.draftId });
    dueNow(dir, a.draftId);
    const { release, heldNow } = hold.arm();
    const listing = c.dispatch('records.list', {
      publicationId,
      kind: 'post',
      page: 1,
      perPage: 20,
      draftsOnly: false,
    });
    await heldNow; // the service listed A and B, 2 in all
    await call(c, 'sync.syncNow'); // the Delete of A lands
    expect((await h.service.request('GET', `/posts/${a.slug}`)).status, 'A trashed').toBe(404);
    release();
    const answer = await listing;
    expect(answer.ok).toBe(true);
    const page = answer.ok
      ? (answer.value as { items: unknown[]; meta: { total: number; lastPage: number } })
      : undefined;
    const serviceTotal = (await h.service.request('GET', '/posts?limit=20')).json.posts.meta
      .total as number;
    expect({ shown: page?.items.length, total: page?.meta.total }).toEqual({
      shown: serviceTotal,
      total: serviceTotal,
    });
  }, 60_000);
});
