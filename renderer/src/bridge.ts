import { createBridge, type Bridge, type EnvelopeBridge } from '../../shared/bridge';
import { chooseTransport } from './choose-transport';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser host. */
    readonly quire?: EnvelopeBridge;
  }
}

export const bridge: Bridge = createBridge(
  chooseTransport({
    location: window.location,
    quire: window.quire,
    storage: sessionStorage,
    history,
  }),
);
