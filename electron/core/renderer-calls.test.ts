import { describe, expect, it, vi } from 'vitest';
import { APP_URL } from './app-protocol';
import { handleRendererCall, isTrustedSender, type CallSender } from './renderer-calls';

const trustedApp = { webContentsId: 3, url: APP_URL };
const trustedDev = { webContentsId: 3, url: 'http://localhost:5173/' };
const ours: CallSender = {
  webContentsId: 3,
  frameUrl: 'quire://app/index.html#/posts',
  isMainFrame: true,
};

describe('isTrustedSender', () => {
  it('trusts the main frame of our window on our page', () => {
    expect(isTrustedSender(ours, trustedApp)).toBe(true);
    expect(isTrustedSender({ ...ours, frameUrl: 'http://localhost:5173/editor' }, trustedDev)).toBe(
      true,
    );
  });

  it.each([
    ['another window', { ...ours, webContentsId: 4 }],
    ['a subframe', { ...ours, isMainFrame: false }],
    ['a file', { ...ours, frameUrl: 'file:///tmp/evil.html' }],
    ['another host of our scheme', { ...ours, frameUrl: 'quire://evil/index.html' }],
    // Node gives data: and quire: the same origin ("null"); comparing origins would pass these.
    ['a data: page', { ...ours, frameUrl: 'data:text/html,<script>quire.x()</script>' }],
    ['a blob: page', { ...ours, frameUrl: 'blob:null/3f1c' }],
    ['a web page', { ...ours, frameUrl: 'https://evil.example/' }],
    ['a frame without a URL', { ...ours, frameUrl: undefined }],
    ['a malformed URL', { ...ours, frameUrl: 'not a url' }],
  ])('refuses %s', (_label, sender) => {
    expect(isTrustedSender(sender, trustedApp)).toBe(false);
  });

  it('trusts no page loaded from file: (every local file would pass as the renderer)', () => {
    const fileRenderer = { webContentsId: 3, url: 'file:///opt/Quire/out/renderer/index.html' };
    expect(isTrustedSender({ ...ours, frameUrl: fileRenderer.url }, fileRenderer)).toBe(false);
  });

  it('refuses another origin when running against the dev server', () => {
    expect(isTrustedSender({ ...ours, frameUrl: 'http://localhost:5174/' }, trustedDev)).toBe(
      false,
    );
    expect(isTrustedSender({ ...ours, frameUrl: 'http://127.0.0.1:5173/' }, trustedDev)).toBe(
      false,
    );
  });
});

describe('handleRendererCall', () => {
  it('never reaches the core for a foreign sender', async () => {
    // A spy stands in for the core here: the question is only whether it is reached at all.
    // Malformed input through the real core is refused in service.test.ts (same dispatch).
    const core = { dispatch: vi.fn(async () => ({ ok: true as const, value: 1 })) };
    const refused = await handleRendererCall(
      core,
      { ...ours, frameUrl: 'https://evil.example/' },
      trustedApp,
      'publications.list',
      {},
    );
    expect(refused).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(await handleRendererCall(core, ours, undefined, 'publications.list', {})).toMatchObject({
      ok: false,
    });
    expect(core.dispatch).not.toHaveBeenCalled();
    expect(await handleRendererCall(core, ours, trustedApp, 'publications.list', {})).toEqual({
      ok: true,
      value: 1,
    });
    expect(core.dispatch).toHaveBeenCalledWith('publications.list', {});
  });
});
