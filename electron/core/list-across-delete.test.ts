import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openHarness } from './testing/open-harness';
import { restoreFromTrash } from './testing/trash';

const h = openHarness('list-across-delete');
const { call, coreOnService, dueNow, syncedPost, draftsOfPost } = h;

/**
 * A fetch that, once armed, holds the next list GET of `/posts?…` until released: its answer
 * (`arm()`), or the request itself, before it goes out (`arm('request')`); `armRead(slug)` holds
 * the answer to the next read of that post.
 */
function holdingList() {
  type Gate = {
    gate: Promise<void>;
    held: () => void;
    request: boolean;
    match: (path: string) => boolean;
  };
  let armed: Gate[] = [];
  const through: typeof fetch = async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const held = method === 'GET' ? armed.find((one) => one.match(url.pathname)) : undefined;
    if (held) armed = armed.filter((one) => one !== held);
    if (held?.request) {
      held.held();
      await held.gate;
    }
    const response = await fetch(input, init);
    if (held && !held.request) {
      held.held();
      await held.gate;
    }
    return response;
  };
  const gate = (request: boolean, match: Gate['match']) => {
    let release!: () => void;
    let held!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const heldNow = new Promise<void>((r) => (held = r));
    armed.push({ gate, held, request, match });
    return { release, heldNow };
  };
  return {
    through,
    arm: (what: 'answer' | 'request' = 'answer') =>
      gate(what === 'request', (path) => path.endsWith('/posts')),
    armRead: (slug: string) => gate(false, (path) => path.endsWith(`/posts/${slug}`)),
  };
}

type Core = Awaited<ReturnType<typeof coreOnService>>['c'];
const readList = (c: Core, channel: 'records.list' | 'records.fetchAll', publicationId: string) =>
  channel === 'records.list'
    ? c.dispatch(channel, { publicationId, kind: 'post', page: 1, perPage: 20, draftsOnly: false })
    : c.dispatch(channel, { publicationId, kind: 'post' });

/**
 * Offline (the service resetting every connection), what this computer shows of a post: whether
 * the list is the copy here, whether it lists the post, whether opening it makes a draft.
 */
async function offlineLook(
  c: Core,
  publicationId: string,
  post: { slug: string; remoteId: number },
) {
  h.proxy.setPolicy(() => ({ type: 'reset' }));
  const offline = await c.dispatch('records.list', {
    publicationId,
    kind: 'post',
    page: 1,
    perPage: 20,
    draftsOnly: false,
  });
  const listed = offline.ok
    ? (offline.value as { items: { slug: string }[] }).items.map((item) => item.slug)
    : [];
  const opened = await c.dispatch('drafts.open', { publicationId, kind: 'post', slug: post.slug });
  h.proxy.setPolicy(() => ({ type: 'pass' }));
  return {
    // With none of its posts left here at 20 a page (the whole list was cached at 100), there is
    // nothing to show: said so.
    offline: offline.ok
      ? (offline.value as { fromCache: boolean }).fromCache
      : offline.error.kind === 'offline',
    listedOffline: listed.includes(post.slug),
    opened: opened.ok ? 'opened as a draft' : 'refused',
    drafts: (await draftsOfPost(c, publicationId, post.remoteId)).length,
  };
}

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
      const listing = readList(c, read.channel, publicationId);
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

// Review 60 of that fix: a list set out before the writer's Delete, read after a colleague
// restored the post. The service lists it live; left out as trashed by the log alone, it was
// missing from the list and from the copy here (searched offline). It is asked again now.
// Review 62: from a service slow to answer (2.5 s a request, a busy shared host), a look of 2 s
// cut its answer off, and the post was left out again.
const restoredReads = {
  ...reads,
  'a page of the list, from a slow service,': {
    channel: 'records.list',
    perPage: 20,
    slowMs: 2_500,
  },
} as const;

