import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RecordKind } from '../../../../shared/model';
import { bridge } from '../../bridge';
import { publicationKeys } from '../publications/queries';

export interface ListParams {
  publicationId: string;
  kind: RecordKind;
  page: number;
  perPage: 10 | 20 | 50 | 100;
  draftsOnly: boolean;
}

export const recordKeys = {
  all: (publicationId: string) => [...publicationKeys.one(publicationId), 'records'] as const,
  kind: (publicationId: string, kind: RecordKind) =>
    [...recordKeys.all(publicationId), kind] as const,
  page: (p: ListParams) =>
    [
      ...recordKeys.kind(p.publicationId, p.kind),
      { page: p.page, perPage: p.perPage, draftsOnly: p.draftsOnly },
    ] as const,
  search: (publicationId: string, kind: RecordKind, query: string) =>
    [...recordKeys.kind(publicationId, kind), 'search', query] as const,
  tags: (publicationId: string) => [...recordKeys.all(publicationId), 'tags'] as const,
};

/** Tag names as seen on the publication's cached records (the service cannot list tags). */
export const knownTagsQuery = (publicationId: string) =>
  queryOptions({
    queryKey: recordKeys.tags(publicationId),
    queryFn: () => bridge.records.tags({ publicationId }),
    staleTime: 60_000,
  });

export const recordPageQuery = (params: ListParams) =>
  queryOptions({
    queryKey: recordKeys.page(params),
    queryFn: () => bridge.records.list(params),
    // The page on screen stays while the next one loads: no flash of emptiness.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const recordSearchQuery = (publicationId: string, kind: RecordKind, query: string) =>
  queryOptions({
    queryKey: recordKeys.search(publicationId, kind, query),
    queryFn: () => bridge.records.search({ publicationId, kind, query }),
    enabled: query.trim().length > 0,
    placeholderData: keepPreviousData,
  });
