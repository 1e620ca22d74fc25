import {
  createBridge,
  envelopeTransport,
  type Bridge,
  type EnvelopeBridge,
} from '../../shared/bridge';
import { httpTransport, takeLaunchSession } from './host-transport';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser host. */
    readonly quire?: EnvelopeBridge;
  }
}

export const bridge: Bridge = createBridge(
  window.quire
    ? envelopeTransport(window.quire)
    : httpTransport(takeLaunchSession(window.location, sessionStorage, history)),
);