describe.each(Object.entries(restoredReads))(
  '%s set out before the writer’s Delete, read after a colleague restored the post',
  (_, read) => {
    const { channel } = read;
    it('lists the post the service holds live, and keeps it in the copy here', async () => {
      const hold = holdingList();
      const { c, publicationId, dir } = await coreOnService(hold.through);
      const title = `R60 dunlin ${randomUUID().slice(0, 6)}`;
      const { draftId, remoteId, slug } = await syncedPost(c, publicationId, title);
      await call(c, 'records.delete', { draftId });
      dueNow(dir, draftId);
      const { release, heldNow } = hold.arm('request');
      const listing = readList(c, channel, publicationId);
      await heldNow;
      await call(c, 'sync.syncNow');
      expect((await h.service.request('GET', `/posts/${slug}`)).status, 'trashed').toBe(404);
      restoreFromTrash(h.service, remoteId);
      expect((await h.service.request('GET', `/posts/${slug}`)).status, 'restored').toBe(200);
      if ('slowMs' in read) h.proxy.setPolicy(() => ({ type: 'delay', ms: read.slowMs }));
      // Only now does the list's request go to the service.
      release();
      const answer = await listing;
      h.proxy.setPolicy(() => ({ type: 'pass' }));
      expect(answer.ok).toBe(true);
      const serviceLists = (
        (await h.service.request('GET', '/posts?limit=100')).json.posts.data as { id: number }[]
      ).some((post) => post.id === remoteId);
      expect(serviceLists, 'the service lists it').toBe(true);
      const listed =
        channel === 'records.list'
          ? (answer.ok ? (answer.value as { items: { slug: string }[] }).items : []).some(
              (item) => item.slug === slug,
            )
          : null;
      const searched = (await call(c, 'records.search', {
        publicationId,
        kind: 'post',
        query: title,
        draftsOnly: false,
      })) as { items?: { slug: string }[] } | { slug: string }[];
      const found = (Array.isArray(searched) ? searched : (searched.items ?? [])).some(
        (item) => item.slug === slug,
      );
      expect({ listed, inTheCopyHere: found }).toEqual({
        listed: channel === 'records.list' ? true : null,
        inTheCopyHere: true,
      });
    }, 60_000);
  },
);

// Review 61. A list answered across the writer's Deletes of two of its posts; the service stops
// answering just then (a train's wifi). The page is in hand, but each post a Delete trashed is
// asked for again by slug, one after another, each waiting out the whole request time limit
// (15 s by default): "Loading…" for 30 s, where the page was there at once.
describe('a page answered across two Deletes, the service hanging after it', () => {
  it('is shown within a few seconds, not after a time limit per post trashed', async () => {
    const hold = holdingList();
    const { c, publicationId, dir } = await coreOnService(hold.through); // default 15 s limit
    const a = await syncedPost(c, publicationId, `R61 teal ${randomUUID().slice(0, 6)}`);
    const b = await syncedPost(c, publicationId, `R61 wigeon ${randomUUID().slice(0, 6)}`);
    await call(c, 'records.delete', { draftId: a.draftId });
    await call(c, 'records.delete', { draftId: b.draftId });
    dueNow(dir, a.draftId);
    dueNow(dir, b.draftId);
    const { release, heldNow } = hold.arm();
    const listing = c.dispatch('records.list', {
      publicationId,
      kind: 'post',
      page: 1,
      perPage: 20,
      draftsOnly: false,
    });
    await heldNow;
    await call(c, 'sync.syncNow');
    expect((await h.service.request('GET', `/posts/${a.slug}`)).status, 'trashed').toBe(404);
    expect((await h.service.request('GET', `/posts/${b.slug}`)).status, 'trashed').toBe(404);
    h.proxy.setPolicy(() => ({ type: 'hang' }));
    const started = Date.now();
    release();
    const answer = await listing;
    const tookS = Math.round((Date.now() - started) / 1000);
    h.proxy.setPolicy(() => ({ type: 'pass' }));
    const slugs = answer.ok
      ? (answer.value as { items: { slug: string }[] }).items.map((item) => item.slug)
      : [];
    expect({
      ok: answer.ok,
      trashedListed: slugs.includes(a.slug) || slugs.includes(b.slug),
      took: tookS <= 5 ? '≤ 5 s' : `${tookS} s`,
    }).toEqual({ ok: true, trashedListed: false, took: '≤ 5 s' });
  }, 90_000);
});

