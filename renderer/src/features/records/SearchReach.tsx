import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordKind } from '../../../../shared/model';
import { describeError } from '../../ui/errors';
import { useUi } from '../../ui-store';
import { publicationsQuery } from '../publications/queries';
import { recordKeys, wholeListQuery } from './queries';

const at = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/**
 * How far a search reaches: the service has no search, so it covers what this computer holds.
 * The writer can have the whole list fetched (pages of 100) to search all of it.
 */
export function SearchReach({
  publicationId,
  publicationName,
  kind,
  total,
  reachable,
  allShown,
  onStart,
}: {
  publicationId: string;
  publicationName: string;
  kind: RecordKind;
  /** The list's size as the service last gave it, if known. */
  total: number | null;
  reachable: boolean;
  /** The whole list is one page, just read from the service: this computer has all of it. */
  allShown: boolean;
  onStart(): void;
}) {
  const queryClient = useQueryClient();
  const whole = useQuery(wholeListQuery(publicationId, kind));
  const plural = kind === 'post' ? 'posts' : 'pages';
  const about = `fetch-all:${publicationId}:${kind}`;
  const fetchAll = async () => {
    onStart();
    useUi.getState().dismissAbout(about);
    const result = await whole.refetch();
    // Whatever came in before a failure is in this computer's copy: searches see it either way.
    await queryClient.invalidateQueries({ queryKey: recordKeys.searches(publicationId, kind) });
    const stoppedBy = result.error ? describeError(result.error) : result.data?.stoppedBy;
    // Not of a publication removed meanwhile (review P2: "… That publication is no longer in
    // Quire", after its notices had gone with it).
    const still = queryClient
      .getQueryData(publicationsQuery().queryKey)
      ?.some((publication) => publication.id === publicationId);
    if (stoppedBy && still !== false)
      // Named, and gone with its publication (review P1: it stayed after a switch, and after
      // the publication was removed, naming none).
      useUi.getState().notify({
        tone: 'error',
        about,
        publicationId,
        message: `Not all ${plural} of ${publicationName} could be fetched: ${stoppedBy}`,
      });
  };
  const fetchButton = (label: string) => (
    <button type="button" className="small" onClick={() => void fetchAll()}>
      {label}
    </button>
  );

  if (whole.isFetching)
    return (
      <p className="hint" aria-busy="true">
        Fetching the {plural} of {publicationName}, 100 at a time…
      </p>
    );
  if (whole.data) {
    const { fetched, total: all, complete, stoppedBy } = whole.data;
    const when = at.format(whole.dataUpdatedAt);
    if (stoppedBy)
      return (
        <p className="hint search-reach">
          The search covers the newest {fetched} of {all} {plural} of {publicationName}: fetching
          stopped there at {when}. {reachable && fetchButton(`Fetch all ${all} ${plural} again`)}
        </p>
      );
    return (
      <p className="hint">
        {complete
          ? `The search covers all ${all} ${plural} of ${publicationName}, as fetched at ${when}.`
          : `The search covers the newest ${fetched} of ${all} ${plural} of ${publicationName}, fetched at ${when}.`}
      </p>
    );
  }
  // Offered for a list whose every record was on screen, fetching added nothing (a writer's
  // review: "Fetch all 3 pages" under "Page 1 of 1").
  if (allShown && total !== null)
    return (
      <p className="hint">
        {total === 1
          ? `The search covers the one ${kind} of ${publicationName}.`
          : `The search covers all ${total} ${plural} of ${publicationName}.`}
      </p>
    );
  if (!reachable) return null;
  return (
    <p className="hint search-reach">
      The search covers the {plural} this computer has seen.{' '}
      {fetchButton(
        total === null
          ? `Fetch all ${plural} to search them`
          : `Fetch all ${total} ${plural} to search them`,
      )}
    </p>
  );
}
