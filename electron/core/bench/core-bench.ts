import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService } from '../../../server/testing/harness';
import { PublishingApiClient } from '../api/client';
import { KeytarCredentialStore } from '../credentials';
import { createCore } from '../service';
import { LocalStore } from '../store/local-store';
import { SyncEngine } from '../sync/engine';
import { startBrowserHost } from '../../web/host';

// Each figure is measured against a baseline doing the least the same job needs, in this
// process, in alternating rounds: the ratio is what to read, not the milliseconds.

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

async function timeEach(
  count: number,
  run: (i: number) => Promise<void> | void,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  return times;
}

interface Row {
  name: string;
  oursP50: number;
  oursP99: number;
  baseP50: number;
  baseP99: number;
  unit: string;
}

async function bridgeRoundTrip(rounds: number, calls: number): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-core-'));
  const core = await createCore({
    dataDir: dir,
    credentials: new KeytarCredentialStore(`Quire bench ${randomUUID()}`),
    version: 'bench',
    embedded: false,
  });
  const secret = randomUUID();
  const host = await startBrowserHost({ core, rendererDir: dir, secret });
  const bare: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(
        '{"ok":true,"value":{"online":true,"pending":0,"waiting":0,"conflicts":0,"lastSyncAt":null}}',
      );
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/call/sync.status`;
  const post = (url: string, headers: Record<string, string>) => async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{"input":{}}',
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
  };
  const ours = post(`${host.origin}/api/call/sync.status`, {
    'x-quire-session': secret,
    origin: host.origin,
  });
  const base = post(bareUrl, {});
  const oursTimes: number[] = [];
  const baseTimes: number[] = [];
  await timeEach(200, ours);
  await timeEach(200, base);
  for (let round = 0; round < rounds; round++) {
    baseTimes.push(...(await timeEach(calls, base)));
    oursTimes.push(...(await timeEach(calls, ours)));
  }
  await host.close();
  await core.close();
  bare.close();
  rmSync(dir, { recursive: true, force: true });
  return row('bridge round trip (browser host)', oursTimes, baseTimes, 'ms');
}

function row(name: string, ours: number[], base: number[], unit: string): Row {
  return {
    name,
    oursP50: percentile(ours, 50),
    oursP99: percentile(ours, 99),
    baseP50: percentile(base, 50),
    baseP99: percentile(base, 99),
    unit,
  };
}

async function localSave(saves: number): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-save-'));
  const store = LocalStore.open(join(dir, 'store.db'));
  const publicationId = store.addPublication({
    name: 'B',
    baseUrl: 'http://127.0.0.1:9',
    subdomain: 'b',
  });
  const paragraph = `<p>${'All happy families are alike; each unhappy family is unhappy in its own way. '.repeat(20)}</p>`;
  const content = paragraph.repeat(Math.ceil(200_000 / paragraph.length)).slice(0, 200_000);
  const draft = store.createDraft(publicationId, 'post', { title: 'Long', content });
  // The baseline: one durable row write of the same bytes, same pragmas, no app logic.
  const raw = new Database(join(dir, 'raw.db'));
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  raw.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  raw.prepare('INSERT INTO t (id, body) VALUES (1, ?)').run(content);
  const update = raw.prepare('UPDATE t SET body = ? WHERE id = 1');
  const oursTimes: number[] = [];
  const baseTimes: number[] = [];
  for (let round = 0; round < 4; round++) {
    baseTimes.push(
      ...(await timeEach(saves / 4, (i) => void update.run(`${content}${round}-${i}`))),
    );
    oursTimes.push(
      ...(await timeEach(
        saves / 4,
        (i) =>
          void store.saveDraft(draft.id, { title: 'Long', content: `${content}${round}-${i}` }),
      )),
    );
  }
  store.close();
  raw.close();
  rmSync(dir, { recursive: true, force: true });
  return row('local save of a 200 KB post', oursTimes, baseTimes, 'ms');
}

async function outboxFlush(
  edits: number,
): Promise<{ oursMs: number; baseMs: number; requests: number }> {
  const service = await startTestService('bench-flush');
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-flush-'));
  const store = LocalStore.open(join(dir, 'store.db'));
  const publicationId = store.addPublication({
    name: 'B',
    baseUrl: service.server.url,
    subdomain: service.subdomain,
  });
  let requests = 0;
  const countingFetch: typeof fetch = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  const api = new PublishingApiClient({
    baseUrl: service.server.url,
    subdomain: service.subdomain,
    token: () => service.token,
    fetch: countingFetch,
  });
  const engine = new SyncEngine({ store, clientFor: () => api, concurrency: 4 });
  const drafts = Array.from({ length: edits }, (_, i) =>
    store.createDraft(publicationId, 'post', { title: `Bench ${i}`, content: '<p>v1</p>' }),
  );
  await engine.flush();
  for (const draft of drafts)
    store.saveDraft(draft.id, { title: draft.fields.title, content: '<p>v2</p>' });
  requests = 0;
  let start = performance.now();
  const result = await engine.flush();
  const oursMs = performance.now() - start;
  if (result.done !== edits) throw new Error(`flush sent ${result.done} of ${edits}`);
  const oursRequests = requests;
  // The baseline: the same number of bare updates, same concurrency, no reads, no checks.
  const ids = drafts.map((draft) => store.getDraft(draft.id)?.remoteId as number);
  start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = next++; i < ids.length; i = next++)
        await api.update('post', ids[i] as number, { title: `Bench ${i}`, content: '<p>v3</p>' });
    }),
  );
  const baseMs = performance.now() - start;
  store.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
  return { oursMs, baseMs, requests: oursRequests };
}

export async function run(args: string[]): Promise<number> {
  const quick = args.includes('--quick');
  const out = (line: string): void => void process.stdout.write(`${line}\n`);
  out(`core bench${quick ? ' (quick)' : ''}: node ${process.version}`);
  const rows = [
    await bridgeRoundTrip(quick ? 2 : 5, quick ? 200 : 1_000),
    await localSave(quick ? 40 : 200),
  ];
  for (const r of rows)
    out(
      `${r.name.padEnd(34)} ours p50 ${r.oursP50.toFixed(3)} ${r.unit}, p99 ${r.oursP99.toFixed(3)} ${r.unit}` +
        ` | baseline p50 ${r.baseP50.toFixed(3)}, p99 ${r.baseP99.toFixed(3)} | ratio p50 ${(r.oursP50 / r.baseP50).toFixed(2)}×`,
    );
  const edits = quick ? 100 : 1_000;
  const flush = await outboxFlush(edits);
  out(
    `${`outbox flush of ${edits} edits`.padEnd(34)} ours ${flush.oursMs.toFixed(0)} ms (${flush.requests} requests, ` +
      `${((edits / flush.oursMs) * 1000).toFixed(0)} edits/s) | ${edits} bare PUTs ${flush.baseMs.toFixed(0)} ms` +
      ` | ratio ${(flush.oursMs / flush.baseMs).toFixed(2)}×`,
  );
  return 0;
}
