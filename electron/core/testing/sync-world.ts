import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, type TestService } from '../../../server/testing/harness';
import { PublishingApiClient } from '../api/client';
import { LocalStore, type DraftFields } from '../store/local-store';
import { SyncEngine, type SyncEvent } from '../sync/engine';
import { startFaultProxy, type FaultProxy } from './fault-proxy';

/** The real reference server behind a fault proxy, and a folder for the devices' stores. */
export interface SyncWorld {
  service: TestService;
  proxy: FaultProxy;
  close(): Promise<void>;
  /** One writer's app: its own real SQLite store, talking to the server through the proxy. */
  device(options?: { timeoutMs?: number; attempts?: number; file?: string }): Device;
  /** Every live post on the service with this title. */
  postsTitled(title: string): Promise<{ id: number; slug: string; content: string }[]>;
}

export interface Device {
  store: LocalStore;
  engine: SyncEngine;
  api: PublishingApiClient;
  publicationId: string;
  events: SyncEvent[];
  clock: { now: number };
}

export async function startSyncWorld(subdomain: string): Promise<SyncWorld> {
  const service = await startTestService(subdomain);
  const proxy = await startFaultProxy(service.server.url);
  const dir = mkdtempSync(join(tmpdir(), 'quire-sync-world-'));
  const stores: LocalStore[] = [];
  let count = 0;
  return {
    service,
    proxy,
    async close() {
      for (const store of stores) if (store.db.open) store.close();
      await proxy.close();
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
    device({ timeoutMs = 2_000, attempts, file } = {}) {
      const clock = { now: Date.now() };
      const store = LocalStore.open(file ?? join(dir, `device-${count++}.db`), () => clock.now);
      stores.push(store);
      const publicationId = store.addPublication({
        name: 'Sync',
        baseUrl: proxy.url,
        subdomain: service.subdomain,
      });
      const api = new PublishingApiClient({
        baseUrl: proxy.url,
        subdomain: service.subdomain,
        token: () => service.token,
        timeoutMs,
        attempts,
        backoff: { baseMs: 1, maxMs: 5 },
      });
      const events: SyncEvent[] = [];
      const engine = new SyncEngine({
        store,
        clientFor: () => api,
        now: () => clock.now,
        random: () => 0.5,
        onEvent: (event) => events.push(event),
      });
      return { store, engine, api, publicationId, events, clock };
    },
    async postsTitled(title) {
      const reply = await service.request('GET', '/posts?limit=100');
      return (
        reply.json.posts.data as { id: number; title: string; slug: string; content: string }[]
      ).filter((post) => post.title === title);
    },
  };
}

export const fields = (title: string, content = `<p>${title}</p>`): DraftFields => ({
  title,
  content,
});

/** A draft's fields with the status the writer asked for: published. */
export const published = (title: string, content?: string) => ({
  ...fields(title, content),
  status: 'publish' as const,
});

/** The device's store and service, one push at a time: a later draft's op waits its turn. */
export const oneAtATime = (d: Device): SyncEngine =>
  new SyncEngine({
    store: d.store,
    clientFor: () => d.api,
    concurrency: 1,
    now: () => d.clock.now,
    random: () => 0.5,
  });
