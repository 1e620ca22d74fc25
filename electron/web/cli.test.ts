import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = join(ROOT, 'electron', 'web', 'cli.ts');

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(TSX, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

// A writer's review found `--help` ending in a stack trace (ERR_PARSE_ARGS_UNKNOWN_OPTION).
it('says its usage for --help, and an unknown option in a line with it, not a stack trace', async () => {
  const help = await run(['--help']);
  expect(help).toMatchObject({ code: 0, stderr: '' });
  expect(help.stdout).toMatch(/^Usage: .*\n[\s\S]*--port N[\s\S]*--no-sample/);
  const unknown = await run(['--bogus']);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toMatch(/^Unknown option '--bogus'\nUsage: /);
  expect(unknown.stderr).not.toMatch(/\s+at /);
}, 30_000);
