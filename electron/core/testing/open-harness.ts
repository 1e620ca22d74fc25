import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startTestService, type TestService } from '../../../server/testing/harness';
import { KeytarCredentialStore } from '../credentials';
import { createCore, type Core } from '../service';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { goneNamingNoId } from './trash';

export type Post = { id: number; title: string; slug: string; content: string };

/**
 * The set-up of the tests of an open meeting drafts not yet settled with the service: the
 * reference server behind a fault proxy, real cores with their SQLite stores (closed and removed
 * after each test), the keychain of scripts/with-keyring.sh. Registers its own hooks.
 */
export function openHarness(name: string) {
  let service: TestService | undefined;
  let proxy: FaultProxy | undefined;
  const credentials = new KeytarCredentialStore(`Quire ${name} ${randomUUID()}`);
  const cores: { core: Core; dir: string }[] = [];

  beforeAll(async () => {
    service = await startTestService(name);
    proxy = await startFaultProxy(service.server.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await service?.close();
  });
  afterEach(async () => {
    proxy?.setPolicy(() => ({ type: 'pass' }));
    for (const { core, dir } of cores.splice(0)) {
      await core.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const h = {
    get service(): TestService {
      return service!;
    },
    get proxy(): FaultProxy {
      return proxy!;
    },

    async call(c: Core, method: string, input: unknown = {}): Promise<any> {
      const envelope = await c.dispatch(method, input);
      if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), envelope.error);
      return envelope.value;
    },

    postsTitled: async (title: string): Promise<Post[]> =>
      ((await h.service.request('GET', '/posts?limit=100')).json.posts.data as Post[]).filter(
        (post) => post.title === title,
      ),

    /** A core with the service added through the proxy; its fetch `through` a wrapper, if given. */
    async coreOnService(through?: typeof fetch, requestTimeoutMs?: number) {
      const dir = mkdtempSync(join(tmpdir(), 'quire-open-'));
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
      const pub = await h.call(c, 'publications.add', {
        baseUrl: h.proxy.url,
        subdomain: h.service.subdomain,
        token: h.service.token,
      });
      return { c, publicationId: pub.id as string, dir };
    },

    /** The next create lands, its answer lost, and nothing after it gets through to find it. */
    nextCreateAnswerLost(): void {
      let posted = false;
      h.proxy.setPolicy(({ method }) => {
        if (method !== 'POST') return { type: posted ? 'reset' : 'pass' };
        posted = true;
        return { type: 'drop-response' };
      });
    },

    /**
     * A core on the service through the proxy, that has seen the service honour keys (a create
     * answered), and a draft of `title` whose create landed with its answer lost.
     */
    async createAnswerLost(
      title: string,
      options: {
        goneNamesNoId?: boolean;
        content?: string;
        through?: typeof fetch;
        /** The publication's first create here: the service not yet seen keeping keys. */
        first?: boolean;
        requestTimeoutMs?: number;
      } = {},
    ) {
      const { c, publicationId, dir } = await h.coreOnService(
        options.through ?? (options.goneNamesNoId ? goneNamingNoId(fetch) : undefined),
        options.requestTimeoutMs,
      );
      if (!options.first) {
        await h.call(c, 'records.create', {
          publicationId,
          kind: 'post',
          fields: { title: `Warm-up ${randomUUID()}`, content: '<p>w</p>' },
        });
        await h.call(c, 'sync.syncNow');
      }
      h.nextCreateAnswerLost();
      const draft = await h.call(c, 'records.create', {
        publicationId,
        kind: 'post',
        fields: { title, content: options.content ?? '<p>Mine</p>' },
      });
      await h.call(c, 'sync.syncNow');
      h.proxy.setPolicy(() => ({ type: 'pass' }));
      const [made] = await h.postsTitled(title);
      expect(made, 'the create landed').toBeDefined();
      expect((await h.call(c, 'drafts.get', { draftId: draft.id })).remoteId).toBeNull();
      return { c, publicationId, dir, draftId: draft.id as string, made: made! };
    },

    /** The draft's queued changes due at `when` (0: now), past any backoff. */
    dueNow(dir: string, draftId: string, when = 0): void {
      const db = new Database(join(dir, 'quire.db'));
      db.prepare('UPDATE outbox SET not_before = ? WHERE draft_id = ?').run(when, draftId);
      db.close();
    },

    /** A post of the writer's own, published with `content`: its draft here, and it as listed. */
    async livePost(c: Core, publicationId: string, title: string, content: string) {
      const draft = await h.call(c, 'records.create', {
        publicationId,
        kind: 'post',
        fields: { title, content, status: 'publish' },
      });
      await h.call(c, 'sync.syncNow');
      const [post] = await h.postsTitled(title);
      expect(post, 'published').toBeDefined();
      return { draft: draft as { id: string }, post: post! };
    },

    /** A post of the writer's own, synced, its draft here. */
    async syncedPost(c: Core, publicationId: string, title: string) {
      const draft = await h.call(c, 'records.create', {
        publicationId,
        kind: 'post',
        fields: { title, content: '<p>mine</p>' },
      });
      await h.call(c, 'sync.syncNow');
      const got = await h.call(c, 'drafts.get', { draftId: draft.id });
      expect(got.remoteId, 'synced').not.toBeNull();
      const slug = (await h.service.request('GET', `/posts?limit=100`)).json.posts.data.find(
        (one: { id: number }) => one.id === got.remoteId,
      ).slug as string;
      return { draftId: draft.id as string, remoteId: got.remoteId as number, slug };
    },

    /** The drafts here that hold the service's record `remoteId`. */
    draftsOfPost: async (c: Core, publicationId: string, remoteId: number) =>
      (
        (await h.call(c, 'drafts.list', { publicationId })) as {
          id: string;
          remoteId: number | null;
        }[]
      )
        .filter((draft) => draft.remoteId === remoteId)
        .map((draft) => draft.id),
  };
  return h;
}

/**
 * A fetch that, once armed, holds the answer to the next GET of `/posts/<slug>` (an open's read,
 * answered by the service before anything else happens) until released.
 */
export function holdingRead() {
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
