import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { KeytarCredentialStore } from '../core/credentials';
import type * as RendererFiles from '../core/renderer-files';
import { createCore, type Core } from '../core/service';
import { startBrowserHost, type BrowserHost } from './host';

// The host checks a renderer file exists, then reads it (security review, 2026-11-22). A file
// gone (or unreadable) between the two, as while `npm run build` empties out/renderer, made the
// read stream emit an unhandled 'error': an uncaught exception that ended the process, and with
// it the core that holds the writer's session. Real parts: the host, a core, the keychain, files
// on disk; only the race is stood in for, by a mocked lookup that names a file no longer there.
vi.mock('../core/renderer-files', async (importOriginal) => {
  const original = await importOriginal<typeof RendererFiles>();
  return {
    ...original,
    locateRendererFile: (root: string, pathname: string) =>
      pathname === '/assets/gone.js'
        ? { kind: 'file', path: join(root, 'assets', 'gone.js'), contentType: 'text/javascript' }
        : original.locateRendererFile(root, pathname),
  };
});

let dir: string;
let core: Core;
let host: BrowserHost;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-host-files-'));
  const renderer = join(dir, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Quire</title>');
  core = await createCore({
    dataDir: join(dir, 'data'),
    credentials: new KeytarCredentialStore(`Quire host-files ${randomUUID()}`),
    version: 't',
    embedded: false,
  });
  host = await startBrowserHost({ core, rendererDir: renderer, secret: 's'.repeat(20) });
  process.prependListener('uncaughtException', onUncaught);
});
afterAll(async () => {
  process.removeListener('uncaughtException', onUncaught);
  await host.close();
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string): Promise<number | 'no answer'> =>
  new Promise((resolve) => {
    const { port } = new URL(host.origin);
    const req = request(
      { host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve('no answer'));
      },
    );
    req.setTimeout(2_000, () => (req.destroy(), resolve('no answer')));
    req.on('error', () => resolve('no answer'));
    req.end();
  });

it('a renderer file gone before it is read is answered, and the host stays up', async () => {
  const status = await get('/assets/gone.js');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(uncaught.map(String)).toEqual([]);
  expect(status).toBe(404);
  // Still serving: the page's own files, and the core behind it.
  expect(await get('/')).toBe(200);
});
