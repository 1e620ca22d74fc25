import { queryOptions } from '@tanstack/react-query';
import { bridge } from '../../bridge';

// `all` is everything kept of every publication (their lists of posts and pages too); `list`
// only the list of publications, so that refreshing a name or the active one reads no post again.
export const publicationKeys = {
  all: ['publications'] as const,
  list: ['publications', 'list'] as const,
  one: (publicationId: string) => ['publications', 'one', publicationId] as const,
};

export const publicationsQuery = () =>
  queryOptions({
    queryKey: publicationKeys.list,
    queryFn: () => bridge.publications.list({}),
    staleTime: 30_000,
  });

/** Whether the Local sample runs but was removed: Add publication offers it back. */
export const sampleAwayQuery = () =>
  queryOptions({
    queryKey: ['app', 'info'] as const,
    queryFn: () => bridge.app.info({}),
    select: (info) => info.sampleAway,
  });
