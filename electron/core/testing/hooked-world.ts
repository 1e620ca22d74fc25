import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService } from '../../../server/testing/harness';
import { PublishingApiClient } from '../api/client';
import { LocalStore } from '../store/local-store';
import { SyncEngine, type SyncEvent } from '../sync/engine';
import { stuckWrites } from './late-writes';

type Hook = { match: (method: string, url: string) => boolean; run: () => Promise<void> | void };

/** limboWorld, with a hook run once before the next request that matches (then passed on). */
export async function hookedWorld(name: string) {
  const service = await startTestService(name);
  const dir = mkdtempSync(join(tmpdir(), 'quire-review-u9-'));
  const writes = stuckWrites();
  const hooks: Hook[] = [];
  const afterHooks: Hook[] = [];
  const seen: string[] = [];
  const through: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    seen.push(`${method} ${url.replace(service.server.url, '')}`);
    const i = hooks.findIndex((hook) => hook.match(method, url));
    if (i >= 0) {
      const [hook] = hooks.splice(i, 1);
      await hook!.run();
    }
    const j = afterHooks.findIndex((hook) => hook.match(method, url));
    if (j < 0) return writes.through(input, init);
    const [late] = afterHooks.splice(j, 1);
    // Answered by the service now; the answer reaches this computer only after `run`.
    const answer = await writes.through(input, init);
    const text = await answer.text();
    await late!.run();
    return new Response(text, { status: answer.status, headers: answer.headers });
  };
  const clock = { now: Date.now() };
  const store = LocalStore.open(join(dir, 'quire.db'), () => clock.now);
  const publicationId = store.addPublication({
    name: 'Journal',
    baseUrl: service.server.url,
    subdomain: service.subdomain,
  });
  const api = new PublishingApiClient({
    baseUrl: service.server.url,
    subdomain: service.subdomain,
    token: () => service.token,
    fetch: through,
    timeoutMs: 400,
    attempts: 2,
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
  return {
    service,
    store,
    engine,
    api,
    writes,
    clock,
    publicationId,
    events,
    seen,
    before(match: Hook['match'], run: Hook['run']) {
      hooks.push({ match, run });
    },
    /** The next matching request is handled by the service at once, its answer held for `run`. */
    answerAfter(match: Hook['match'], run: Hook['run']) {
      afterHooks.push({ match, run });
    },
    async post(id: number) {
      const reply = await service.request('GET', '/posts?limit=100');
      return (reply.json.posts.data as { id: number; status: string; content: string }[]).find(
        (p) => p.id === id,
      );
    },
    async close() {
      if (store.db.open) store.close();
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type HookedWorld = Awaited<ReturnType<typeof hookedWorld>>;
