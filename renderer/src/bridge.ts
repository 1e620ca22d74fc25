import { createBridge, type Bridge } from '../../shared/bridge';
import { httpTransport, takeLaunchSession } from './host-transport';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser host. */
    readonly quire?: Bridge;
  }
}

export const bridge: Bridge =
  window.quire ??
  createBridge(httpTransport(takeLaunchSession(window.location, sessionStorage, history)));
