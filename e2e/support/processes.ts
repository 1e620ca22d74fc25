import { spawn, execFileSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = process.cwd();

/** Runs a TypeScript entry with node --import tsx, so the pid we signal is the program itself. */
function spawnTs(script: string, args: string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  child.stderr
    .setEncoding('utf8')
    .on('data', (chunk: string) => process.stderr.write(`[${script}] ${chunk}`));
  return child;
}

function firstMatch(
  child: ChildProcessWithoutNullStreams,
  pattern: RegExp,
  what: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start in time`)), 60_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = pattern.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it started`)));
  });
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(force);
}

export const scratchDir = (label: string): string =>
  mkdtempSync(join(tmpdir(), `quire-e2e-${label}-`));

/** The reference publishing server's CLI, for setting up publications and content. */
export function serverCli(dataFile: string, args: string[]): string {
  return execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', ...args, '--data', dataFile],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
}

export interface ReferenceServer {
  url: string;
  port: number;
  dataFile: string;
  stop(): Promise<void>;
  /** Starts it again on the same port and data file, as after an outage. */
  restart(): Promise<void>;
  /** Stops it for good, and removes its data folder if it made one. */
  dispose(): Promise<void>;
}

/** The real reference server, in its own process, on a real SQLite file. */
export async function startReferenceServer(dataFile?: string): Promise<ReferenceServer> {
  // Made here, it is removed here: runs left hundreds of these folders behind in /tmp.
  const made = dataFile === undefined ? scratchDir('server') : undefined;
  dataFile ??= join(made!, 'publishing.db');
  let child = spawnTs('server/cli.ts', ['start', '--port', '0', '--data', dataFile]);
  const url = await firstMatch(child, /^listening on (http:\/\/\S+)$/, 'reference server');
  const port = Number(new URL(url).port);
  return {
    url,
    port,
    dataFile,
    stop: () => stop(child),
    async restart() {
      child = spawnTs('server/cli.ts', ['start', '--port', String(port), '--data', dataFile]);
      await firstMatch(child, /^listening on (http:\/\/\S+)$/, 'reference server');
    },
    async dispose() {
      await stop(child);
      if (made) rmSync(made, { recursive: true, force: true });
    },
  };
}

export interface Host {
  /** With the session in its fragment. */
  url: string;
  origin: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The browser host, serving the built renderer over the real core. */
export async function startHost(options: { sample: boolean; dataDir?: string }): Promise<Host> {
  const dataDir = options.dataDir ?? scratchDir('host');
  const child = spawnTs('electron/web/cli.ts', [
    '--port',
    '0',
    '--data',
    dataDir,
    ...(options.sample ? [] : ['--no-sample']),
  ]);
  const url = await firstMatch(child, /^Quire is running at (\S+)$/, 'browser host');
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    async stop() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A publication on the reference server, with its token. */
export function addServerPublication(
  dataFile: string,
  subdomain: string,
  name: string,
): { token: string } {
  return JSON.parse(
    serverCli(dataFile, ['publication', 'add', '--subdomain', subdomain, '--name', name]),
  ) as {
    token: string;
  };
}

export async function apiGet(
  server: ReferenceServer,
  subdomain: string,
  path: string,
  token: string,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}/app/${subdomain}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: await response.json() };
}

export async function apiPut(
  server: ReferenceServer,
  subdomain: string,
  path: string,
  token: string,
  body: unknown,
): Promise<number> {
  const response = await fetch(`${server.url}/app/${subdomain}${path}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.status;
}
