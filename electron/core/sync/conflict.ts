import { createHash } from 'node:crypto';
import {
  COMPARED_FIELDS,
  differingFields,
  effectiveValue,
} from '../../../shared/field-differences';
import type { RemoteRecord } from '../../../shared/model';
import {
  fieldsOf,
  heldAtBase,
  type Draft,
  type DraftBase,
  type DraftFields,
} from '../store/local-store';
import { givenFor } from './slug-origin';

/**
 * What pushing a draft should do, given the service's current version of it.
 * Pure: the engine does the I/O, this decides.
 */
export type PushDecision =
  /** Not on the service yet. */
  | { action: 'create' }
  /** The service still holds the version ours is based on: send ours. */
  | { action: 'update' }
  /** The service moved on and we have no unsent edits: take theirs. */
  | { action: 'take-theirs' }
  /** Both sides hold the same text already: only the base moves. */
  | { action: 'in-step' }
  /** Both changed, or theirs is gone: the writer decides, nothing is overwritten. */
  | { action: 'conflict'; reason: 'both-changed' | 'gone-from-service' };

/** True when every field the writer can edit is the same on both sides. */
export function sameFields(a: DraftFields, b: DraftFields): boolean {
  return differingFields(a, b).length === 0;
}

/** A short, stable key for a version of the editable fields. */
export function versionKey(fields: DraftFields): string {
  const canonical = [
    ...COMPARED_FIELDS.map((key) => effectiveValue(fields, key)),
    fields.tags ?? [],
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 22);
}

/**
 * A version as sent, with the slug the record was to have after it: asked for, or kept. The
 * words' key alone let a colleague's rename of words this draft once sent pass for its own write
 * (a review).
 */
export const sentEntry = (fields: DraftFields, slug: string): string =>
  `${versionKey(fields)}@${slug}`;

/** The words' key of a sent entry (entries noted before slugs were have no `@`). */
export const sentWords = (entry: string): string => entry.split('@')[0]!;

/**
 * Whether the record as the service holds it is a version this draft sent: the same words, at
 * the slug asked for or one the service numbered from it (it keeps a deleted record's slug).
 */
export function wasSent(sent: readonly string[], record: RemoteRecord): boolean {
  const words = versionKey(fieldsOf(record));
  return sent.some((entry) => {
    const [key, slug] = entry.split('@');
    return key === words && (slug === undefined || givenFor(record.slug, slug));
  });
}

/**
 * Whether a write this draft sent, of other words than the service holds, may still land: its
 * try went unanswered (a time limit, a connection cut), and the request may be on its way yet.
 * In step by its words, the draft still needs a write of them with If-Match, which turns that
 * request away when it comes (review U1: a Publish still on its way went live after "Keep as
 * draft" said Synced, as did an autosave's words typed and undone meanwhile).
 */
export const mayLandLate = (sent: readonly string[], record: RemoteRecord): boolean =>
  sent.some((entry) => !wasSent([entry], record));

/**
 * The service still holds what the base was: by its words where the base knows them, by its
 * time only for an older base (no fingerprint). A time alone took a colleague's change made in
 * the base's second, on a service whose times have whole seconds, for the base (review 28).
 */
export const unchangedSince = (base: DraftBase, remote: RemoteRecord): boolean =>
  heldAtBase(fieldsOf(remote), base) ||
  (base.fingerprint === undefined && remote.updated_at === base.updatedAt);

export function decidePush(
  draft: Pick<Draft, 'remoteId' | 'base' | 'fields' | 'localRev' | 'syncedRev' | 'sentVersions'>,
  remote: RemoteRecord | undefined,
  /** The push sends words pinned by a press (an Update, "Keep published", a take-back). */
  pressed = false,
): PushDecision {
  if (draft.remoteId === null || draft.base === null) return { action: 'create' };
  // Words typed and undone, nothing sent since: nothing differs from the base, nothing to ask
  // about (review 25 found the base words set against a colleague's, Keep mine undoing theirs).
  // Words pressed for ("Keep published", a take-back) are the writer's act, asked about.
  const unsentEdits =
    draft.localRev > draft.syncedRev &&
    (pressed || draft.sentVersions.length > 0 || !heldAtBase(draft.fields, draft.base));
  if (!remote) return { action: 'conflict', reason: 'gone-from-service' };
  if (sameFields(fieldsOf(remote), draft.fields)) return { action: 'in-step' };
  // The same version, or one changed in nothing a writer edits (trashed and restored, saved
  // unchanged): not a colleague's edit to ask about (review 20).
  if (unchangedSince(draft.base, remote))
    return unsentEdits ? { action: 'update' } : { action: 'in-step' };
  // The service moved on, but to a version we sent ourselves (its answer was lost): not theirs.
  if (wasSent(draft.sentVersions, remote)) return { action: 'update' };
  // Our last words sent, at a slug someone else gave it since: a draft naming no slug sends none,
  // so the update keeps theirs (a review found the writer asked about a conflict of their own
  // words). The last only: an earlier version is a colleague's restore, or their Unpublish.
  const last = draft.sentVersions.at(-1);
  if (!draft.fields.slug && last !== undefined && wasSent([sentWords(last)], remote))
    return { action: 'update' };
  return unsentEdits ? { action: 'conflict', reason: 'both-changed' } : { action: 'take-theirs' };
}

export type Resolution = 'mine' | 'theirs' | 'both';

/**
 * Two `theirVersion`s of the same words, whatever their times: saved again unchanged, trashed
 * and restored, it is still what the writer saw (review 29: a Delete was refused over it).
 */
export const sameWords = (a: string, b: string): boolean =>
  a.slice(a.indexOf('#') + 1) === b.slice(b.indexOf('#') + 1);
