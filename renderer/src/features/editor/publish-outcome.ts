import { isBlankDraft } from '../../../../shared/blank-draft';
import type { DraftView } from '../../../../shared/views';

export interface Outcome {
  tone: 'info' | 'error';
  message: string;
}

/**
 * What to tell the writer after Publish/Unpublish, from the draft as the core holds it once the
 * sync round is over: only a version the service has confirmed counts as published.
 */
export function publishOutcome(
  draft: DraftView,
  wanted: 'publish' | 'draft',
  publicationName: string,
): Outcome {
  const done =
    draft.syncState === 'synced' && draft.remoteId !== null && draft.fields.status === wanted;
  if (done)
    return {
      tone: 'info',
      message:
        wanted === 'publish'
          ? `Published on ${publicationName}.`
          : `Unpublished from ${publicationName}.`,
    };
  if (draft.syncState === 'conflict')
    return {
      tone: 'error',
      message: `Not ${wanted === 'publish' ? 'published' : 'unpublished'}: ${publicationName} has another version of this ${draft.kind}. Choose which to keep.`,
    };
  if (draft.syncState === 'error' && draft.lastError)
    return { tone: 'error', message: `Not sent to ${publicationName}: ${draft.lastError}` };
  return {
    tone: 'info',
    message: `Saved; it reaches ${publicationName} as soon as the service answers.`,
  };
}

/** The sync engine's own rule: a draft with no title and nothing a reader would see is not sent. */
export const hasSomethingToSend = (fields: { title: string; content: string }): boolean =>
  !isBlankDraft(fields);