// Review 63.
// A page answered across the writer's Delete of A is held while A is asked for again (the look,
// 2 s or more). The page's other posts were judged before that look: B's Delete, sent and
// answered during it, takes B's copy here away, and the page, cached after the look, puts it
// back. Offline, the list shows B, and opening it makes a draft of a post in the trash.
const lookCases = {
  'a page (records.list)': { channel: 'records.list', readAgain: false },
  'the whole list (records.fetchAll)': { channel: 'records.fetchAll', readAgain: false },
  'a page, then the list read again online before going offline': {
    channel: 'records.list',
    readAgain: true,
  },
} as const;

describe.each(Object.entries(lookCases))(
  '%s held by its look for one post, while the writer’s Delete of another lands',
  (_, read) => {
    it('does not put the other post back in the copy here, nor open it offline', async () => {
      const hold = holdingList();
      const { c, publicationId, dir } = await coreOnService(hold.through);
      const a = await syncedPost(c, publicationId, `R63 pintail ${randomUUID().slice(0, 6)}`);
      const b = await syncedPost(c, publicationId, `R63 shoveler ${randomUUID().slice(0, 6)}`);
      await call(c, 'records.delete', { draftId: a.draftId });
      dueNow(dir, a.draftId);
      const listHold = hold.arm();
      const listing =
        read.channel === 'records.list'
          ? c.dispatch('records.list', {
              publicationId,
              kind: 'post',
              page: 1,
              perPage: 20,
              draftsOnly: false,
            })
          : c.dispatch('records.fetchAll', { publicationId, kind: 'post' });
      await listHold.heldNow; // the service listed A and B
      await call(c, 'sync.syncNow');
      expect((await h.service.request('GET', `/posts/${a.slug}`)).status, 'A trashed').toBe(404);
      // The page comes in; A is asked for again, its answer slow.
      const readHold = hold.armRead(a.slug);
      listHold.release();
      await readHold.heldNow;
      // Meanwhile the writer deletes B, and it lands.
      await call(c, 'records.delete', { draftId: b.draftId });
      dueNow(dir, b.draftId);
      await call(c, 'sync.syncNow');
      expect((await h.service.request('GET', `/posts/${b.slug}`)).status, 'B trashed').toBe(404);
      expect(await draftsOfPost(c, publicationId, b.remoteId), 'B let go').toEqual([]);
      readHold.release();
      expect((await listing).ok).toBe(true);
      if (read.readAgain)
        expect(
          (
            await call(c, 'records.list', {
              publicationId,
              kind: 'post',
              page: 1,
              perPage: 20,
              draftsOnly: false,
            })
          ).items.some((item: { slug: string }) => item.slug === b.slug),
          'the next online read lists B',
        ).toBe(false);
      // The service goes away.
      expect(await offlineLook(c, publicationId, b)).toEqual({
        offline: true,
        listedOffline: false,
        opened: 'refused',
        drafts: 0,
      });
    }, 60_000);
  },
);

