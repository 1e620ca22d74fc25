import { createBridge, type Bridge, type Transport } from '../../shared/bridge';
import type { CoreEvent, Envelope } from '../../shared/views';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser host. */
    readonly quire?: Bridge;
  }
}

/** The browser host's transport: same contract, over same-origin HTTP with the session cookie. */
const httpTransport: Transport = {
  async call(name, input) {
    let response: Response;
    try {
      response = await fetch(`/api/call/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ input }),
      });
    } catch {
      return { ok: false, error: { kind: 'offline', message: 'The Quire host is not running' } };
    }
    return (await response.json()) as Envelope<unknown>;
  },
  subscribe(listener) {
    const source = new EventSource('/api/events');
    source.onmessage = (message: MessageEvent<string>) =>
      listener(JSON.parse(message.data) as CoreEvent);
    return () => source.close();
  },
};

export const bridge: Bridge = window.quire ?? createBridge(httpTransport);
