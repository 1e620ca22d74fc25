import { expect, test, type Frame } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CALL_CHANNEL, EVENT_CHANNEL } from '../../shared/ipc';
import { APP_URL, appProtocolHandler } from '../../electron/core/app-protocol';
import { KeytarCredentialStore } from '../../electron/core/credentials';
import { handleRendererCall, type TrustedRenderer } from '../../electron/core/renderer-calls';
import { createCore, type Core } from '../../electron/core/service';
import { RENDERER_CSP } from '../../electron/core/renderer-files';
import { bodyBox, screen, titleBox } from '../support/app';
import { scratchDir } from '../support/processes';

/*
 * The Electron window as far as it can run here (no Electron binary can be downloaded): the built
 * renderer served by the app scheme's handler, the built sandboxed preload, and the IPC handler
 * with its sender check, all in Debian's Chromium over one real core (SQLite store, embedded
 * reference service, the real keychain). Three stand-ins, each for a piece of Electron itself:
 * - Playwright cannot route a custom scheme, so http://app.quire.test/ is routed to the handler
 *   as quire://app/ (same paths, same headers, CSP included);
 * - the preload runs in the page's world, not an isolated one, with a stand-in `require` that
 *   offers `electron` only (what a sandboxed preload may require) and whose ipcRenderer is a
 *   Playwright binding; its contextBridge copies what is exposed as Electron documents: values
 *   copied and frozen, functions proxied, and an error thrown across reaching the page as a bare
 *   `Error` with its message only;
 * - that binding passes the calling frame to handleRendererCall as Electron's senderFrame would.
 */
const ORIGIN = 'http://app.quire.test';
const toAppUrl = (url: string): string =>
  url.startsWith(`${ORIGIN}/`) ? `quire://app/${url.slice(ORIGIN.length + 1)}` : url;

function preloadScript(): string {
  const bundle = readFileSync(join('out', 'preload', 'index.cjs'), 'utf8');
  return `(() => {
  const listeners = new Set();
  const bare = (error) => new Error(error && error.message);
  const across = (value) => {
    if (typeof value === 'function')
      return (...args) => {
        let result;
        try {
          result = value(...args);
        } catch (error) {
          throw bare(error);
        }
        return result && typeof result.then === 'function'
          ? result.then(across, (error) => Promise.reject(bare(error)))
          : across(result);
      };
    if (value === null || typeof value !== 'object') return value;
    const copy = Array.isArray(value) ? [] : {};
    for (const [name, member] of Object.entries(value)) copy[name] = across(member);
    return Object.freeze(copy);
  };
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key, value) =>
        Object.defineProperty(window, key, { value: across(value), enumerable: true }),
    },
    ipcRenderer: {
      invoke: (channel, ...args) => window.__electronInvoke(channel, ...args),
      on: (channel, listener) => listeners.add({ channel, listener }),
      removeListener: (channel, listener) => {
        for (const entry of listeners)
          if (entry.channel === channel && entry.listener === listener) listeners.delete(entry);
      },
    },
  };
  Object.defineProperty(window, '__electronSend', {
    value: (channel, payload) => {
      for (const entry of listeners) if (entry.channel === channel) entry.listener({}, payload);
    },
  });
  const require = (id) => {
    if (id === 'electron') return electron;
    throw new Error('A sandboxed preload cannot require ' + id);
  };
  const module = { exports: {} };
  ((require, module, exports) => {
${bundle}
  })(require, module, module.exports);
})();`;
}

