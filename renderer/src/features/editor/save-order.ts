/** Dispatched on window by the native menu's File › Save; the open editor saves at once. */
export const SAVE_REQUEST = 'quire:save-request';

const inflight = new Map<string, Promise<unknown>>();

/**
 * Remembers a draft's saves still on their way to the core. A draft closed a moment after typing
 * saves on the way out; reopening it must not show (and then autosave over) the text from before.
 */
export function trackSave<T>(draftId: string, save: Promise<T>): Promise<T> {
  const settled = Promise.allSettled([inflight.get(draftId), save]);
  inflight.set(draftId, settled);
  void settled.then(() => {
    if (inflight.get(draftId) === settled) inflight.delete(draftId);
  });
  return save;
}

/** Resolves once every save of the draft started so far has landed or failed. */
export async function savesSettled(draftId: string): Promise<void> {
  while (inflight.has(draftId)) await inflight.get(draftId);
}
