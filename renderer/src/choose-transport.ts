import { envelopeTransport, type EnvelopeBridge, type Transport } from '../../shared/bridge';
import { httpTransport, takeLaunchSession } from './host-transport';

interface Page {
  location: Pick<Location, 'protocol' | 'hash' | 'pathname' | 'search'>;
  /** Set by the Electron preload; absent in the browser host. */
  quire?: EnvelopeBridge | undefined;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  history: Pick<History, 'replaceState'>;
}

/** The page Electron loads (electron/core/app-protocol.ts's scheme). */
const ELECTRON_PAGE_PROTOCOL = 'quire:';

/**
 * IPC when the preload gave the bridge, HTTP in the browser host. In Electron's window with no
 * bridge (its preload failed to load), every call says so: falling back to HTTP there, each
 * call failed "not a result (HTTP 405)" and the page retried events for ever (a review).
 */
export function chooseTransport(page: Page): Transport {
  if (page.quire) return envelopeTransport(page.quire);
  if (page.location.protocol === ELECTRON_PAGE_PROTOCOL) return noBridge;
  return httpTransport(takeLaunchSession(page.location, page.storage, page.history));
}

const noBridge: Transport = {
  call: async () => ({
    ok: false,
    error: {
      kind: 'internal',
      message:
        "Quire's window could not reach the app: part of Quire failed to load. Quit Quire and start it again; if this stays, reinstall Quire. Your saved drafts are kept.",
    },
  }),
  subscribe: () => () => {},
};
