import { queryOptions } from '@tanstack/react-query';
import { bridge } from '../../bridge';
import { savesSettled } from './save-order';

export const draftKeys = {
  all: ['drafts'] as const,
  one: (draftId: string) => ['drafts', draftId] as const,
  revisions: (draftId: string) => ['drafts', draftId, 'revisions'] as const,
};

export const draftQuery = (draftId: string) =>
  queryOptions({
    queryKey: draftKeys.one(draftId),
    // Read only once the draft's last saves have landed: never older than what was typed.
    queryFn: async () => {
      await savesSettled(draftId);
      return bridge.drafts.get({ draftId });
    },
    // The editor owns the text while open; refetches would fight the writer's caret.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const revisionsQuery = (draftId: string) =>
  queryOptions({
    queryKey: draftKeys.revisions(draftId),
    queryFn: () => bridge.drafts.revisions({ draftId }),
  });

export const revisionQuery = (draftId: string, revisionId: number) =>
  queryOptions({
    queryKey: [...draftKeys.revisions(draftId), revisionId] as const,
    queryFn: () => bridge.drafts.revision({ draftId, revisionId }),
    // A snapshot never changes once taken.
    staleTime: Infinity,
  });
