import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEnvelopeBridge, type Transport } from '../../shared/bridge';
import { chooseTransport } from './choose-transport';

const page = (protocol: string, quire?: ReturnType<typeof createEnvelopeBridge>) => ({
  location: { protocol, hash: '', pathname: '/', search: '' },
  quire,
  storage: { getItem: () => null, setItem: () => {} },
  history: { replaceState: () => {} },
});

afterEach(() => vi.unstubAllGlobals());

describe('how the page reaches the core', () => {
  // The browser host's HTTP path is every end-to-end journey's (e2e/).
  it('in Electron’s window with no bridge (a preload that failed), says so and asks nothing over HTTP', async () => {
    // A spy only: it answers nothing, and must not be asked.
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    const transport = chooseTransport(page('quire:'));
    const answer = await transport.call('app.info', {});
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.error.message).toMatch(/could not reach the app.*start it again/);
    transport.subscribe(() => {})();
    expect(fetched).not.toHaveBeenCalled();
  });

  it('uses the bridge the preload gave, wherever the page is', async () => {
    const calls: string[] = [];
    const core: Transport = {
      call: async (name) => (calls.push(name), { ok: true, value: 'answered' }),
      subscribe: () => () => {},
    };
    const transport = chooseTransport(page('quire:', createEnvelopeBridge(core)));
    expect(await transport.call('app.info', {})).toEqual({ ok: true, value: 'answered' });
    expect(calls).toEqual(['app.info']);
  });
});
