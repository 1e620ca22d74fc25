import { useSyncExternalStore } from 'react';

/**
 * How many actions (a Delete, a replaced text) are on their way for each draft, kept above its
 * editor: a replaced text that lands remounts the editor, and a count kept in the editor started
 * again at nothing while a Delete pressed meanwhile still waited. The reopened editor was
 * editable, words typed there were saved and took the Delete back, then the Delete's answer closed
 * the editor and said "Deleted" of a post that stayed (a review of the editor's ways out).
 */
const holds = new Map<string, number>();
const listeners = new Set<() => void>();

function changed(draftId: string, by: number): void {
  const count = (holds.get(draftId) ?? 0) + by;
  if (count > 0) holds.set(draftId, count);
  else holds.delete(draftId);
  for (const listener of listeners) listener();
}

/** Whether anything is on its way for the draft now. */
export function draftHeld(draftId: string): boolean {
  return holds.has(draftId);
}

/** Holds the draft until the function returned is called (once; later calls do nothing). */
export function holdDraft(draftId: string): () => void {
  changed(draftId, 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    changed(draftId, -1);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the draft is held, rendered again when that changes. */
export function useDraftHeld(draftId: string): boolean {
  return useSyncExternalStore(subscribe, () => draftHeld(draftId));
}
