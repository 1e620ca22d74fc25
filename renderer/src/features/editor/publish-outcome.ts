import { isBlankDraft } from '../../../../shared/blank-draft';
import type { RecordStatus } from '../../../../shared/model';
import type { DraftView } from '../../../../shared/views';
import { sentence } from '../../ui/errors';

export interface Outcome {
  tone: 'info' | 'error';
  message: string;
  about?: string;
}

/** A notice that a draft is in conflict stands until the writer resolves it, not after. */
export const conflictNotice = (draftId: string): string => `conflict ${draftId}`;
/** A refusal stands until the draft is sent (a review found one left beside "Synced"). */
export const refusalNotice = (draftId: string): string => `refusal ${draftId}`;
/** Each press's outcome takes the place of the one before ("Unpublish pending", then kept). */
export const outcomeNotice = (draftId: string): string => `outcome ${draftId}`;

/**
 * A Publish (or Unpublish) the service refused is not dropped: the core keeps it, and it goes by
 * itself with the writer's next save that puts the refusal right (electron/core/sync/engine.ts).
 * Said where the refusal is said, not only in a tooltip: a writer who cleared the field went
 * live unawares (a review). The status button, named for the wait, takes it back.
 */
export function refusedWaits(
  wanted: RecordStatus,
  kind: DraftView['kind'],
  publicationName: string,
  /** The fields it refused are marked in Details and search. */
  marked = false,
): string {
  const once = marked ? 'once what is marked is fixed' : 'once that is put right';
  return wanted === 'publish'
    ? `The ${kind} goes live on ${publicationName} by itself ${once}; to keep it a draft, press Keep as draft.`
    : `The ${kind} stays live on ${publicationName}, and is unpublished by itself ${once}; to keep it live, press Keep published.`;
}

/**
 * The line under the title while the service refuses the stored draft: what it said, ended as a
 * sentence before anything follows it, where to look, and what becomes of a waiting press.
 */
export function refusalLine(
  draft: Pick<DraftView, 'lastError' | 'kind' | 'fields' | 'serviceStatus'>,
  publicationName: string,
  /** The fields it refused are marked in Details and search. */
  marked: boolean,
  /** Their names, as Details labels them: the service's words may not say (a writer's review). */
  named: readonly string[] = [],
): string {
  const wanted = draft.fields.status ?? 'draft';
  const waiting = wanted !== (draft.serviceStatus ?? 'draft');
  const which = named.length ? ` (${listed(named)})` : '';
  return [
    `Not synced: ${sentence(draft.lastError ?? 'The service refused it')}`,
    marked ? `What it refused${which} is marked in Details and search.` : '',
    waiting ? refusedWaits(wanted, draft.kind, publicationName, marked) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const listed = (names: readonly string[]): string =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Refusals are named for what did not happen: the record may well be on the service. */
function refusal(
  draft: DraftView,
  what: 'published' | 'unpublished' | 'updated',
  publicationName: string,
): Outcome {
  const said = draft.remoteId === null ? 'Not sent to' : `Not ${what} on`;
  const waits =
    what === 'updated'
      ? ''
      : ` ${refusedWaits(what === 'published' ? 'publish' : 'draft', draft.kind, publicationName)}`;
  return {
    tone: 'error',
    about: refusalNotice(draft.id),
    message: `${said} ${publicationName}: ${sentence(draft.lastError ?? '')}${waits}`,
  };
}

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
  const outcome = publishOutcomeOf(draft, wanted, publicationName, readersSaw);
  return { about: outcomeNotice(draft.id), ...outcome };
}

/**
 * A press's outcome may land after the writer has opened another post: done notices name the
 * post they are about (a writer's look at journey 14's screenshots).
 */
const named = (draft: DraftView): string => `“${draft.fields.title || 'Untitled'}”`;

function publishOutcomeOf(
  draft: DraftView,
  wanted: 'publish' | 'draft',
  publicationName: string,
  readersSaw: RecordStatus | null,
): Outcome {
  // An Unpublish taken back ("Keep published"): readers never stopped seeing it.
  if (
    wanted === 'publish' &&
    readersSaw === 'publish' &&
    draft.syncState !== 'conflict' &&
    draft.syncState !== 'error'
  )
    return {
      tone: 'info',
      message: `${named(draft)} kept published on ${publicationName}: not unpublished.`,
    };
  if (
    wanted === 'draft' &&
    readersSaw !== 'publish' &&
    draft.syncState !== 'conflict' &&
    draft.syncState !== 'error'
  )
    return {
      tone: 'info',
      message: `${named(draft)} kept as a draft: not published on ${publicationName}.`,
    };
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
          ? `${named(draft)} published on ${publicationName}.`
          : `${named(draft)} unpublished from ${publicationName}.`,
    };
  if (draft.syncState === 'conflict')
    return {
      tone: 'error',
      about: conflictNotice(draft.id),
      // The wish is kept: it goes with "Keep mine", so the writer is told what each choice does.
      message: `Not ${wanted === 'publish' ? 'published' : 'unpublished'} yet: ${publicationName} has another version of this ${draft.kind}. Choose which to keep, above the title; keeping yours ${wanted === 'publish' ? 'publishes' : 'unpublishes'} it.`,
    };
  if (draft.syncState === 'error' && draft.lastError) {
    // A refused press taken back (Keep as draft, Keep published): that much is done; the
    // refusal of the words stands, and nothing waits to go live or be unpublished.
    if (wanted === (readersSaw ?? 'draft'))
      return {
        tone: 'error',
        about: refusalNotice(draft.id),
        message: `${
          wanted === 'publish'
            ? `${named(draft)} kept published on ${publicationName}: not unpublished.`
            : `${named(draft)} kept as a draft: not published on ${publicationName}.`
        } Not synced: ${sentence(draft.lastError)}`,
      };
    return refusal(draft, wanted === 'publish' ? 'published' : 'unpublished', publicationName);
  }
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
  return { about: outcomeNotice(draft.id), ...updateOutcomeOf(draft, publicationName) };
}

function updateOutcomeOf(draft: DraftView, publicationName: string): Outcome {
  // Held again means the push went and only words typed since are waiting.
  if (draft.syncState === 'synced' || draft.syncState === 'held')
    return { tone: 'info', message: `${named(draft)} updated on ${publicationName}.` };
  if (draft.syncState === 'conflict')
    return {
      tone: 'error',
      about: conflictNotice(draft.id),
      message: `Not updated: ${publicationName} has another version of this ${draft.kind}. Choose which to keep.`,
    };
  if (draft.syncState === 'error' && draft.lastError)
    return refusal(draft, 'updated', publicationName);
  return {
    tone: 'info',
    message: `Saved; the update reaches ${publicationName}, as it is now, as soon as the service answers; what you write meanwhile waits for the next Update.`,
  };
}

/** The sync engine's own rule: a draft with no title and nothing a reader would see is not sent. */
export const hasSomethingToSend = (fields: { title: string; content: string }): boolean =>
  !isBlankDraft(fields);
