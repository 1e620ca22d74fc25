import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPublication } from '../../../server';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

// The spec reads records by slug only: a record none of whose slugs holds it is looked for in
// the list by its id. Knowing when it was created, the search halves the list (newest first)
// rather than reading every page: telling "deleted" in a large publication took 200 requests.

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('found-gone-quickly');
});
afterAll(() => world.close());

describe('a record looked for by its id in a large publication', () => {
  it('is found gone in a few pages of a large publication, not by reading every page', async () => {
    const d = world.device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Deep', '<p>a</p>'));
    await d.engine.flush();
    const remoteId = d.store.getDraft(draft.id)!.remoteId!;
    // 3,000 posts created after it: ours is on the list's last page, then deleted elsewhere.
    seedPublication(world.service.server.db, {
      subdomain: world.service.subdomain,
      posts: 3_000,
      pages: 0,
      now: Date.now() + 4 * 365 * 24 * 3600 * 1000,
    });
    await world.service.request('DELETE', `/posts/${remoteId}`);
    d.store.saveDraft(draft.id, fields('Deep', '<p>a, b</p>'));
    const before = world.proxy.log.length;
    expect(await d.engine.flush()).toEqual({ done: 0, failed: 0, conflicts: 1 });
    expect(d.store.getDraft(draft.id)!.conflict?.id).toBe(-1);
    const pages = world.proxy.log
      .slice(before)
      .filter(({ request }) => /[?&]page=/.test(request.url));
    // Halving 31 pages: about six, where reading every page took 31 a search.
    expect(pages.length).toBeLessThanOrEqual(16);
    expect(pages.length).toBeGreaterThan(0);
  });
});
