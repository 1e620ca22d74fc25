import type { UnsyncedView } from '../../../../shared/views';

const SHOWN = 6;

const WHY: Record<UnsyncedView['why'], string> = {
  new: 'not on the service yet',
  edits: 'edits not on the service yet',
  held: 'edits not live: Update not pressed',
  conflict: 'in conflict: a version to choose',
  refused: 'refused by the service: a fix to make',
  delete: 'a Delete not sent yet',
  'may-land': 'deleted, then kept: may still be deleted on the service',
};

/**
 * Which posts and pages Remove would lose, and why each has not gone (a writer's review: the
 * dialog said how many, and what they might be, not which they were). The very list Remove sends
 * as the ones the writer agrees to lose (review P12: two reads of it could differ).
 */
export function UnsyncedList({ items }: { items: readonly UnsyncedView[] | undefined }) {
  if (!items?.length) return null;
  const more = items.length - SHOWN;
  return (
    <ul className="unsynced-list">
      {items.slice(0, SHOWN).map((one) => (
        <li key={one.draftId}>
          “{one.title || 'Untitled'}”{one.kind === 'page' ? ' (page)' : ''}: {WHY[one.why]}
        </li>
      ))}
      {more > 0 && <li>and {more === 1 ? '1 more' : `${more} more`}</li>}
    </ul>
  );
}
