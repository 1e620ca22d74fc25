import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService } from '../../../server/testing/harness';
import { PublishingApiClient } from '../api/client';
import { LocalStore } from '../store/local-store';
import { SyncEngine } from '../sync/engine';
import { stuckWrites } from './late-writes';

/**
 * Two publications on two reference servers, one engine: the "away" one's connection takes
 * requests and never answers once `goSilent()` is called (each give-up noted in `events`, in
 * order: timings are measured as orders, not milliseconds), its writes otherwise through
 * `stuckWrites`. `onGivenUp` runs at each give-up.
 */
export async function awayWorld(name: string, timeoutMs: number) {
  const away = await startTestService(`${name}-away`);
  const other = await startTestService(`${name}-other`);
  const dir = mkdtempSync(join(tmpdir(), 'quire-away-world-'));
  const store = LocalStore.open(join(dir, 'quire.db'));
  const awayId = store.addPublication({
    name: 'Away',
    baseUrl: away.server.url,
    subdomain: away.subdomain,
  });
  const otherId = store.addPublication({
    name: 'Other',
    baseUrl: other.server.url,
    subdomain: other.subdomain,
  });
  const writes = stuckWrites();
  const events: string[] = [];
  let silent = false;
  let onGivenUp: (() => void) | undefined;
  const hanging: typeof fetch = (input, init) =>
    silent
      ? new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener(
            'abort',
            () => {
              events.push('away given up');
              onGivenUp?.();
              reject(init.signal!.reason);
            },
            { once: true },
          ),
        )
      : writes.through(input, init);
  const tries = { timeoutMs, attempts: 2, backoff: { baseMs: 1, maxMs: 5 } };
  const awayApi = new PublishingApiClient({
    baseUrl: away.server.url,
    subdomain: away.subdomain,
    token: () => away.token,
    fetch: hanging,
    ...tries,
  });
  const otherApi = new PublishingApiClient({
    baseUrl: other.server.url,
    subdomain: other.subdomain,
    token: () => other.token,
    ...tries,
  });
  const engine = new SyncEngine({
    store,
    clientFor: (id) => (id === awayId ? awayApi : otherApi),
    random: () => 0.5,
  });
  return {
    store,
    engine,
    awayId,
    otherId,
    writes,
    events,
    goSilent: () => (silent = true),
    whenGivenUp: (run: () => void) => (onGivenUp = run),
    close: async () => {
      store.close();
      await away.close();
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type AwayWorld = Awaited<ReturnType<typeof awayWorld>>;
