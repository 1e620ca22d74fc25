import { queryOptions } from '@tanstack/react-query';
import { bridge } from '../../bridge';

export const publicationKeys = {
  all: ['publications'] as const,
  one: (publicationId: string) => ['publications', publicationId] as const,
};

export const publicationsQuery = () =>
  queryOptions({
    queryKey: publicationKeys.all,
    queryFn: () => bridge.publications.list({}),
    staleTime: 30_000,
  });
