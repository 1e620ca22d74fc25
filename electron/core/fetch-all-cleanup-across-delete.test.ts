import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { holdingListAnswer } from './testing/list-holds';
import { openHarness } from './testing/open-harness';

const h = openHarness('fetch-all-cleanup');
const { call, coreOnService, dueNow, syncedPost, draftsOfPost } = h;

// Review 65 (real parts: the reference server behind a fault proxy, a real core with its
// SQLite store, the keychain of scripts/with-keyring.sh).
// "Search everything" drops from the copy here what a whole, unchanging pass did not see: the
// posts colleagues deleted since they were listed. A pass answered across the writer's Delete
// leaves the trashed post out (review 59), and then no longer adds up (seen 1, total 2), so
// nothing is dropped: the colleague's deleted post stays in the copy, found by a search, and
// offline it opens as a draft of a post the service no longer has. Before review 59 the same
// pass dropped it.
describe('search everything answered across the writer’s Delete', () => {
  it('still drops from the copy here a post a colleague deleted', async () => {
    const hold = holdingListAnswer();
    const { c, publicationId, dir } = await coreOnService(hold.through);
    const theirTitle = `R65 colleague's merganser ${randomUUID().slice(0, 6)}`;
    const theirs = (
      await h.service.request('POST', '/posts', {
        body: { title: theirTitle, content: '<p>theirs</p>' },
      })
    ).json.post as { id: number; slug: string };
    const a = await syncedPost(c, publicationId, `R65 bufflehead ${randomUUID().slice(0, 6)}`);
    // Listed once here: the colleague's post is in the copy.
    await call(c, 'records.list', {
      publicationId,
      kind: 'post',
      page: 1,
      perPage: 20,
      draftsOnly: false,
    });
    // The colleague deletes theirs.
    expect((await h.service.request('DELETE', `/posts/${theirs.id}`)).status).toBeLessThan(300);
    await call(c, 'records.delete', { draftId: a.draftId });
    dueNow(dir, a.draftId);
    const { release, heldNow } = hold.arm();
    const fetching = c.dispatch('records.fetchAll', { publicationId, kind: 'post' });
    await heldNow; // the service listed A (not the colleague's post, deleted), total 1
    await call(c, 'sync.syncNow'); // the writer's Delete of A lands
    expect((await h.service.request('GET', `/posts/${a.slug}`)).status, 'A trashed').toBe(404);
    release();
    const answer = await fetching;
    expect(answer.ok && (answer.value as { complete: boolean }).complete, 'complete').toBe(true);
    const searched = (await call(c, 'records.search', {
      publicationId,
      kind: 'post',
      query: theirTitle,
      draftsOnly: false,
    })) as { items?: { slug: string }[] } | { slug: string }[];
    const found = (Array.isArray(searched) ? searched : (searched.items ?? [])).some(
      (item) => item.slug === theirs.slug,
    );
    h.proxy.setPolicy(() => ({ type: 'reset' }));
    const opened = await c.dispatch('drafts.open', {
      publicationId,
      kind: 'post',
      slug: theirs.slug,
    });
    h.proxy.setPolicy(() => ({ type: 'pass' }));
    expect({
      stillInTheCopyHere: found,
      openedOffline: opened.ok ? 'opened as a draft' : 'refused',
      drafts: (await draftsOfPost(c, publicationId, theirs.id)).length,
    }).toEqual({ stillInTheCopyHere: false, openedOffline: 'refused', drafts: 0 });
  }, 60_000);
});
