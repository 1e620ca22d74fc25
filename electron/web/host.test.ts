import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarCredentialStore } from '../core/credentials';
import { createCore, type Core } from '../core/service';
import { RENDERER_CSP } from '../core/renderer-files';
import { startBrowserHost, type BrowserHost } from './host';

let dir: string;
let core: Core;
let host: BrowserHost;
const SECRET = 'test-secret-0123456789';
let port: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-host-'));
  const renderer = join(dir, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Quire</title>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'outside.txt'), 'must not be served');
  core = await createCore({
    dataDir: join(dir, 'data'),
    credentials: new KeytarCredentialStore(`Quire host test ${randomUUID()}`),
    version: 't',
    embedded: false,
  });
  host = await startBrowserHost({ core, rendererDir: renderer, secret: SECRET });
  port = new URL(host.origin).port;
});

afterAll(async () => {
  await host.close();
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const session = { 'x-quire-session': SECRET };
const callApi = (name: string, input: unknown, headers: Record<string, string> = {}) =>
  raw(`/api/call/${name}`, {
    method: 'POST',
    headers: { ...session, 'content-type': 'application/json', origin: host.origin, ...headers },
    body: JSON.stringify({ input }),
  });

describe('the browser host', () => {
  // A cookie for 127.0.0.1 goes to every port of it, so another local server the browser visits
  // would receive one: the session is in the launch address's fragment, sent as a header.
  it('binds to loopback, hands the session over in the fragment and never sets a cookie', async () => {
    const launch = new URL(host.url);
    expect(launch.hostname).toBe('127.0.0.1');
    expect(launch.search).toBe('');
    expect(launch.hash).toBe(`#session=${SECRET}`);
    const visit = await raw('/');
    expect(visit.status).toBe(200);
    expect(visit.headers['set-cookie']).toBeUndefined();
    expect((await callApi('publications.list', {})).headers['set-cookie']).toBeUndefined();
  });

  it('refuses every call and the event stream without the session header', async () => {
    const bare = { 'x-quire-session': '' };
    expect((await callApi('publications.list', {}, bare)).status).toBe(401);
    expect((await callApi('publications.list', {}, { 'x-quire-session': 'wrong' })).status).toBe(
      401,
    );
    // The old cookie, or the secret in the query, opens nothing.
    expect(
      (await callApi('publications.list', {}, { ...bare, cookie: `quire_session=${SECRET}` }))
        .status,
    ).toBe(401);
    expect(
      (await raw(`/api/call/publications.list?secret=${SECRET}`, { method: 'POST' })).status,
    ).toBe(401);
    expect((await raw('/api/events')).status).toBe(401);
    expect((await raw('/api/nothing', { headers: session })).status).toBe(404);
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin (cross-site)', async () => {
    expect((await raw('/', { headers: { ...session, host: 'evil.example:80' } })).status).toBe(421);
    expect((await callApi('publications.list', {}, { host: `attacker.test:${port}` })).status).toBe(
      421,
    );
    expect(
      (await callApi('publications.list', {}, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect((await callApi('publications.list', {}, { origin: 'null' })).status).toBe(403);
  });

  it('takes calls as JSON POSTs only', async () => {
    const form = await raw('/api/call/publications.list', {
      method: 'POST',
      headers: { ...session, 'content-type': 'text/plain', origin: host.origin },
      body: '{}',
    });
    expect(form.status).toBe(415);
    expect((await raw('/api/call/publications.list', { headers: session })).status).toBe(405);
    const broken = await raw('/api/call/publications.list', {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/json' },
      body: '{"input":',
    });
    expect(broken.status).toBe(400);
  });

  it('answers a call too large, or named with a broken escape, with why: no reset, no 500', async () => {
    // A post the contract takes (10 Mi characters) fits, however it is escaped as JSON.
    const big = await callApi('publications.list', { padding: '\u0001'.repeat(10 * 1024 * 1024) });
    expect(JSON.parse(big.body)).toMatchObject({ ok: false, error: { kind: 'bad-input' } });
    const huge = await raw('/api/call/publications.list', {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/json', origin: host.origin },
      body: `{"input":{"padding":"${'x'.repeat(65 * 1024 * 1024)}"}}`,
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body).error.message).toMatch(/too large/);
    const broken = await callApi('publications.list%E0%A4%A', {});
    expect(broken.status).toBe(404);
  });

  it('answers calls through the contract, refusing unknown methods and bad input', async () => {
    const ok = await callApi('publications.list', {});
    expect(JSON.parse(ok.body)).toEqual({ ok: true, value: [] });
    expect(JSON.parse((await callApi('shell.exec', {})).body)).toMatchObject({
      ok: false,
      error: { kind: 'bad-input' },
    });
    expect(JSON.parse((await callApi('publications.setActive', { id: 42 })).body)).toMatchObject({
      ok: false,
      error: { kind: 'bad-input', fields: { id: expect.any(Array) } },
    });
  });

  it('serves the renderer with a strict CSP and nothing outside it', async () => {
    const page = await raw('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Quire</title>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect((await raw('/assets/app.js')).body).toBe('console.log(1)');
    for (const path of [
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/assets/..%2f..%2foutside.txt',
    ]) {
      expect((await raw(path)).body).not.toContain('must not be served');
    }
  });

  it('lets images load from https and data: only, in the host and in the Electron page alike', () => {
    const imgSrc = (policy: string) =>
      policy
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith('img-src'));
    expect(imgSrc(RENDERER_CSP)).toBe('img-src https: data:');
    const html = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    expect(imgSrc(meta ?? '')).toBe('img-src https: data:');
    // Everything else the meta policy says, the host's says too.
    for (const part of (meta ?? '').split(';').map((p) => p.trim()))
      expect(RENDERER_CSP).toContain(part);
  });

  it('streams core events to the page', async () => {
    const received = new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/events',
          headers: { host: `127.0.0.1:${port}`, ...session },
        },
        (res) => {
          let data = '';
          res.setEncoding('utf8').on('data', (chunk: string) => {
            data += chunk;
            const match = data.match(/^data: (.+)$/m);
            if (match?.[1]) {
              req.destroy();
              resolve(match[1]);
            }
          });
        },
      );
      req.on('error', (error) => (error.message.includes('aborted') ? undefined : reject(error)));
      req.end();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await core.dispatch('sync.syncNow', {});
    expect(JSON.parse(await received)).toMatchObject({ type: 'sync', status: expect.any(Object) });
  });
});
