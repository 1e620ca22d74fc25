import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedPublication } from '../../../server';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

// A record sought by halving the list is not taken for gone when the list moved under the search
// with its total unchanged (a colleague creates one post while another deletes an old one): the
// top of the list, read again, tells. Found by a review, where Keep mine then made a second post.

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('found-moving-list');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

/** Posts made a day ago, older than any made in the test. */
const seedOlder = (at: SyncWorld, posts: number) =>
  seedPublication(at.service.server.db, {
    subdomain: at.service.subdomain,
    posts,
    pages: 0,
    now: Date.now() - 24 * 3600 * 1000,
  });

/**
 * Just before the list's page `page` is read, a post is created at the top and the older post
 * `older` deleted: the total stays as it was, the records between move down one.
 */
function moveListBefore(at: SyncWorld, page: number, older: number): () => Promise<unknown> {
  let moved: Promise<unknown> | undefined;
  at.proxy.setPolicy(({ method, url }) => {
    if (method !== 'GET' || !new RegExp(`[?&]page=${page}\\b`).test(url) || moved)
      return { type: 'pass' };
    moved = Promise.all([
      at.service.request('POST', '/posts', { body: { title: 'Brand new' } }),
      at.service.request('DELETE', `/posts/${older}`),
    ]);
    return { type: 'delay', ms: 300 };
  });
  // The race under test happened: the list moved while the search read it.
  return () => {
    expect(moved).toBeDefined();
    return moved!;
  };
}

describe('a record looked for by its id while the list moves, its total the same', () => {
  it('is found, not reported gone', async () => {
    // 300 older posts, ours, then 199 newer: ours is the last on page 2 of 5 (100 a page).
    seedOlder(world, 300);
    const d = world.device();
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      fields('Moving target', '<p>v1</p>'),
    );
    await d.engine.flush();
    const remoteId = d.store.getDraft(draft.id)!.remoteId!;
    for (let i = 0; i < 199; i++)
      await world.service.request('POST', '/posts', { body: { title: `Newer ${i}` } });
    const page4 = await world.service.request('GET', '/posts?limit=100&page=4');
    const older = page4.json.posts.data[0].id as number;
    // Renamed on another device: the slug no longer finds it, so it is looked for by id.
    await world.service.request('PUT', `/posts/${remoteId}`, { body: { slug: 'moving-target-x' } });
    d.store.saveDraft(draft.id, fields('Moving target', '<p>v1, and more</p>'));
    // The halving reads page 1, then 3, then 2. Just before page 2 is read, a colleague creates
    // a post (at the top) and another deletes an old one (below ours): the total stays 500, ours
    // moves down onto page 3, already read.
    const moved = moveListBefore(world, 2, older);
    const result = await d.engine.flush();
    await moved();
    const conflict = d.store.getDraft(draft.id)!.conflict;
    // The writer, told it is no longer on the service, keeps theirs words: "Keep mine".
    if (conflict) d.engine.resolve(draft.id, 'mine');
    d.clock.now += 600_000;
    await d.engine.flush();
    expect({
      result,
      conflictId: conflict?.id,
      postsTitledMovingTarget: world.service.server.db
        .prepare(
          "SELECT count(*) FROM records WHERE title = 'Moving target' AND deleted_at IS NULL",
        )
        .pluck()
        .get(),
    }).toEqual({
      result: { done: 0, failed: 0, conflicts: 1 },
      conflictId: remoteId,
      postsTitledMovingTarget: 1,
    });
  });
});

describe('the client’s own search by id, with no second lookup to lean on', () => {
  it('reads the top of the list again and finds the record that moved onto a page read before', async () => {
    const own = await startSyncWorld('found-moving-client');
    try {
      // 100 older posts, ours, then 399 newer: ours is the last on page 4 of 5.
      seedOlder(own, 100);
      const made = await own.service.request('POST', '/posts', { body: { title: 'Sought' } });
      const { slug } = made.json.post as { slug: string };
      const read = await own.service.request('GET', `/posts/${slug}`);
      const ours = read.json.post as { id: number; created_at: string };
      expect(ours.created_at).toEqual(expect.any(String));
      for (let i = 0; i < 399; i++)
        await own.service.request('POST', '/posts', { body: { title: `Newer ${i}` } });
      const page5 = await own.service.request('GET', '/posts?limit=100&page=5');
      const older = page5.json.posts.data[50].id as number;
      await own.service.request('PUT', `/posts/${ours.id}`, { body: { slug: 'sought-renamed' } });
      // The search reads pages 1 and 5, then halves: 3, 4. Just before page 3 is read, a post
      // is created at the top and an older one deleted: the total stays 500, and ours moves onto
      // page 5, read already. Pages 3 and 4 then look in order, ours between them missing.
      const moved = moveListBefore(own, 3, older);
      const found = await own.device().api.findById('post', ours.id, ours.created_at);
      await moved();
      expect(found).toMatchObject({ id: ours.id, slug: 'sought-renamed' });
    } finally {
      await own.close();
    }
  });
});

describe('a search by id in a list that moves under every reading of it', () => {
  it('is a failure to try again, not "gone"', async () => {
    const own = await startSyncWorld('found-moving-always');
    try {
      seedOlder(own, 150);
      let reads = 0;
      own.proxy.setPolicy(({ method, url }) => {
        if (method !== 'GET' || !/\/posts\?/.test(url)) return { type: 'pass' };
        reads++;
        void own.service.request('POST', '/posts', { body: { title: `Busy ${reads}` } });
        return { type: 'delay', ms: 200 };
      });
      const api = own.device().api;
      await expect(api.findById('post', 999_999)).rejects.toMatchObject({ kind: 'server' });
      expect(reads).toBe(6);
    } finally {
      await own.close();
    }
  });
});
