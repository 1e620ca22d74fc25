/** What Remove would lose: changes not on the service, and Deletes taken back that may land. */
export interface Counts {
  pending: number;
  mayLand: number;
}

/** Sync now's answer, as Remove's dialog keeps it. */
export interface Synced {
  /** The live counts when Sync now was answered, until the live view moves from them. */
  from: Counts | null;
  counts: Counts;
  /** The service did not answer. */
  silent: boolean;
  /** Its line stands: the live view has not moved on from it. */
  said: boolean;
}

export const same = (a: Counts, b: Counts): boolean =>
  a.pending === b.pending && a.mayLand === b.mayLand;

/**
 * Sync now's answer as the live view moves. Its counts stand until the live view first moves
 * from where it was, and never again once it has (review P6: a change saved since, bringing the
 * live count back to where it had been, was shown as Sync now's lower count, and Remove lost more
 * than it said). Its line stands while the live view has not moved on from it, the sidebar
 * catching up with it not being a move (review P7: it was said again of counts come back by other
 * ways). The same object when nothing changes.
 */
export function followLive(synced: Synced, live: Counts): Synced {
  const stands = synced.from !== null && same(synced.from, live);
  const movedOn = synced.said && !same(synced.counts, live) && !stands;
  if (stands || (synced.from === null && !movedOn)) return synced;
  return { ...synced, from: null, said: synced.said && !movedOn };
}

/** The counts to show and act on, and Sync now's answer if its line is to be said. */
export function shownCounts(
  synced: Synced | null,
  live: Counts,
): { counts: Counts; line: Synced | null } {
  const stands = synced !== null && synced.from !== null && same(synced.from, live);
  const counts = stands ? synced.counts : live;
  return { counts, line: synced?.said && same(synced.counts, counts) ? synced : null };
}

/**
 * What Sync now left, and why: the service silent, or changes that wait for the writer, not for
 * it (review P5: an edit of a live post, held for Update, was blamed on the service).
 */
export function afterSync({ counts, silent }: Synced, name: string): string {
  const waiting = counts.pending === 1 ? '1 change is' : `${counts.pending} changes are`;
  if (counts.pending === 0)
    return 'Everything has reached the service: nothing is lost by removing it.';
  return silent
    ? `Sync now could not send everything: ${waiting} still waiting. ${name} did not answer.`
    : `Sync now sent what it could; ${waiting} waiting for you, not for the service: an edit to a live post for its Update, a conflict for your choice, or a refused change for your fix.`;
}
