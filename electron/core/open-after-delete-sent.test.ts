import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../server/testing/harness';
import { KeytarCredentialStore } from './credentials';
import { createCore, type Core } from './service';
import { startFaultProxy, type FaultProxy } from './testing/fault-proxy';

// Review 56 of `drafts.open` (the read again after a Delete the open's settling sent): Deletes
// sent otherwise, or unanswered, let it open the post just trashed. Set up as in
// open-while-create-awaits.test.ts, on the reference server through a fault proxy.
let service: TestService;
let proxy: FaultProxy;
const credentials = new KeytarCredentialStore(`Quire review56 open-delete ${randomUUID()}`);
const cores: { core: Core; dir: string }[] = [];

beforeAll(async () => {
  service = await startTestService('review56-open-delete');
  proxy = await startFaultProxy(service.server.url);
});
afterAll(async () => {
  await proxy.close();
  await service.close();
});
afterEach(async () => {
  proxy.setPolicy(() => ({ type: 'pass' }));
  for (const { core, dir } of cores.splice(0)) {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function call(c: Core, name: string, input: unknown = {}): Promise<any> {
  const envelope = await c.dispatch(name, input);
  if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), envelope.error);
  return envelope.value;
}

type Post = { id: number; title: string; slug: string; content: string };
const postsTitled = async (title: string): Promise<Post[]> =>
  ((await service.request('GET', '/posts?limit=100')).json.posts.data as Post[]).filter(
    (post) => post.title === title,
  );

async function coreOnService(through?: typeof fetch, requestTimeoutMs?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'quire-review56-'));
  const c = await createCore({
    dataDir: dir,
    credentials,
    version: 't',
    embedded: false,
    syncIntervalMs: 60_000,
    ...(through && { fetch: through }),
    ...(requestTimeoutMs !== undefined && { requestTimeoutMs }),
  });
  cores.push({ core: c, dir });
  const pub = await call(c, 'publications.add', {
    baseUrl: proxy.url,
    subdomain: service.subdomain,
    token: service.token,
  });
  return { c, publicationId: pub.id as string, dir };
}

function nextCreateAnswerLost(): void {
  let posted = false;
  proxy.setPolicy(({ method }) => {
    if (method !== 'POST') return { type: posted ? 'reset' : 'pass' };
    posted = true;
    return { type: 'drop-response' };
  });
}

async function createAnswerLost(title: string, through?: typeof fetch) {
  const { c, publicationId, dir } = await coreOnService(through);
  await call(c, 'records.create', {
    publicationId,
    kind: 'post',
    fields: { title: `Warm-up ${randomUUID()}`, content: '<p>w</p>' },
  });
  await call(c, 'sync.syncNow');
  nextCreateAnswerLost();
  const draft = await call(c, 'records.create', {
    publicationId,
    kind: 'post',
    fields: { title, content: '<p>Mine</p>' },
  });
  await call(c, 'sync.syncNow');
  proxy.setPolicy(() => ({ type: 'pass' }));
  const [made] = await postsTitled(title);
  expect(made, 'the create landed').toBeDefined();
  expect((await call(c, 'drafts.get', { draftId: draft.id })).remoteId).toBeNull();
  return { c, publicationId, dir, draftId: draft.id as string, made: made! };
}

function dueNow(dir: string, draftId: string, when = 0): void {
  const db = new Database(join(dir, 'quire.db'));
  db.prepare('UPDATE outbox SET not_before = ? WHERE draft_id = ?').run(when, draftId);
  db.close();
}

const draftsOfPost = async (c: Core, publicationId: string, remoteId: number) =>
  ((await call(c, 'drafts.list', { publicationId })) as { id: string; remoteId: number | null }[])
    .filter((draft) => draft.remoteId === remoteId)
    .map((draft) => draft.id);

/**
 * A fetch that, once armed, holds the answer to the next GET of `/posts/<slug>` (the open's first
 * read, answered by the service before anything else happens) until released.
 */