let dir: string;
let core: Core;
let credentialService: string;
test.beforeAll(async () => {
  dir = scratchDir('electron-window');
  credentialService = `Quire e2e electron window ${randomUUID()}`;
  core = await createCore({
    dataDir: join(dir, 'data'),
    credentials: new KeytarCredentialStore(credentialService),
    version: '0.0.0-e2e',
  });
});
test.afterAll(async () => {
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the Electron window: app scheme, sandboxed preload and IPC sender check', async ({
  page,
}) => {
  const handle = appProtocolHandler(join('out', 'renderer'));
  const served: string[] = [];
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = toAppUrl(route.request().url());
    served.push(url);
    const response = await handle(new Request(url, { method: route.request().method() }));
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });

  const trusted: TrustedRenderer = { webContentsId: 1, url: APP_URL };
  const refused: string[] = [];
  await page.exposeBinding(
    '__electronInvoke',
    async ({ frame }: { frame: Frame }, channel: string, name: unknown, input: unknown) => {
      if (channel !== CALL_CHANNEL) throw new Error(`The preload invoked ${channel}`);
      const sender = {
        webContentsId: 1,
        frameUrl: toAppUrl(frame.url()),
        isMainFrame: frame === page.mainFrame(),
      };
      const envelope = await handleRendererCall(core, sender, trusted, name, input);
      if (!envelope.ok && envelope.error.kind === 'unauthorized') refused.push(String(name));
      return envelope;
    },
  );
  const unsubscribe = core.subscribe(
    (event) =>
      void page
        .evaluate(([channel, payload]) => (globalThis as any).__electronSend(channel, payload), [
          EVENT_CHANNEL,
          event,
        ] as const)
        .catch(() => undefined),
  );

  await page.addInitScript({ content: preloadScript() });
  const response = await page.goto(`${ORIGIN}/index.html`);
  expect(response?.headers()['content-security-policy']).toBe(RENDERER_CSP);
  await expect(page.getByText('Writing for')).toContainText('Local sample');
  await expect(page.locator('tbody tr')).toHaveCount(20);
  // The bridge is the preload's one frozen object; the page has no require and no process.
  expect(
    await page.evaluate(() => {
      const scope = globalThis as any;
      return {
        frozen: Object.isFrozen(scope.quire),
        require: typeof scope.require,
        process: typeof scope.process,
      };
    }),
  ).toEqual({ frozen: true, require: 'undefined', process: 'undefined' });
  await screen(page, '13-electron-window', 'posts');

  // A refusal crosses with its kind and fields: the dialog marks the field it is about.
  await page.getByRole('button', { name: 'Add publication' }).click();
  const add = page.getByRole('dialog', { name: 'Add publication' });
  await add.getByLabel('Service address').fill('http://blog.example.com');
  await add.getByLabel('Subdomain').fill('notes');
  await add.getByLabel('Access token').fill('quire_anything');
  await add.getByRole('button', { name: 'Add publication' }).click();
  await expect(add.getByLabel('Service address')).toHaveAttribute('aria-invalid', 'true');
  await expect(add.getByRole('alert')).toHaveText('Check the field marked above.');
  await add.getByRole('button', { name: 'Cancel' }).click();

  // A draft written here travels preload → IPC → core → embedded service, and its sync state
  // comes back as an event on the other channel.
  await page.getByRole('button', { name: 'New post' }).click();
  await titleBox(page).fill('Written in the window');
  await titleBox(page).press('Enter');
  await page.keyboard.type('Through the preload and back.');
  await page.keyboard.press('Control+s');
  await page.getByRole('button', { name: 'Publish to Local sample' }).click();
  await expect(page.getByRole('button', { name: 'Unpublish from Local sample' })).toBeVisible();
  await expect(page.getByText('Synced', { exact: true }).first()).toBeVisible();
  await expect(bodyBox(page)).toContainText('Through the preload and back.');
  await screen(page, '13-electron-window', 'published');

  expect(refused).toEqual([]);
  // Every file came through the app scheme; nothing asked the browser host's HTTP API.
  expect(served.length).toBeGreaterThan(2);
  expect(served.every((url) => url.startsWith('quire://app/'))).toBe(true);
  expect(served.some((url) => url.includes('/api/'))).toBe(false);

  // A frame inside the window gets the same preload but not the core: only the main frame of
  // our page may call.
  await page.evaluate(() => {
    const frame = (globalThis as any).document.createElement('iframe');
    frame.name = 'inner';
    (globalThis as any).document.body.append(frame);
  });
  const inner = page.frame({ name: 'inner' });
  expect(inner).not.toBeNull();
  const innerCall = await inner!.evaluate(async () => {
    const quire = (globalThis as any).quire;
    if (!quire) return 'no bridge in the frame';
    // The preload hands back envelopes; a refusal is one, not a throw.
    return quire.publications
      .list({})
      .then((envelope: { ok: boolean; error?: { message: string } }) =>
        envelope.ok ? 'answered' : envelope.error?.message,
      );
  });
  expect(innerCall).toBe('Calls are accepted from the Quire window only');
  expect(refused).toEqual(['publications.list']);
  unsubscribe();
  expect(problems).toEqual([]);
});
