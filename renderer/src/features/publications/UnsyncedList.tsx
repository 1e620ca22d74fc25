import { useQuery } from '@tanstack/react-query';
import type { UnsyncedView } from '../../../../shared/views';
import { unsyncedQuery } from './queries';

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
 * dialog said how many, and what they might be, not which they were).
 */
export function UnsyncedList({
  publicationId,
  counts,
}: {
  publicationId: string;
  /** Read again whenever these move. */
  counts: readonly number[];
}) {
  const { data } = useQuery(unsyncedQuery(publicationId, counts));
  if (!data?.length) return null;
  const more = data.length - SHOWN;
  return (
    <ul className="unsynced-list">
      {data.slice(0, SHOWN).map((one) => (
        <li key={one.draftId}>
          “{one.title || 'Untitled'}”{one.kind === 'page' ? ' (page)' : ''}: {WHY[one.why]}
        </li>
      ))}
      {more > 0 && <li>and {more === 1 ? '1 more' : `${more} more`}</li>}
    </ul>
  );
}
