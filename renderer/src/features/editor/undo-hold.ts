/** The longest a writer on the Undo holds a delete back, from the Delete. */
export const UNDO_HELD_AT_MOST_MS = 60_000;

/**
 * Asks for more time to undo while the writer is on the offer, up to a minute from the Delete: a
 * writer who walked away from the focused Undo must still see the delete go. The new deadline,
 * or null when no more is given (too late, or the minute is up).
 */
export function holdUndoUpTo(
  ask: () => Promise<number>,
  deletedAt: number,
  now: () => number = Date.now,
): () => Promise<number | null> {
  const last = deletedAt + UNDO_HELD_AT_MOST_MS;
  return async () => {
    if (now() >= last) return null;
    try {
      return Math.min(await ask(), last);
    } catch {
      return null;
    }
  };
}
