/**
 * `npm run bench -- server [--strict]`: our server against a bare node:http server that sends the
 * same bytes, on a 100,000-post publication. Env: QUIRE_BENCH_POSTS, QUIRE_BENCH_SECONDS,
 * QUIRE_BENCH_ROUNDS. Progress goes to stderr, the report to stdout.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BareRoute } from './bare-server';
import {
  aggregate,
  checkBudgets,
  formatBudget,
  formatTable,
  type Sample,
  type ScenarioResult,
} from './stats';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HOST = '127.0.0.1';
const SUBDOMAIN = 'bench';
const CONNECTIONS = 32;
const WARMUP_SECONDS = 2;
const LIST_PATH = `/app/${SUBDOMAIN}/posts`;
const listAt = (page: number): string => `${LIST_PATH}?limit=100&page=${page}`;

function envCount(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a positive integer`);
  return Number(raw);
}

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

type Child = ChildProcessByStdio<Writable, Readable, Readable>;
interface Running {
  label: string;
  child: Child;
  url: string;
}

// Whatever happens (error, Ctrl-C), no server outlives the bench and no temp dir is left behind.
const children = new Set<Child>();
const scratch = new Set<string>();
function cleanUp(): void {
  for (const child of children) child.kill('SIGTERM');
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
}

// Preloaded into each child: its stdin is a pipe from us that closes however we die, even when
// our exit handler never runs (tsx's wrapper SIGKILLs a child slow to acknowledge a signal).
const ORPHAN_GUARD = `data:text/javascript,${encodeURIComponent(
  "process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM')).resume().unref();",
)}`;

function spawnTs(script: string, args: string[], label: string): Child {
  // node --import tsx, not npm or the tsx CLI: the pid we signal is then the server itself.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', ORPHAN_GUARD, script, ...args],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  createInterface({ input: child.stderr }).on('line', (line) => log(`[${label}] ${line}`));
  return child;
}

async function cli(args: string[]): Promise<string> {
  const child = spawnTs('server/cli.ts', args, 'cli');
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code, signal] = (await once(child, 'close')) as [number | null, string | null];
  if (code !== 0)
    throw new Error(`server ${args.slice(0, 2).join(' ')} failed (${code ?? signal})`);
  return out;
}

async function startServer(label: string, script: string, args: string[]): Promise<Running> {
  const child = spawnTs(script, [...args, '--port', '0', '--host', HOST], label);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} server did not start`)), 30_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^listening on (http:\/\/\S+:\d+)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} server exited (${code ?? signal}) before listening`));
    });
  });
  return { label, child, url };
}

async function stopServer({ child }: Running): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

function assertAlive({ label, child }: Running): void {
  if (child.exitCode !== null || child.signalCode !== null)
    throw new Error(`${label} server died (${child.exitCode ?? child.signalCode})`);
}

/** Seeding 100k posts takes ~40 s and is deterministic, so the result is kept under .bench/. */
async function seededDatabase(posts: number): Promise<{ dataFile: string; token: string }> {
  // Keyed by the generator too, so a changed seed reseeds. A newer schema needs no new key: the
  // server migrates the cached file when it opens it.
  const hash = createHash('sha256').update(readFileSync(join(ROOT, 'server/seed.ts')));
  const dir = join(ROOT, '.bench', `server-${posts}-${hash.digest('hex').slice(0, 10)}`);
  const dataFile = join(dir, 'publishing.db');
  const metaFile = join(dir, 'meta.json');
  // A fresh token every run: none is ever kept on disk in plain text, even for a bench.
  const freshToken = async (data: string): Promise<string> =>
    (
      JSON.parse(
        await cli([
          'publication',
          'token',
          '--subdomain',
          SUBDOMAIN,
          '--revoke-others',
          '--data',
          data,
        ]),
      ) as { token: string }
    ).token;
  if (existsSync(metaFile)) {
    log(`reusing seeded database ${dir}`);
    return { dataFile, token: await freshToken(dataFile) };
  }

  mkdirSync(join(ROOT, '.bench'), { recursive: true });
  const staging = mkdtempSync(join(ROOT, '.bench', 'staging-'));
  scratch.add(staging);
  const stagingData = ['--data', join(staging, 'publishing.db')];
  await cli(['publication', 'add', '--subdomain', SUBDOMAIN, '--name', 'Bench', ...stagingData]);
  log(`seeding ${posts} posts into ${staging} (once: the result is cached under .bench/)`);
  const started = Date.now();
  const ticker = setInterval(
    () => log(`  still seeding… ${Math.round((Date.now() - started) / 1000)} s`),
    10_000,
  );
  try {
    const seeded = await cli([
      'seed',
      '--subdomain',
      SUBDOMAIN,
      '--posts',
      String(posts),
      '--pages',
      '0',
      ...stagingData,
    ]);
    log(`  seeded: ${seeded.trim()}`);
  } finally {
    clearInterval(ticker);
  }
  writeFileSync(join(staging, 'meta.json'), JSON.stringify({ posts }));
  // One rename of the whole directory, so an interrupted seed never looks like a cached one.
  renameSync(staging, dir);
  scratch.delete(staging);
  return { dataFile, token: await freshToken(dataFile) };
}

