import { describe, expect, it, vi } from 'vitest';
import { METHOD_NAMES } from '../../shared/contract';
import { CALL_CHANNEL, EVENT_CHANNEL } from '../../shared/ipc';

// No Electron binary can run here, so `electron` is replaced by a recording stand-in: the test
// checks what the preload hands to contextBridge and what it sends over ipcRenderer.
const exposed: Record<string, unknown> = {};
const invoke = vi.fn(async (..._args: unknown[]) => ({ ok: true, value: ['result'] }));
const listeners = new Map<string, (...args: unknown[]) => void>();
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => invoke(...args),
    on: (channel: string, listener: (...args: unknown[]) => void) =>
      listeners.set(channel, listener),
    removeListener: (channel: string) => listeners.delete(channel),
  },
}));

describe('the preload bridge', () => {
  it('exposes exactly one frozen object, derived from the contract, and nothing of ipcRenderer', async () => {
    await import('./preload');
    expect(Object.keys(exposed)).toEqual(['quire']);
    const bridge = exposed.quire as Record<string, Record<string, unknown>>;
    expect(Object.isFrozen(bridge)).toBe(true);
    const areas = [...new Set(METHOD_NAMES.map((name) => name.split('.')[0]))];
    expect(Object.keys(bridge).sort()).toEqual([...areas, 'onEvent'].sort());
    for (const name of METHOD_NAMES) {
      const [area, method] = name.split('.') as [string, string];
      expect(Object.isFrozen(bridge[area])).toBe(true);
      expect(typeof bridge[area]?.[method]).toBe('function');
    }
    const text =
      JSON.stringify(Object.keys(bridge)) +
      Object.values(bridge)
        .map((a) => Object.keys(a))
        .join();
    expect(text).not.toMatch(/ipc|invoke|send|require|process/i);
  });

  it('sends a call on the one channel and hands back its envelope, failures included', async () => {
    const bridge = exposed.quire as any;
    await expect(bridge.publications.list({})).resolves.toEqual({ ok: true, value: ['result'] });
    expect(invoke).toHaveBeenLastCalledWith(CALL_CHANNEL, 'publications.list', {});
    // Not thrown: Electron's contextBridge would strip a thrown error to its message.
    const offline = { ok: false, error: { kind: 'offline', message: 'down' } };
    invoke.mockResolvedValueOnce(offline as never);
    await expect(bridge.sync.syncNow({})).resolves.toEqual(offline);
    // A main process that throws instead of answering still gets an envelope to the page.
    invoke.mockRejectedValueOnce(new Error('No handler registered'));
    await expect(bridge.sync.syncNow({})).resolves.toEqual({
      ok: false,
      error: { kind: 'internal', message: 'No handler registered' },
    });
  });

  it('gives the page its own QuireError, kind and fields kept, over what the window exposes', async () => {
    const { createBridge, envelopeTransport } = await import('../../shared/bridge');
    const { QuireError } = await import('../../shared/errors');
    const page = createBridge(envelopeTransport(exposed.quire as never));
    invoke.mockResolvedValueOnce({
      ok: false,
      error: {
        kind: 'validation',
        message: 'Check the fields',
        fields: { baseUrl: ['Use https'] },
      },
    } as never);
    const error = await page.publications.list({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QuireError);
    expect(error).toMatchObject({ kind: 'validation', fields: { baseUrl: ['Use https'] } });
  });

  it('delivers events and lets the page unsubscribe', async () => {
    const bridge = exposed.quire as any;
    const seen: unknown[] = [];
    const unsubscribe = bridge.onEvent((event: unknown) => seen.push(event));
    listeners.get(EVENT_CHANNEL)?.({}, { type: 'publications-changed' });
    expect(seen).toEqual([{ type: 'publications-changed' }]);
    unsubscribe();
    expect(listeners.has(EVENT_CHANNEL)).toBe(false);
  });
});
