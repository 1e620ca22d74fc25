import type { UnsyncedView } from '../../../../shared/views';

/** What Remove would lose: changes not on the service, and Deletes taken back that may land. */
export interface Counts {
  pending: number;
  mayLand: number;
}

/** Of what is left, what waits for the writer, by why (the rest waits for the service). */
export interface ForWriter {
  held: number;
  conflict: number;
  refused: number;
}

export function forWriterOf(list: readonly { why: UnsyncedView['why'] }[]): ForWriter {
  const count = (why: UnsyncedView['why']) => list.filter((one) => one.why === why).length;
  return { held: count('held'), conflict: count('conflict'), refused: count('refused') };
}

/** Sync now's answer, as Remove's dialog keeps it. */
export interface Synced {
  /** The live counts when Sync now was answered, until the live view moves from them. */
  from: Counts | null;
  counts: Counts;
  /** The service did not answer. */
  silent: boolean;
  forWriter: ForWriter;
  /** Its line stands: the live view has not moved on from it. */
  said: boolean;
  /** When it was answered (ms since the epoch). */
  at: number;
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

/**
 * Sync now's counts no longer stand once the list of what would be lost, read after its answer,
 * names another count: the live view shows (review P11: a change saved and taken back meanwhile,
 * the sidebar's count never moved, left "lose 2 changes" beside one named, and Remove waiting).
 */
export function afterListRead(synced: Synced, listed: number, readAt: number): Synced {
  if (synced.from === null || readAt <= synced.at || listed === synced.counts.pending)
    return synced;
  return { ...synced, from: null };
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
 * What Sync now left, and why: the service silent or still to be sent, or changes that wait for
 * the writer, each said by what it waits for (review P5: an edit of a live post, held for Update,
 * was blamed on the service; review P9: a Delete in its undo window was called the writer's).
 */
export function afterSync({ counts, silent, forWriter }: Synced, name: string): string {
  if (counts.pending === 0)
    return 'Everything has reached the service: nothing is lost by removing it.';
  const { held, conflict, refused } = forWriter;
  const forService = Math.max(0, counts.pending - held - conflict - refused);
  const sentences = [
    silent
      ? `Sync now could not send everything: ${name} did not answer.`
      : 'Sync now sent what it could.',
    forService === 1 && '1 change is still waiting for the service.',
    forService > 1 && `${forService} changes are still waiting for the service.`,
    held === 1 && '1 edit to a live post waits for your Update.',
    held > 1 && `${held} edits to live posts wait for your Update.`,
    conflict === 1 && '1 conflict waits for your choice.',
    conflict > 1 && `${conflict} conflicts wait for your choice.`,
    refused === 1 && '1 change the service refused waits for your fix.',
    refused > 1 && `${refused} changes the service refused wait for your fix.`,
  ];
  return sentences.filter((one): one is string => typeof one === 'string').join(' ');
}
