/** Dispatched on window by the native menu's File › Save; the open editor saves at once. */
export const SAVE_REQUEST = 'quire:save-request';

const inflight = new Map<string, Promise<boolean>>();

/**
 * Remembers a draft's saves still on their way to the core, each resolving to whether it landed.
 * A draft closed a moment after typing saves on the way out; reopening it must not show (and then
 * autosave over) the text from before.
 */
export function trackSave(draftId: string, save: Promise<boolean>): Promise<boolean> {
  const settled = Promise.allSettled([inflight.get(draftId), save]).then(
    ([, last]) => last.status === 'fulfilled' && last.value,
  );
  inflight.set(draftId, settled);
  void settled.then(() => {
    if (inflight.get(draftId) === settled) inflight.delete(draftId);
  });
  return save;
}

/**
 * Resolves once every save of the draft started so far has landed or failed: true when the
 * newest one landed (it carries every word before it), and when there was none.
 */
export async function savesSettled(draftId: string): Promise<boolean> {
  let landed = true;
  for (let pending = inflight.get(draftId); pending; pending = inflight.get(draftId))
    landed = await pending;
  return landed;
}
