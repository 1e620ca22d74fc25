import { useEffect } from 'react';
import { bridge } from '../../bridge';
import { savesSettled } from './save-order';

const openEditors = new Map<string, number>();
const inflight = new Set<Promise<unknown>>();

/** Resolves once every leave started so far has been answered (tests wait on it). */
export async function leavesSettled(): Promise<void> {
  await Promise.all([...inflight]);
}

/**
 * Tells the core when the writer leaves a draft, so a new one left without a word is dropped
 * (the core decides: anything written stays). Waits for the save on the way out, and skips a
 * draft opened again meanwhile, which includes StrictMode's rehearsal unmount in development.
 */
export function useLeaveOnClose(draftId: string): void {
  useEffect(() => {
    openEditors.set(draftId, (openEditors.get(draftId) ?? 0) + 1);
    return () => {
      const remaining = (openEditors.get(draftId) ?? 1) - 1;
      if (remaining > 0) openEditors.set(draftId, remaining);
      else openEditors.delete(draftId);
      // A microtask later, so the editor's own unmount has already tracked its last save.
      const leaving = Promise.resolve()
        .then(() => savesSettled(draftId))
        // Unsaved words (a full disk) may be all a new draft has: it is not empty, only unsaved.
        .then((saved) =>
          !saved || openEditors.has(draftId) ? undefined : bridge.drafts.leave({ draftId }),
        )
        // Failing to tidy away an empty draft costs nothing: it stays in the list.
        .catch(() => undefined)
        .finally(() => inflight.delete(leaving));
      inflight.add(leaving);
    };
  }, [draftId]);
}
