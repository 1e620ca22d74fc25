import { createHash } from 'node:crypto';
import {
  COMPARED_FIELDS,
  differingFields,
  effectiveValue,
} from '../../../shared/field-differences';
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
