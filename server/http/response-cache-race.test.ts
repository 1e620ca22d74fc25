import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

// Review S1. Real parts: the reference server on its SQLite file, and a second connection to
// that file in a worker thread, committing while a list is served.
// README (Benchmarks): "Serialised GET responses are cached in memory and dropped on any write,
// ours or another process's (SQLite data_version)". server/http/routes.ts:83-117 reads the rows,
// serialises them, then calls cache.set(); response-cache.ts:35-44 set() first runs dropIfStale(),
// which, seeing another connection's commit that landed *during* the handler, clears the cache,
// adopts the new data_version as its epoch, and then stores the response computed from the data
// as it was before that commit. It is then served, stale, until some later write.
let s: TestService;
let id: number;
beforeAll(async () => {
  s = await startTestService();
  const content = `<p>${'word '.repeat(16_000)}</p>`; // ~80 KB each: serialising 100 takes a while
  for (let n = 0; n < 99; n++)
    await s.request('POST', '/posts', { body: { title: `p${n}`, content } });
  id = (await s.request('POST', '/posts', { body: { title: 'watched', content } })).json.post.id;
}, 60_000);
afterAll(() => s.close());

const titleIn = (reply: { json: any }): string | undefined =>
  reply.json.posts.data.find((r: { id: number }) => r.id === id)?.title;

it('never keeps serving a list older than another connection’s last commit', async () => {
  const stale: string[] = [];
  let attempt = 0;
  for (const delayMs of [2, 5, 10, 15, 20, 30]) {
    for (let repeat = 0; repeat < 2; repeat++) {
      attempt++;
      const limit = 101 - attempt; // a key of its own each time: a cache miss
      const go = new SharedArrayBuffer(4);
      const title = `changed-${attempt}`;
      const worker = new Worker(new URL('../testing/another-connection.mjs', import.meta.url), {
        workerData: { file: s.dataFile, go, id, title, delayMs },
      });
      const next = () => new Promise((resolve) => worker.once('message', resolve));
      await next(); // ready
      const done = next();
      Atomics.store(new Int32Array(go), 0, 1);
      Atomics.notify(new Int32Array(go), 0);
      await s.request('GET', `/posts?limit=${limit}`); // the commit lands while this is served
      await done;
      await worker.terminate();
      const after = titleIn(await s.request('GET', `/posts?limit=${limit}`));
      const inDb = s.server.db.prepare('SELECT title FROM records WHERE id = ?').pluck().get(id);
      const otherKey = titleIn(await s.request('GET', `/posts?limit=${41 - attempt}`));
      if (after !== inDb)
        stale.push(
          `commit after ${delayMs} ms: GET ?limit=${limit} still says "${after}"; db says "${inDb}"; a fresh key (?limit=${41 - attempt}): "${otherKey}"`,
        );
    }
  }
  expect(stale).toEqual([]);
}, 120_000);
