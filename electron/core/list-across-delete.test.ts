import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openHarness } from './testing/open-harness';

const h = openHarness('list-across-delete');
const { call, coreOnService, dueNow, syncedPost, draftsOfPost } = h;

/** A fetch that, once armed, holds the answer to the next list GET of `/posts?…` until released. */
function holdingList() {
  let armed: { gate: Promise<void>; held: () => void } | null = null;
  const through: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    if (armed && method === 'GET' && url.pathname.endsWith('/posts')) {
      const { gate, held } = armed;
      armed = null;
      held();
      await gate;
    }
    return response;
  };
  const arm = () => {
    let release!: () => void;
    let held!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const heldNow = new Promise<void>((r) => (held = r));
    armed = { gate, held };
    return { release, heldNow };
  };
  return { through, arm };
}

// Review 59: a list read sets out before the writer's Delete lands and is answered after it: its page, the
// post still in it, is cached after the Delete took the post out of this computer's copy. Offline
// then, the list shows the post the writer trashed, and opening it makes a draft of it: the open's
// fall-back to the copy here never asks the log of Deletes sent.
// Both ways a list is read: a page of it, and every page (for a search of the copy here).
const reads = {
  'a page of the list': { channel: 'records.list', perPage: 20 },
  'the whole list': { channel: 'records.fetchAll', perPage: 100 },
} as const;

describe.each(Object.entries(reads))(
  '%s answered across the writer’s Delete, then an open offline',
  (_, read) => {
    it('does not open as a draft the post the writer’s Delete trashed', async () => {
      const hold = holdingList();
      const { c, publicationId, dir } = await coreOnService(hold.through);
      const { draftId, remoteId, slug } = await syncedPost(
        c,
        publicationId,
        `R59 gadwall ${randomUUID().slice(0, 6)}`,
      );
      await call(c, 'records.delete', { draftId });
      dueNow(dir, draftId);
      const { release, heldNow } = hold.arm();
      const listing =
        read.channel === 'records.list'
          ? c.dispatch(read.channel, {
              publicationId,
              kind: 'post',
              page: 1,
              perPage: 20,
              draftsOnly: false,
            })
          : c.dispatch(read.channel, { publicationId, kind: 'post' });
      await heldNow;
      await call(c, 'sync.syncNow');
      expect((await h.service.request('GET', `/posts/${slug}`)).status, 'trashed').toBe(404);
      expect(await draftsOfPost(c, publicationId, remoteId), 'its draft let go').toEqual([]);
      release();
      expect((await listing).ok).toBe(true);
      // The service goes away; a list says so.
      h.proxy.setPolicy(() => ({ type: 'reset' }));
      const offline = await c.dispatch('records.list', {
        publicationId,
        kind: 'post',
        page: 1,
        perPage: read.perPage,
        draftsOnly: false,
      });
      expect(offline.ok && (offline.value as { fromCache: boolean }).fromCache, 'offline').toBe(
        true,
      );
      const listed = offline.ok
        ? (offline.value as { items: { slug: string }[] }).items.map((item) => item.slug)
        : [];
      const opened = await c.dispatch('drafts.open', { publicationId, kind: 'post', slug });
      h.proxy.setPolicy(() => ({ type: 'pass' }));
      expect({
        listedAgain: listed.includes(slug),
        opened: opened.ok ? 'opened' : 'refused',
        drafts: await draftsOfPost(c, publicationId, remoteId),
      }).toEqual({ listedAgain: false, opened: 'refused', drafts: [] });
    }, 60_000);
  },
);
