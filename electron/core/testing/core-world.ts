import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startTestService, type TestService } from '../../../server/testing/harness';
import { KeytarCredentialStore } from '../credentials';
import { createCore, type Core } from '../service';

/** A core on a store of its own, its keychain entries apart, and a reference server beside it. */
export interface CoreWorld {
  service: TestService;
  core: Core;
  /** The core's data folder (its store is `quire.db` in it). */
  dir: string;
  credentials: KeytarCredentialStore;
  /** The server's publication, added to the core; undefined when it was not asked for. */
  publicationId: string | undefined;
  /** A call to the core by name, its refusal thrown with the core's message. */
  call<T>(method: string, params: unknown): Promise<T>;
  close(): Promise<void>;
}

/** What a test may set of the core's options; `fetch` is made for the world's service. */
export interface CoreWorldOptions {
  addPublication?: boolean;
  syncIntervalMs?: number;
  undoWindowMs?: number;
  requestTimeoutMs?: number;
  fetch?: (service: TestService) => typeof fetch;
}

export async function startCoreWorld(
  name: string,
  { addPublication = true, fetch, ...options }: CoreWorldOptions = {},
): Promise<CoreWorld> {
  const service = await startTestService(name);
  const dir = mkdtempSync(join(tmpdir(), `quire-${name}-`));
  const credentials = new KeytarCredentialStore(`Quire ${name} ${randomUUID()}`);
  const core = await createCore({
    dataDir: dir,
    credentials,
    version: '0.0.0-test',
    embedded: false,
    syncIntervalMs: 60_000,
    ...options,
    ...(fetch && { fetch: fetch(service) }),
  });
  let publicationId: string | undefined;
  if (addPublication) {
    const added = await core.dispatch('publications.add', {
      baseUrl: service.server.url,
      subdomain: service.subdomain,
      token: service.token,
    });
    if (!added.ok) throw new Error(added.error.message);
    publicationId = (added.value as { id: string }).id;
  }
  return {
    service,
    core,
    dir,
    credentials,
    publicationId,
    async call<T>(method: string, params: unknown): Promise<T> {
      const reply = await (
        core.dispatch as (m: string, p: unknown) => ReturnType<Core['dispatch']>
      )(method, params);
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.value as T;
    },
    async close() {
      await core.close();
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A core whose writes can be held on their way: no sync of its own, no undo window, quick limits. */
export const LATE_WRITES = { syncIntervalMs: 600_000, undoWindowMs: 0, requestTimeoutMs: 400 };

/**
 * The world of a late-writes test file: LATE_WRITES, every request `through` (made for the
 * service once it runs), and the reads such tests share. Registers its own hooks; its service and
 * publication are there once they have run.
 */
export function lateWritesWorld(name: string, through: (service: TestService) => typeof fetch) {
  let world: CoreWorld | undefined;
  beforeAll(async () => {
    world = await startCoreWorld(name, { ...LATE_WRITES, fetch: through });
  });
  afterAll(() => world?.close());
  const started = (): CoreWorld => world!;
  const w = {
    get service(): TestService {
      return started().service;
    },
    get publicationId(): string {
      return started().publicationId!;
    },
    call: <T>(method: string, params: unknown): Promise<T> => started().call<T>(method, params),
    onService: (id: number) => statusOnService(started().service, id),
    /** How many Deletes taken back may land yet, as the publication's view counts them. */
    mayLand: async () =>
      (await w.call<{ id: string; deletesMayLand: number }[]>('publications.list', {})).find(
        (one) => one.id === w.publicationId,
      )!.deletesMayLand,
  };
  return w;
}

/** A post's status on the service, or 'trashed' when its lists no longer have it. */
export async function statusOnService(service: TestService, id: number): Promise<string> {
  const reply = await service.request('GET', '/posts?limit=100');
  const post = (reply.json.posts.data as { id: number; status: string }[]).find((p) => p.id === id);
  return post?.status ?? 'trashed';
}
