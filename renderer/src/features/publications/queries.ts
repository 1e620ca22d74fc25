import { queryOptions } from '@tanstack/react-query';
import type { PublicationView } from '../../../../shared/views';
import { bridge } from '../../bridge';

// `all` is everything kept of every publication (their lists of posts and pages too); `list`
// only the list of publications, so that refreshing a name or the active one reads no post again.
export const publicationKeys = {
  all: ['publications'] as const,
  list: ['publications', 'list'] as const,
  one: (publicationId: string) => ['publications', 'one', publicationId] as const,
  /** Every publication's list of what is not on the service: read again on any draft's change. */
  unsyncedAll: ['publications', 'unsynced'] as const,
  unsynced: (publicationId: string) => ['publications', 'unsynced', publicationId] as const,
};

/**
 * What a publication has not on the service. Keyed by the publication alone, so that the list
 * read before stays on screen while it is read again (review P12: keyed by the counts as well, it
 * blinked out whenever they moved, and a count come back showed a list read long before).
 */
export const unsyncedQuery = (publicationId: string) =>
  queryOptions({
    queryKey: publicationKeys.unsynced(publicationId),
    queryFn: () => bridge.publications.unsynced({ id: publicationId }),
  });

export const publicationsQuery = () =>
  queryOptions({
    queryKey: publicationKeys.list,
    queryFn: () => bridge.publications.list({}),
    staleTime: 30_000,
  });

/**
 * The publications as the writer sees them: a switch the core has not answered yet shows its
 * publication active, whatever a re-read meanwhile says (review P3: an event's re-read turned the
 * sidebar back, and New post opened on the publication left).
 */
export const shownActive =
  (switchingTo: string | null) =>
  (list: PublicationView[]): PublicationView[] =>
    switchingTo === null || !list.some((publication) => publication.id === switchingTo)
      ? list
      : list.map((publication) => ({ ...publication, active: publication.id === switchingTo }));

/** Whether the Local sample runs but was removed: Add publication offers it back. */
export const sampleAwayQuery = () =>
  queryOptions({
    queryKey: ['app', 'info'] as const,
    queryFn: () => bridge.app.info({}),
    select: (info) => info.sampleAway,
  });
