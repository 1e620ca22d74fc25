import { isBlankDraft } from '../../../../shared/blank-draft';
import type { RecordStatus } from '../../../../shared/model';
import type { DraftView } from '../../../../shared/views';

export interface Outcome {
  tone: 'info' | 'error';
  message: string;
  about?: string;
}

/** A notice that a draft is in conflict stands until the writer resolves it, not after. */
export const conflictNotice = (draftId: string): string => `conflict ${draftId}`;

/**
 * What to tell the writer after Publish/Unpublish, from the draft as the core holds it once the
 * sync round is over: only a version the service has confirmed counts as published.
 */
export function publishOutcome(
  draft: DraftView,
  wanted: 'publish' | 'draft',
  publicationName: string,
  /** What readers saw when the writer pressed: taking back a pending publish unpublishes nothing. */
  readersSaw: RecordStatus | null = wanted === 'publish' ? 'draft' : 'publish',
): Outcome {
  if (
    wanted === 'draft' &&
    readersSaw !== 'publish' &&
    draft.syncState !== 'conflict' &&
    draft.syncState !== 'error'
  )
    return { tone: 'info', message: `Kept as a draft: not published on ${publicationName}.` };
  // What the service confirmed: words typed while the publish was on its way may be held (or
  // still going), which does not undo the publish itself.
  const done =
    draft.serviceStatus === wanted &&
    draft.fields.status === wanted &&
    draft.syncState !== 'conflict' &&
    draft.syncState !== 'error';
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
      about: conflictNotice(draft.id),
      // The wish is kept: it goes with "Keep mine", so the writer is told what each choice does.
      message: `Not ${wanted === 'publish' ? 'published' : 'unpublished'} yet: ${publicationName} has another version of this ${draft.kind}. Choose which to keep, above the title; keeping yours ${wanted === 'publish' ? 'publishes' : 'unpublishes'} it.`,
    };
  if (draft.syncState === 'error' && draft.lastError)
    return { tone: 'error', message: `Not sent to ${publicationName}: ${draft.lastError}` };
  return {
    tone: 'info',
    message:
      wanted === 'publish'
        ? `Publish pending: it goes live on ${publicationName}, as it is now, as soon as the service answers; what you write meanwhile waits for an Update.`
        : `Unpublish pending: readers of ${publicationName} see it until the service answers.`,
  };
}

/** What to tell the writer after Update on a live post, once the round is over. */
export function updateOutcome(draft: DraftView, publicationName: string): Outcome {
  // Held again means the push went and only words typed since are waiting.
  if (draft.syncState === 'synced' || draft.syncState === 'held')
    return { tone: 'info', message: `Updated on ${publicationName}.` };
  if (draft.syncState === 'conflict')
    return {
      tone: 'error',
      about: conflictNotice(draft.id),
      message: `Not updated: ${publicationName} has another version of this ${draft.kind}. Choose which to keep.`,
    };
  if (draft.syncState === 'error' && draft.lastError)
    return { tone: 'error', message: `Not sent to ${publicationName}: ${draft.lastError}` };
  return {
    tone: 'info',
    message: `Saved; the update reaches ${publicationName}, as it is now, as soon as the service answers; what you write meanwhile waits for the next Update.`,
  };
}

/** The sync engine's own rule: a draft with no title and nothing a reader would see is not sent. */
export const hasSomethingToSend = (fields: { title: string; content: string }): boolean =>
  !isBlankDraft(fields);
