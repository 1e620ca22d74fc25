import type { PublicationView } from '../../../../shared/views';

const edits = (n: number) => (n === 1 ? '1 edit' : `${n} edits`);

/**
 * The sidebar's counts of what is not on the service. An edit to a live post held for Update is
 * named as the list's badge and the banner name it, "not live", not counted as unsynced: nothing
 * is wrong with sync, it waits for the writer (a writer's review: "1 unsynced" beside "Edits not
 * live" for the same edit).
 */
export function unsentDetail(
  view: Pick<PublicationView, 'pendingChanges' | 'heldEdits'>,
): string[] {
  const unsynced = view.pendingChanges - view.heldEdits;
  return [
    ...(unsynced > 0 ? [`${unsynced} unsynced`] : []),
    ...(view.heldEdits > 0 ? [`${edits(view.heldEdits)} not live`] : []),
  ];
}
