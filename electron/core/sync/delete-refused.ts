import type { Draft, LocalStore } from '../store/local-store';

const key = (draftId: string): string => `delete-refused:${draftId}`;

/**
 * A Delete not sent because a colleague had changed the post: remembered beside the draft, not as
 * its error. The draft is in step with the service then, and a "Not synced" row said otherwise.
 */
export function noteRefusedDelete(
  store: LocalStore,
  draftId: string,
  seen: string | null,
  message?: string,
): void {
  store.setSetting(...refusedDeleteSetting(draftId, seen, message));
}

/** The note of a refused Delete as a setting, for a store write that does more with it. */
export const refusedDeleteSetting = (
  draftId: string,
  seen: string | null,
  message?: string,
): [string, string | null] => [
  key(draftId),
  message && seen ? JSON.stringify({ seen, message }) : null,
];

/**
 * What to tell the writer of a refused Delete, while the draft is still the version it showed:
 * once they write in it, or the service has moved on, the sentence is history.
 */
export function refusedDeleteNote(draft: Draft, store: LocalStore): string | null {
  const stored = store.getSetting(key(draft.id));
  if (!stored) return null;
  const { seen, message } = JSON.parse(stored) as { seen: string; message: string };
  const asShown = draft.base?.updatedAt === seen && draft.localRev === draft.syncedRev;
  return asShown && !draft.conflict && !draft.lastError ? message : null;
}

/**
 * The base followed a write of Quire's own that changed nothing the writer sees (a fence): a
 * refused Delete's note, about the version it was at, follows it.
 */
export function followRefusedDelete(
  store: LocalStore,
  draftId: string,
  from: string,
  to: string,
): void {
  const stored = store.getSetting(key(draftId));
  if (!stored) return;
  const note = JSON.parse(stored) as { seen: string; message: string };
  if (note.seen === from) store.setSetting(key(draftId), JSON.stringify({ ...note, seen: to }));
}
