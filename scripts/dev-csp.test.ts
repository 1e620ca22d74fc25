import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createServer, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../playwright.config';
import { devCspPlugin, devPolicy } from './dev-csp';

const indexHtml = readFileSync(resolve('renderer/index.html'), 'utf8');
const strictPolicy = /content="(default-src[^"]*)"/.exec(indexHtml)?.[1] ?? '';

describe('devPolicy', () => {
  it('adds only what the dev server needs and keeps every other directive', () => {
    const relaxed = devPolicy(strictPolicy);
    expect(relaxed).toContain("script-src 'self' 'unsafe-inline'");
    expect(relaxed).toContain("style-src 'self' 'unsafe-inline'");
    expect(relaxed).toContain("connect-src 'self' ws://localhost:*");
    for (const kept of ["default-src 'self'", "object-src 'none'", "base-uri 'none'"]) {
      expect(relaxed).toContain(kept);
    }
    expect(relaxed).not.toContain('unsafe-eval');
  });

  it('refuses a policy it cannot relax, rather than passing it through', () => {
    expect(() => devPolicy("default-src 'self'")).toThrow(/no script-src/);
  });

  it('applies to the dev server only', () => {
    expect(devCspPlugin().apply).toBe('serve');
  });
});

// Real parts: Vite's dev server on the real renderer, opened in Debian's Chromium. No core runs
// behind it, so the app shows that the host is missing; what is checked is that the page starts
// and styles itself without the CSP refusing anything.
describe('the renderer under the Vite dev server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(plugins: Plugin[]) {
    const server = await createServer({
      root: resolve('renderer'),
      configFile: false,
      logLevel: 'silent',
      plugins: [react(), ...plugins],
      server: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    await server.listen();
    const { port } = server.httpServer!.address() as AddressInfo;
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const g = globalThis as any;
      g.__violations = [];
      g.document.addEventListener('securitypolicyviolation', (e: any) =>
        g.__violations.push(e.violatedDirective),
      );
    });
    await page.goto(`http://127.0.0.1:${port}/`);
    return { page, close: () => Promise.all([page.close(), server.close()]) };
  }

  it('starts and styles itself with the dev policy, refusing nothing', async () => {
    const { page, close } = await open([devCspPlugin()]);
    try {
      await page.getByText('Quire', { exact: true }).waitFor({ timeout: 15_000 });
      const looks = await page.evaluate(() => {
        const g = globalThis as any;
        return {
          bodyMargin: g.getComputedStyle(g.document.body).margin,
          violations: g.__violations as string[],
        };
      });
      expect(looks).toEqual({ bodyMargin: '0px', violations: [] });
    } finally {
      await close();
    }
  }, 60_000);

  it('is refused by the strict policy without it (why the plugin exists)', async () => {
    const { page, close } = await open([]);
    try {
      await expect
        .poll(() => page.evaluate(() => (globalThis as any).__violations as string[]), {
          timeout: 15_000,
        })
        .toEqual(expect.arrayContaining([expect.stringMatching(/^(script|style)-src/)]));
    } finally {
      await close();
    }
  }, 60_000);
});
