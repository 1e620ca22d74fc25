import { queryOptions } from '@tanstack/react-query';
import { bridge } from '../../bridge';

export const draftKeys = {
  all: ['drafts'] as const,
  one: (draftId: string) => ['drafts', draftId] as const,
  revisions: (draftId: string) => ['drafts', draftId, 'revisions'] as const,
};

export const draftQuery = (draftId: string) =>
  queryOptions({
    queryKey: draftKeys.one(draftId),
    queryFn: () => bridge.drafts.get({ draftId }),
    // The editor owns the text while open; refetches would fight the writer's caret.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const revisionsQuery = (draftId: string) =>
  queryOptions({
    queryKey: draftKeys.revisions(draftId),
    queryFn: () => bridge.drafts.revisions({ draftId }),
  });