function holdingRead() {
  let armed: { slug: string; gate: Promise<void>; held: () => void } | null = null;
  const through: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    if (armed && method === 'GET' && new URL(url).pathname.endsWith(`/posts/${armed.slug}`)) {
      const { gate, held } = armed;
      armed = null;
      held();
      await gate;
    }
    return response;
  };
  const arm = (slug: string) => {
    let release!: () => void;
    let held!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const heldNow = new Promise<void>((r) => (held = r));
    armed = { slug, gate, held };
    return { release, heldNow };
  };
  return { through, arm };
}

// The open's read answers with the post; before the open looks for drafts it may be, a sync
// round of the engine's own ("Sync now" here) sends the waiting draft's Delete, which trashes
// that very post. The open then finds no draft settling, reads nothing again, and makes a draft
// of the post its writer has just deleted, from the copy read before.
describe('a sync round sends the Delete while the open reads', () => {
  it('does not open a draft of the post that Delete trashed', async () => {
    const title = 'R56 gannet deleted by a round';
    const slug = 'r56-gannet-renamed';
    const hold = holdingRead();
    const { c, publicationId, dir, draftId, made } = await createAnswerLost(title, hold.through);
    expect((await service.request('PUT', `/posts/${made.id}`, { body: { slug } })).status).toBe(
      200,
    );
    await call(c, 'records.delete', { draftId });
    dueNow(dir, draftId);
    const { release, heldNow } = hold.arm(slug);
    const opening = c.dispatch('drafts.open', { publicationId, kind: 'post', slug });
    await heldNow;
    await call(c, 'sync.syncNow');
    expect((await service.request('GET', `/posts/${slug}`)).status, 'trashed by the round').toBe(
      404,
    );
    release();
    const opened = await opening;
    expect({
      opened: opened.ok ? 'opened' : 'refused',
      drafts: await draftsOfPost(c, publicationId, made.id),
    }).toEqual({ opened: 'refused', drafts: [] });
  });

  it('two opens of the same slug at once: the slower does not open the trashed post', async () => {
    const title = 'R56 fulmar opened twice';
    const slug = 'r56-fulmar-renamed';
    const hold = holdingRead();
    const { c, publicationId, dir, draftId, made } = await createAnswerLost(title, hold.through);
    expect((await service.request('PUT', `/posts/${made.id}`, { body: { slug } })).status).toBe(
      200,
    );
    await call(c, 'records.delete', { draftId });
    dueNow(dir, draftId);
    const { release, heldNow } = hold.arm(slug);
    const slower = c.dispatch('drafts.open', { publicationId, kind: 'post', slug });
    await heldNow;
    // The first open settles the draft, sends its Delete and says so.
    const first = await c.dispatch('drafts.open', { publicationId, kind: 'post', slug });
    expect(first.ok ? 'opened' : first.error.message).toBe(
      `No post "${slug}" on the service: your Delete of “${title}” has just gone`,
    );
    release();
    const second = await slower;
    expect({
      opened: second.ok ? 'opened' : 'refused',
      drafts: await draftsOfPost(c, publicationId, made.id),
    }).toEqual({ opened: 'refused', drafts: [] });
  });
});

