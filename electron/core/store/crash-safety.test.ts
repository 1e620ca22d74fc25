import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng } from '../../../server';
import { LocalStore } from './local-store';

const KILLS = 200;
let dir: string;
let child: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-crash-'));
  // Inside the project, so the bundle's imports resolve from node_modules.
  child = join(
    process.cwd(),
    'node_modules',
    '.cache',
    'quire-test',
    `crash-child-${process.pid}.mjs`,
  );
  // Bundled once: 200 cold starts of plain node are quick, 200 of a TypeScript loader are not.
  await build({
    entryPoints: ['electron/core/testing/crash-child.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: child,
    logLevel: 'silent',
  });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(child, { force: true });
});

/** Runs the child until `ms` after its first save, kills it with SIGKILL, returns what it acknowledged. */
function runAndKill(file: string, run: number, ms: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, file, String(run)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!timer && out.includes('ready')) timer = setTimeout(() => proc.kill('SIGKILL'), ms);
    });
    proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    proc.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL')
        return reject(new Error(`child ended on its own (${code}): ${err}`));
      // A line cut by the kill was never a complete acknowledgement.
      const complete = out.slice(0, out.lastIndexOf('\n') + 1);
      resolve([...complete.matchAll(/^ack (\d+)$/gm)].map((m) => Number(m[1])));
    });
  });
}

describe('crash safety of the local store', () => {
  it(`keeps every acknowledged save across ${KILLS} SIGKILLs, and opens every time`, async () => {
    const file = join(dir, 'store.db');
    const random = prng(7);
    let acknowledged = 0;
    for (let run = 0; run < KILLS; run++) {
      const acks = await runAndKill(file, run, Math.floor(random() * 40));
      acknowledged += acks.length;
      const store = LocalStore.open(file);
      try {
        expect(store.db.pragma('quick_check', { simple: true })).toBe('ok');
        const titles = new Set(
          store.db.prepare(`SELECT json_extract(fields_json, '$.title') FROM drafts`).pluck().all(),
        );
        for (const n of acks.filter((n) => n % 2 === 0))
          expect(titles.has(`${run}:${n}`)).toBe(true);
        const lastSave = acks.filter((n) => n % 2 === 1).pop();
        if (lastSave !== undefined) {
          const growing = store.db
            .prepare(
              `SELECT fields_json FROM drafts WHERE json_extract(fields_json, '$.title') = ?`,
            )
            .pluck()
            .get(`growing ${run}`) as string;
          const stored = Number(/<p>(\d+)<\/p>/.exec(JSON.parse(growing).content)?.[1]);
          expect(stored).toBeGreaterThanOrEqual(lastSave);
        }
      } finally {
        store.close();
      }
    }
    process.stdout.write(
      `crash safety: ${KILLS} kills, ${acknowledged} acknowledged saves, all present\n`,
    );
    expect(acknowledged).toBeGreaterThan(KILLS);
  }, 240_000);
});
