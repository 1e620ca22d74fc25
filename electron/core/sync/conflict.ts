import { createHash } from 'node:crypto';
import type { RemoteRecord } from '../../../shared/model';
import { fieldsOf, type Draft, type DraftFields } from '../store/local-store';

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

// Slug is not here: the service gives every record one, so it differs only when both name one.
const COMPARED: readonly (keyof DraftFields)[] = [
  'title',
  'content',
  'excerpt',
  'status',
  'category',
  'featured',
  'meta_title',
  'meta_description',
  'featured_image',
  'canonical_url',
];

// What the service assumes for a field a draft never set.
const DEFAULTS: Partial<Record<keyof DraftFields, unknown>> = { status: 'draft', featured: false };

const valueOf = (fields: DraftFields, key: keyof DraftFields): unknown =>
  fields[key] ?? DEFAULTS[key] ?? null;

/** True when every field the writer can edit is the same on both sides. */
export function sameFields(a: DraftFields, b: DraftFields): boolean {
  if (COMPARED.some((key) => valueOf(a, key) !== valueOf(b, key))) return false;
  if (a.slug && b.slug && a.slug !== b.slug) return false;
  const tagsA = a.tags ?? [];
  const tagsB = b.tags ?? [];
  return tagsA.length === tagsB.length && tagsA.every((tag, i) => tag === tagsB[i]);
}

/** A short, stable key for a version of the editable fields. */
export function versionKey(fields: DraftFields): string {
  const canonical = [...COMPARED.map((key) => valueOf(fields, key)), fields.tags ?? []];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 22);
}

export function decidePush(
  draft: Pick<Draft, 'remoteId' | 'base' | 'fields' | 'localRev' | 'syncedRev' | 'sentVersions'>,
  remote: RemoteRecord | undefined,
): PushDecision {
  if (draft.remoteId === null || draft.base === null) return { action: 'create' };
  const unsentEdits = draft.localRev > draft.syncedRev;
  if (!remote) return { action: 'conflict', reason: 'gone-from-service' };
  if (sameFields(fieldsOf(remote), draft.fields)) return { action: 'in-step' };
  if (remote.updated_at === draft.base.updatedAt)
    return unsentEdits ? { action: 'update' } : { action: 'in-step' };
  // The service moved on, but to a version we sent ourselves (its answer was lost): not theirs.
  if (draft.sentVersions.includes(versionKey(fieldsOf(remote)))) return { action: 'update' };
  return unsentEdits ? { action: 'conflict', reason: 'both-changed' } : { action: 'take-theirs' };
}

export type Resolution = 'mine' | 'theirs' | 'both';