// A round's Delete already on its way when the open sets out, held on the way: the open reads
// the post before it lands, and it lands while the open looks for drafts it may be.
describe('a Delete on its way when the open sets out', () => {
  it('does not open a draft of the post that Delete trashed', async () => {
    const title = 'R56 shag deleted on the way';
    const slug = 'r56-shag-renamed';
    const { c, publicationId, dir, draftId, made } = await createAnswerLost(title);
    expect((await service.request('PUT', `/posts/${made.id}`, { body: { slug } })).status).toBe(
      200,
    );
    await call(c, 'records.delete', { draftId });
    dueNow(dir, draftId);
    let deleting = false;
    proxy.setPolicy(({ method }) => {
      if (method !== 'DELETE') return { type: 'pass' };
      deleting = true;
      return { type: 'delay', ms: 1_500 };
    });
    const round = call(c, 'sync.syncNow');
    for (let waited = 0; !deleting && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(deleting, 'the Delete on its way').toBe(true);
    const opened = await c.dispatch('drafts.open', { publicationId, kind: 'post', slug });
    await round;
    expect({
      opened: opened.ok ? 'opened' : opened.error.message,
      onService: (await service.request('GET', `/posts/${slug}`)).status,
      drafts: await draftsOfPost(c, publicationId, made.id),
    }).toEqual({
      opened: `No post "${slug}" on the service: your Delete of “${title}” has just gone`,
      onService: 404,
      drafts: [],
    });
  });
});

// The open's settling sends the Delete, which trashes the very post the open read (the draft's
// keyed retry said it was its post); the read after it goes unanswered. The first read's copy of
// the post just trashed opens as a draft.
describe('the read after a Delete of the very post read goes unanswered', () => {
  it('does not open a draft of the post the Delete trashed', async () => {
    const title = 'R56 kittiwake deleted, read lost';
    const slug = 'r56-kittiwake-renamed';
    const { c, publicationId, dir, draftId, made } = await createAnswerLost(title);
    expect((await service.request('PUT', `/posts/${made.id}`, { body: { slug } })).status).toBe(
      200,
    );
    await call(c, 'records.delete', { draftId });
    dueNow(dir, draftId);
    let deleted = false;
    proxy.setPolicy(({ method }) => {
      if (method === 'DELETE') {
        deleted = true;
        return { type: 'pass' };
      }
      return { type: deleted ? 'reset' : 'pass' };
    });
    const opened = await c.dispatch('drafts.open', { publicationId, kind: 'post', slug });
    proxy.setPolicy(() => ({ type: 'pass' }));
    expect(deleted).toBe(true);
    expect({
      onService: (await service.request('GET', `/posts/${slug}`)).status,
      opened: opened.ok ? 'opened' : 'refused',
      drafts: await draftsOfPost(c, publicationId, made.id),
    }).toEqual({ onService: 404, opened: 'refused', drafts: [] });
  });
});

// The Delete due is not sent (no answer: it waits for the next round, the draft still here),
// and a colleague trashes the post meanwhile. The open says the writer's Delete "has just gone".
describe('the Delete unsent, the post trashed by a colleague', () => {
  it('does not say the writer’s Delete has gone', async () => {
    const title = 'R56 puffin, Delete unsent';
    const slug = 'r56-puffin-renamed';
    const { c, publicationId, dir, draftId, made } = await createAnswerLost(title);
    expect((await service.request('PUT', `/posts/${made.id}`, { body: { slug } })).status).toBe(
      200,
    );
    await call(c, 'records.delete', { draftId });
    dueNow(dir, draftId);
    let triedDelete = false;
    let colleague: Promise<unknown> | undefined;
    proxy.setPolicy(({ method }) => {
      if (method === 'DELETE') {
        triedDelete = true;
        return { type: 'reset' };
      }
      if (triedDelete && method === 'GET' && !colleague) {
        colleague = service.request('DELETE', `/posts/${made.id}`);
        return { type: 'delay', ms: 500 };
      }
      return { type: 'pass' };
    });
    const opened = await c.dispatch('drafts.open', { publicationId, kind: 'post', slug });
    proxy.setPolicy(() => ({ type: 'pass' }));
    await colleague;
    expect(triedDelete && colleague !== undefined, 'the Delete tried, then read again').toBe(true);
    const still = await c.dispatch('drafts.get', { draftId });
    const message = opened.ok ? 'opened' : opened.error.message;
    expect({
      draftStillHere: still.ok,
      pendingDelete: still.ok ? (still.value as { pendingDelete: boolean }).pendingDelete : null,
      saysDeleteWent: message.includes('has just gone'),
    }).toEqual({ draftStillHere: true, pendingDelete: true, saysDeleteWent: false });
    expect(message).toBe(
      `No post "${slug}" on the service: your Delete of “${title}” may have trashed it (it is tried again)`,
    );
  });
});

// The Delete's undo window ends while the open waits for a sync round to finish (its settling
// waits on the engine's one flush at a time): the Delete was not due when the open looked, so
// no read again, and it goes all the same (the round, or the open's flush, sends it).
describe('the undo window ends while the open waits on a round', () => {
  it('does not open a draft of the post that Delete trashed', async () => {
    const title = 'R56 cormorant, window ends';
    const slug = 'r56-cormorant-renamed';
    const { c, publicationId, dir, draftId, made } = await createAnswerLost(title);
    expect((await service.request('PUT', `/posts/${made.id}`, { body: { slug } })).status).toBe(
      200,
    );
    await call(c, 'records.delete', { draftId });
    // Another draft whose create is slow: the round sending it holds the engine.
    await call(c, 'records.create', {
      publicationId,
      kind: 'post',
      fields: { title: `R56 other ${randomUUID()}`, content: '<p>o</p>' },
    });
    let posts = 0;
    let slowSeen!: () => void;
    const slow = new Promise<void>((r) => (slowSeen = r));
    proxy.setPolicy(({ method }) => {
      if (method === 'POST' && posts++ === 0) {
        slowSeen();
        return { type: 'delay', ms: 1500 };
      }
      return { type: 'pass' };
    });
    const round = c.dispatch('sync.syncNow', {});
    await slow;
    dueNow(dir, draftId, Date.now() + 500);
    const opened = await c.dispatch('drafts.open', { publicationId, kind: 'post', slug });
    await round;
    expect({
      onService: (await service.request('GET', `/posts/${slug}`)).status,
      opened: opened.ok ? 'opened' : opened.error.message,
      drafts: await draftsOfPost(c, publicationId, made.id),
    }).toEqual({
      onService: 404,
      opened: `No post "${slug}" on the service: your Delete of “${title}” has just gone`,
      drafts: [],
    });
  });
});

// The Delete goes unanswered (sync marks the service away); the open's read after it is
// answered. Only an unanswered read again is noted (70cc7f9); an answered one is not, and the
// service that has just answered stays shown away.
describe('the Delete unanswered, the read after it answered', () => {
  it('the service is not left shown away', async () => {
    const title = 'R56 eider, Delete unanswered';
    const slug = 'r56-eider-renamed';
    const { c, publicationId, dir, draftId, made } = await createAnswerLost(title);
    expect((await service.request('PUT', `/posts/${made.id}`, { body: { slug } })).status).toBe(
      200,
    );
    await call(c, 'records.delete', { draftId });
    dueNow(dir, draftId);
    let gets = 0;
    let deleteTried = false;
    proxy.setPolicy(({ method }) => {
      if (method === 'DELETE') {
        deleteTried = true;
        return { type: 'reset' };
      }
      if (method === 'GET' && deleteTried) gets++;
      return { type: 'pass' };
    });
    const opened = await c.dispatch('drafts.open', { publicationId, kind: 'post', slug });
    proxy.setPolicy(() => ({ type: 'pass' }));
    expect({ deleteTried, readAgain: gets > 0 }).toEqual({ deleteTried: true, readAgain: true });
    expect(opened.ok, opened.ok ? '' : opened.error.message).toBe(true);
    expect((await call(c, 'sync.status')).online).toBe(true);
  });
});

// Review 57: the open looked at every Delete of the publication's posts since it set out, where
// only one of the post it read can trash it.

async function colleaguePost(title: string, slug: string): Promise<number> {
  const made = await service.request('POST', '/posts', {
    body: { title, slug, content: '<p>theirs</p>' },
  });
  expect(made.status, JSON.stringify(made.json)).toBeLessThan(300);
  return Number((made.json.post ?? made.json).id);
}

/** A post of the writer's own, synced, its draft here. */
async function syncedPost(c: Core, publicationId: string, title: string) {
  const draft = await call(c, 'records.create', {
    publicationId,
    kind: 'post',
    fields: { title, content: '<p>mine</p>' },
  });
  await call(c, 'sync.syncNow');
  expect((await call(c, 'drafts.get', { draftId: draft.id })).remoteId, 'synced').not.toBeNull();
  return draft.id as string;
}

// A colleague trashes post "foo" just after the writer's open read it; meanwhile a round sent
// the writer's Delete of another post, "bar". It was named for foo's going.
describe('a colleague trashes the post read; the writer’s Delete of another post went meanwhile', () => {
  it('opens it as read, as any open a colleague’s Delete follows, naming no Delete', async () => {
    const hold = holdingRead();
    const { c, publicationId, dir } = await coreOnService(hold.through);
    const slug = `r57-foo-${randomUUID().slice(0, 8)}`;
    const fooId = await colleaguePost('R57 foo', slug);
    const bar = await syncedPost(c, publicationId, 'R57 bar, unrelated');
    await call(c, 'records.delete', { draftId: bar });
    dueNow(dir, bar);
    const { release, heldNow } = hold.arm(slug);
    const opening = c.dispatch('drafts.open', { publicationId, kind: 'post', slug });
    await heldNow;
    await call(c, 'sync.syncNow');
    expect(
      (await call(c, 'drafts.list', { publicationId })).map((d: { id: string }) => d.id),
    ).not.toContain(bar);
    expect((await service.request('DELETE', `/posts/${fooId}`)).status).toBeLessThan(300);
    release();
    const opened = await opening;
    expect(opened.ok ? (opened.value as { remoteId: number }).remoteId : opened.error.message).toBe(
      fooId,
    );
  });
});

// A Delete of another post hangs (the service takes the connection and never answers): the open
// of a live post waited for every try of it (here each try gives up after 1 s).
describe('an open while a Delete of another post hangs', () => {
  it('opens the live post without waiting for that Delete', async () => {
    const { c, publicationId, dir } = await coreOnService(undefined, 1_000);
    const slug = `r57-live-${randomUUID().slice(0, 8)}`;
    await colleaguePost('R57 live', slug);
    const bar = await syncedPost(c, publicationId, 'R57 bar, hanging');
    await call(c, 'records.delete', { draftId: bar });
    dueNow(dir, bar);
    let deleting = false;
    proxy.setPolicy(({ method }) => {
      if (method !== 'DELETE') return { type: 'pass' };
      deleting = true;
      return { type: 'hang' };
    });
    const round = c.dispatch('sync.syncNow', {});
    for (let waited = 0; !deleting && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(deleting, 'the Delete on its way').toBe(true);
    const started = Date.now();
    const opened = await c.dispatch('drafts.open', { publicationId, kind: 'post', slug });
    const took = Date.now() - started;
    await round;
    expect(opened.ok, opened.ok ? '' : opened.error.message).toBe(true);
    // Its own read takes a few ms; each try of the Delete takes 1 s.
    expect(took).toBeLessThan(900);
  }, 30_000);
});

// The post's Delete, then 200 Deletes of pages, while an open of the post reads it: the log kept
// 200, the post's was pushed out, and the trashed post opened as a draft.
describe('many Deletes after the one of the post an open reads', () => {
  it('does not open a draft of the post trashed', async () => {
    const hold = holdingRead();
    const { c, publicationId, dir } = await coreOnService(hold.through);
    const post = await syncedPost(c, publicationId, 'R57 tern, cleared out');
    const pages: string[] = [];
    for (let i = 0; i < 201; i++)
      pages.push(
        (
          await call(c, 'records.create', {
            publicationId,
            kind: 'page',
            fields: { title: `R57 page ${i}`, content: '<p>p</p>' },
          })
        ).id,
      );
    await call(c, 'sync.syncNow');
    const { remoteId } = await call(c, 'drafts.get', { draftId: post });
    const slug = (await service.request('GET', `/posts?limit=100`)).json.posts.data.find(
      (one: { id: number }) => one.id === remoteId,
    ).slug as string;
    await call(c, 'records.delete', { draftId: post });
    for (const id of pages) await call(c, 'records.delete', { draftId: id });
    dueNow(dir, post);
    const { release, heldNow } = hold.arm(slug);
    const opening = c.dispatch('drafts.open', { publicationId, kind: 'post', slug });
    await heldNow;
    await call(c, 'sync.syncNow');
    expect((await service.request('GET', `/posts/${slug}`)).status, 'trashed').toBe(404);
    for (const id of pages) dueNow(dir, id);
    await call(c, 'sync.syncNow');
    const pagesLeft = (await call(c, 'drafts.list', { publicationId })).filter(
      (d: { kind: string }) => d.kind === 'page',
    );
    expect(pagesLeft, 'every page deleted').toEqual([]);
    release();
    const opened = await opening;
    expect({
      opened: opened.ok ? 'opened' : opened.error.message,
      drafts: await draftsOfPost(c, publicationId, remoteId),
    }).toEqual({
      opened: `No post "${slug}" on the service: your Delete of “R57 tern, cleared out” has just gone`,
      drafts: [],
    });
  }, 120_000);
});