// Review 63: review 62 bounded the look by twice the list's read, measured around the whole
// call, retries and backoff in it. A list whose first try hung (15 s) and whose retry was answered
// at once had "taken" 15 s: the service gone quiet again held the page the full time limit of the
// ask again, the very hold review 61 cut. The look is now 4 s at most.
describe('a page answered at its retry, after a first try that hung, the service quiet again', () => {
  it('is shown within a few seconds of its answer, not after another time limit', async () => {
    const { c, publicationId, dir } = await coreOnService(); // default 15 s limit
    const a = await syncedPost(c, publicationId, `R63 smew ${randomUUID().slice(0, 6)}`);
    await call(c, 'records.delete', { draftId: a.draftId });
    dueNow(dir, a.draftId);
    const isList = (url: string) => /\/posts(\?|$)/.test(url);
    let lists = 0;
    let firstHung!: () => void;
    const hung = new Promise<void>((r) => (firstHung = r));
    let answeredAt = 0;
    let quiet = false;
    h.proxy.setPolicy(({ method, url }) => {
      if (method === 'GET' && isList(url)) {
        lists++;
        if (lists === 1) {
          firstHung();
          return { type: 'hang' };
        }
        answeredAt ||= Date.now();
        return { type: 'pass' };
      }
      if (quiet && method === 'GET' && url.includes(`/posts/${a.slug}`)) return { type: 'hang' };
      return { type: 'pass' };
    });
    const listing = c.dispatch('records.list', {
      publicationId,
      kind: 'post',
      page: 1,
      perPage: 20,
      draftsOnly: false,
    });
    await hung;
    await call(c, 'sync.syncNow'); // the writer's Delete lands
    expect((await h.service.request('GET', `/posts/${a.slug}`)).status, 'trashed').toBe(404);
    restoreFromTrash(h.service, a.remoteId); // a colleague restores it
    quiet = true; // and the service goes quiet after the list's retry
    const answer = await listing;
    const heldS = Math.round((Date.now() - answeredAt) / 1000);
    h.proxy.setPolicy(() => ({ type: 'pass' }));
    expect(lists, 'the list was answered at its retry').toBe(2);
    expect({
      ok: answer.ok,
      heldAfterTheAnswer: heldS <= 5 ? '≤ 5 s' : `${heldS} s`,
    }).toEqual({ ok: true, heldAfterTheAnswer: '≤ 5 s' });
  }, 90_000);
});

// Review 64: a page answered across the writer's Delete of A; a colleague restores A, so the look asks A
// again and is answered "live". Still in the look, the writer opens A and deletes it again, and
// that Delete lands. Every record asked again was kept, whatever a Delete did after its answer
// left the service: A went back in the copy here.
describe('a post asked again by the look, deleted again by the writer during it', () => {
  it('is not put back in the copy here, nor opened offline', async () => {
    const hold = holdingList();
    const { c, publicationId, dir } = await coreOnService(hold.through);
    const a = await syncedPost(c, publicationId, `R64 garganey ${randomUUID().slice(0, 6)}`);
    await call(c, 'records.delete', { draftId: a.draftId });
    dueNow(dir, a.draftId);
    const listHold = hold.arm();
    const listing = c.dispatch('records.list', {
      publicationId,
      kind: 'post',
      page: 1,
      perPage: 20,
      draftsOnly: false,
    });
    await listHold.heldNow; // the service listed A
    await call(c, 'sync.syncNow'); // the writer's Delete lands
    expect((await h.service.request('GET', `/posts/${a.slug}`)).status, 'A trashed').toBe(404);
    restoreFromTrash(h.service, a.remoteId); // a colleague restores it
    expect((await h.service.request('GET', `/posts/${a.slug}`)).status, 'A back').toBe(200);
    await new Promise((r) => setTimeout(r, 2_100)); // the list took > 2 s: a look of 4 s
    const readHold = hold.armRead(a.slug);
    listHold.release();
    await readHold.heldNow; // asked again: answered live, the answer on its way
    // The writer opens A (live again) and deletes it; the Delete lands.
    const opened = await call(c, 'drafts.open', { publicationId, kind: 'post', slug: a.slug });
    await call(c, 'records.delete', { draftId: opened.id });
    dueNow(dir, opened.id);
    await call(c, 'sync.syncNow');
    expect((await h.service.request('GET', `/posts/${a.slug}`)).status, 'A trashed again').toBe(
      404,
    );
    expect(await draftsOfPost(c, publicationId, a.remoteId), 'A let go').toEqual([]);
    readHold.release();
    const answer = await listing;
    expect(answer.ok).toBe(true);
    expect(await offlineLook(c, publicationId, a)).toEqual({
      offline: true,
      listedOffline: false,
      opened: 'refused',
      drafts: 0,
    });
  }, 60_000);
});
