import type { Draft } from '../store/local-store';

/**
 * Edits to a record readers can see wait for the writer's "Update": a typo fixed at 2 a.m. in a
 * half-rewritten paragraph must not go live on its own. A draft (not live) syncs as it is
 * written; Publish and Unpublish are the writer's own acts and always go.
 *
 * Live means the service's last known copy is published and the writer still wants it
 * published. A base from before the service's status was remembered counts as not live.
 */
export function holdsForUpdate(draft: Pick<Draft, 'remoteId' | 'base' | 'fields'>): boolean {
  return (
    draft.remoteId !== null && draft.base?.status === 'publish' && draft.fields.status === 'publish'
  );
}

/** Edits saved here that the service does not have and that wait for the writer's Update. */
export const heldEdits = (
  draft: Pick<Draft, 'remoteId' | 'base' | 'fields' | 'localRev' | 'syncedRev'>,
): boolean => draft.localRev > draft.syncedRev && holdsForUpdate(draft);
