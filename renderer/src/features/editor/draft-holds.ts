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

/**
 * The drafts whose Delete is on its way: one Delete per draft. Kept in the editor, an editor opened
 * again on the draft meanwhile took a second press: a second delete, a second "Deleted… Undo"
 * notice, and one Undo said "Too late to undo" of a post kept (review R4). Marked just before the
 * Delete's hold is taken and unmarked just before it goes: the hold's change renders it.
 */
const deletes = new Set<string>();

/** Marks the draft's Delete on its way until the function returned is called; null if it is. */
export function startDelete(draftId: string): (() => void) | null {
  if (deletes.has(draftId)) return null;
  deletes.add(draftId);
  return () => void deletes.delete(draftId);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the draft is held, rendered again when that changes. */
export function useDraftHeld(draftId: string): boolean {
  return useSyncExternalStore(subscribe, () => draftHeld(draftId));
}

/** Whether the draft's Delete is on its way, rendered again as its hold is taken and let go. */
export function useDeleteWaits(draftId: string): boolean {
  return useSyncExternalStore(subscribe, () => deletes.has(draftId));
}