interface ExactResponse {
  body: Buffer;
  headers: Record<string, string>;
}

async function fetchExact(url: string, token: string): Promise<ExactResponse> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${body.toString()}`);
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'etag']) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { body, headers };
}

/** A path with its query, or requests built per call. */
type Target = { path: string } | Pick<autocannon.Options, 'requests'>;

interface Scenario {
  name: string;
  target: (server: Running) => Target;
}

/** Every request a different page, so the response cache rarely helps; one cursor per server. */
function pageRotation(lastPage: number): (server: Running) => Target {
  const cursors = new Map<string, number>();
  return (server) => ({
    requests: [
      {
        setupRequest: (request) => {
          const next = cursors.get(server.label) ?? 0;
          cursors.set(server.label, next + 1);
          return { ...request, path: listAt((next % lastPage) + 1) };
        },
      },
    ],
  });
}

async function measure(
  server: Running,
  target: Target,
  token: string,
  seconds: number,
  what: string,
): Promise<Sample> {
  // autocannon takes a fixed path only as part of the url.
  const options: autocannon.Options = {
    url: 'path' in target ? `${server.url}${target.path}` : server.url,
    connections: CONNECTIONS,
    // A timed-out request never reaches the latency histogram, so autocannon's 10 s default would
    // flatter p99 of the slow cold list; any timeout still fails the run.
    timeout: 30,
    headers: { authorization: `Bearer ${token}` },
    requests: 'requests' in target ? target.requests : undefined,
  };
  let result: autocannon.Result | undefined;
  for (const [phase, duration] of [
    ['warm-up', WARMUP_SECONDS],
    ['measure', seconds],
  ] as const) {
    result = await autocannon({ ...options, duration });
    assertAlive(server);
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed > 0 || result['2xx'] === 0)
      throw new Error(
        `${what} (${phase}): ${result['2xx']} 2xx, ${result.non2xx} non-2xx, ` +
          `${result.errors} errors, ${result.timeouts} timeouts`,
      );
  }
  const { requests, latency } = result as autocannon.Result;
  const sample = { rps: requests.average, p50: latency.p50, p99: latency.p99 };
  log(
    `  ${what}: ${sample.rps.toFixed(0)} req/s, p50 ${sample.p50} ms, p99 ${sample.p99} ms, ` +
      `max ${latency.max} ms`,
  );
  return sample;
}

interface Config {
  posts: number;
  seconds: number;
  rounds: number;
  strict: boolean;
}

/** Exact bytes of the two responses under test, as our server sends them. */
interface Captured {
  lastPage: number;
  middle: number;
  list: ExactResponse;
  slugPath: string;
  one: ExactResponse;
}

async function capture(ours: Running, token: string): Promise<Captured> {
  const get = (path: string): Promise<ExactResponse> => fetchExact(`${ours.url}${path}`, token);
  type ListBody = { posts: { meta: { last_page: number }; data: { slug: string }[] } };
  const first = JSON.parse((await get(listAt(1))).body.toString()) as ListBody;
  const lastPage = first.posts.meta.last_page;
  const middle = Math.max(1, Math.floor(lastPage / 2));
  const list = await get(listAt(middle));
  const rows = (JSON.parse(list.body.toString()) as ListBody).posts.data;
  const slug = rows[Math.floor(rows.length / 2)]?.slug;
  if (slug === undefined) throw new Error(`page ${middle} of ${lastPage} is empty`);
  const slugPath = `${LIST_PATH}/${encodeURIComponent(slug)}`;
  return { lastPage, middle, list, slugPath, one: await get(slugPath) };
}

async function startBare(captured: Captured, token: string): Promise<Running> {
  const { list, one, slugPath } = captured;
  const tmp = mkdtempSync(join(tmpdir(), 'quire-bench-'));
  scratch.add(tmp);
  const routes: BareRoute[] = [
    { path: LIST_PATH, file: join(tmp, 'list.body'), headers: list.headers },
    { path: slugPath, file: join(tmp, 'slug.body'), headers: one.headers },
  ];
  writeFileSync(join(tmp, 'list.body'), list.body);
  writeFileSync(join(tmp, 'slug.body'), one.body);
  writeFileSync(join(tmp, 'routes.json'), JSON.stringify(routes));
  const bare = await startServer('bare', 'server/bench/bare-server.ts', [join(tmp, 'routes.json')]);
  // It holds the bytes in memory once listening; dropping them now leaves nothing to leak.
  rmSync(tmp, { recursive: true, force: true });
  scratch.delete(tmp);
  for (const [path, expected] of [
    [listAt(captured.middle), list],
    [slugPath, one],
  ] as const) {
    const got = await fetchExact(`${bare.url}${path}`, token);
    if (!got.body.equals(expected.body)) throw new Error(`bare server bytes differ for ${path}`);
  }
  return bare;
}

async function bench({ posts, seconds, rounds, strict }: Config): Promise<number> {
  const { dataFile, token } = await seededDatabase(posts);
  const ours = await startServer('ours', 'server/cli.ts', ['start', '--data', dataFile]);
  const captured = await capture(ours, token);
  const { lastPage, middle, slugPath } = captured;
  const bare = await startBare(captured, token);
  log(`ours: ${ours.url}, bare: ${bare.url}`);
  const loadBefore = loadavg()[0] ?? 0;

  const scenarios: Scenario[] = [
    { name: `list page ${middle}/${lastPage}`, target: () => ({ path: listAt(middle) }) },
    { name: 'get by slug', target: () => ({ path: slugPath }) },
    { name: `list cold (pages 1..${lastPage})`, target: pageRotation(lastPage) },
  ];
  const samples = scenarios.map(() => ({ bare: [] as Sample[], ours: [] as Sample[] }));
  log(
    `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${seconds} s per run, ` +
      `${rounds} round(s), bare then ours per scenario`,
  );
  for (let round = 1; round <= rounds; round++) {
    log(`round ${round}/${rounds}`);
    for (const [i, scenario] of scenarios.entries()) {
      for (const [side, server] of [
        ['bare', bare],
        ['ours', ours],
      ] as const) {
        const sample = await measure(
          server,
          scenario.target(server),
          token,
          seconds,
          `${server.label} ${scenario.name}`,
        );
        samples[i]?.[side].push(sample);
      }
    }
  }
  await Promise.all([stopServer(ours), stopServer(bare)]);

  const results: ScenarioResult[] = scenarios.map((scenario, i) => ({
    name: scenario.name,
    bare: aggregate(samples[i]?.bare ?? []),
    ours: aggregate(samples[i]?.ours ?? []),
  }));
  const [listResult, slugResult] = results as [ScenarioResult, ScenarioResult];
  const budgets = checkBudgets(listResult, slugResult);
  process.stdout.write(
    [
      '',
      `server bench: ${posts} posts, ${CONNECTIONS} connections, ${seconds} s x ${rounds} round(s) ` +
        `after ${WARMUP_SECONDS} s warm-up; median over rounds`,
      `node ${process.version}, ${availableParallelism()} CPUs, load average ` +
        `${loadBefore.toFixed(1)} before / ${(loadavg()[0] ?? 0).toFixed(1)} after; ` +
        `list ${captured.list.body.length} B, slug ${captured.one.body.length} B`,
      '',
      formatTable(results),
      '',
      ...budgets.map(formatBudget),
      'list cold: informational, no budget',
      '',
    ].join('\n'),
  );
  return strict && budgets.some((budget) => !budget.pass) ? 1 : 0;
}

export async function run(args: string[]): Promise<number> {
  let strict: boolean;
  try {
    strict = parseArgs({ args, options: { strict: { type: 'boolean' } } }).values.strict ?? false;
  } catch (error) {
    log(`${(error as Error).message}\n\nUsage: npm run bench -- server [--strict]`);
    return 2;
  }
  process.once('exit', cleanUp);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    process.once(signal, () => process.exit(code));
  try {
    return await bench({
      posts: envCount('QUIRE_BENCH_POSTS', 100_000),
      seconds: envCount('QUIRE_BENCH_SECONDS', 10),
      rounds: envCount('QUIRE_BENCH_ROUNDS', 2),
      strict,
    });
  } catch (error) {
    log(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    cleanUp();
  }
}
