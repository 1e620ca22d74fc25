import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, appProtocolHandler } from './app-protocol';
import { RENDERER_CSP } from './renderer-files';

// Electron cannot run here, so `protocol.handle` itself is never called: these tests give the
// handler the same fetch Requests Electron would and read its Responses. Real files on disk.
let base: string;
let handle: (request: Request) => Promise<Response>;
const script = 'export const answer = 42;\n';

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'quire-app-protocol-'));
  const renderer = join(base, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  // The shape electron-vite builds: index.html with relative module script and stylesheet.
  writeFileSync(
    join(renderer, 'index.html'),
    '<!doctype html><script type="module" crossorigin src="./assets/index-x1.js"></script>' +
      '<link rel="stylesheet" crossorigin href="./assets/index-x1.css">',
  );
  writeFileSync(join(renderer, 'assets', 'index-x1.js'), script);
  writeFileSync(join(renderer, 'assets', 'index-x1.css'), 'body{margin:0}');
  writeFileSync(join(base, 'secrets.json'), '{"token":"do-not-serve"}');
  handle = appProtocolHandler(renderer);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the app scheme', () => {
  it('serves the page with the strict CSP as a header, and its assets relative to it', async () => {
    const page = await handle(new Request(APP_URL));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await page.text();
    const src = /src="([^"]+)"/.exec(html)?.[1] ?? '';
    const href = /href="([^"]+)"/.exec(html)?.[1] ?? '';

    const js = await handle(new Request(new URL(src, APP_URL)));
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe(script);
    const css = await handle(new Request(new URL(href, APP_URL)));
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toBe('body{margin:0}');
  });

  it('answers HEAD without a body and refuses every other method', async () => {
    const head = await handle(new Request(APP_URL, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await handle(new Request(APP_URL, { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
  });

  it.each([
    ['a parent directory', 'quire://app/..%2fsecrets.json'],
    ['a dot-segment path', 'quire://app/assets/../../secrets.json'],
    ['another host', 'quire://other/index.html'],
    ['another scheme', 'https://app/index.html'],
    ['a missing asset', 'quire://app/assets/gone.js'],
  ])('serves nothing for %s', async (_label, url) => {
    const response = await handle(new Request(url));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('do-not-serve');
  });

  it('says when the renderer has not been built', async () => {
    const response = await appProtocolHandler(join(base, 'absent'))(new Request(APP_URL));
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/npm run build/);
  });

  it('serves the real page with the policy the meta element carries', () => {
    const html = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
    for (const directive of meta.split(';').map((d) => d.trim()))
      expect(RENDERER_CSP).toContain(directive);
  });
});
