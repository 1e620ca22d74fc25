import { queryOptions } from '@tanstack/react-query';
import { bridge } from '../../bridge';
import { saveClosedWords } from './closed-unsaved';
import { savesSettled } from './save-order';

export const draftKeys = {
  all: ['drafts'] as const,
  one: (draftId: string) => ['drafts', draftId] as const,
  revisions: (draftId: string) => ['drafts', draftId, 'revisions'] as const,
};

export const draftQuery = (draftId: string) =>
  queryOptions({
    queryKey: draftKeys.one(draftId),
    // Read only once the draft's last saves have landed: never older than what was typed. Words
    // its last editor closed on unsaved are stored first; still refused (a full disk), they are
    // what the editor opens on, to be saved from there (closed-unsaved.ts).
    queryFn: async () => {
      await savesSettled(draftId);
      const unsaved = await saveClosedWords(draftId);
      const draft = await bridge.drafts.get({ draftId });
      return unsaved ? { ...draft, fields: unsaved } : draft;
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
