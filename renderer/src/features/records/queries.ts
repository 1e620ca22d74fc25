import { queryOptions } from '@tanstack/react-query';
import type { RecordKind } from '../../../../shared/model';
import { searchQuery } from '../../../../shared/search-words';
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
  cachedPage: (p: ListParams) => [...recordKeys.page(p), 'kept'] as const,
  search: (publicationId: string, kind: RecordKind, query: string, draftsOnly: boolean) =>
    [...recordKeys.searches(publicationId, kind), query, { draftsOnly }] as const,
  searches: (publicationId: string, kind: RecordKind) =>
    [...recordKeys.kind(publicationId, kind), 'search'] as const,
  whole: (publicationId: string, kind: RecordKind) =>
    [...recordKeys.kind(publicationId, kind), 'whole'] as const,
  tags: (publicationId: string) => [...recordKeys.all(publicationId), 'tags'] as const,
};

/**
 * Keeps what is on screen while the next page, page size, filter or search of the same list
 * loads: no flash of emptiness. Rows of another publication or kind are never shown in their
 * place, not even for a moment, under the new list's heading.
 */
export function keepWithinList(publicationId: string, kind: RecordKind) {
  const list = JSON.stringify(recordKeys.kind(publicationId, kind));
  return <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) => {
    const key = previousQuery?.queryKey;
    if (!key) return undefined;
    const prefix = JSON.stringify(key.slice(0, recordKeys.kind(publicationId, kind).length));
    return prefix === list ? previous : undefined;
  };
}

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
    placeholderData: keepWithinList(params.publicationId, params.kind),
    staleTime: 15_000,
    // The copy on this computer is shown while the service is away: ask again now and then.
    refetchInterval: (query) => (query.state.data?.fromCache ? 15_000 : false),
  });

/**
 * The copy of a page this computer kept, read without asking the service: shown at once (after a
 * restart, say) while the service is asked for the page, never in place of its answer.
 */
export const keptPageQuery = (params: ListParams) =>
  queryOptions({
    queryKey: recordKeys.cachedPage(params),
    queryFn: () => bridge.records.cachedPage(params),
    staleTime: Infinity,
    gcTime: 60_000,
  });

export const recordSearchQuery = (
  publicationId: string,
  kind: RecordKind,
  query: string,
  draftsOnly = false,
) =>
  queryOptions({
    queryKey: recordKeys.search(publicationId, kind, searchQuery(query), draftsOnly),
    // A pasted passage went whole, over the contract's length: "Invalid input" (a review).
    queryFn: () =>
      bridge.records.search({ publicationId, kind, query: searchQuery(query), draftsOnly }),
    enabled: query.trim().length > 0,
    placeholderData: keepWithinList(publicationId, kind),
  });

/**
 * The whole list fetched into this computer's copy, so a search covers all of it. Only on the
 * writer's word (it can take a minute); the answer is kept for as long as the app runs.
 */
export const wholeListQuery = (publicationId: string, kind: RecordKind) =>
  queryOptions({
    queryKey: recordKeys.whole(publicationId, kind),
    queryFn: () => bridge.records.fetchAll({ publicationId, kind }),
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
