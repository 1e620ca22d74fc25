import { contextBridge, ipcRenderer } from 'electron';
import { createEnvelopeBridge } from '../../shared/bridge';
import { CALL_CHANNEL, EVENT_CHANNEL } from '../../shared/ipc';
import type { CoreEvent, Envelope } from '../../shared/views';

// One frozen object, derived from the contract; nothing of ipcRenderer crosses into the page.
// Its methods resolve to envelopes: an error thrown across the context bridge would reach the
// page as a bare Error, without the kind and fields the page decides on.
const bridge = createEnvelopeBridge({
  call: (name, input) =>
    ipcRenderer.invoke(CALL_CHANNEL, name, input) as Promise<Envelope<unknown>>,
  subscribe: (listener) => {
    const forward = (_event: unknown, payload: CoreEvent): void => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
});

contextBridge.exposeInMainWorld('quire', bridge);
