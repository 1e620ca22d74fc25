import type { RecordKind, RemoteRecord } from '../../shared/model';
import type { Draft, LocalStore } from './store/local-store';
import { wasSent } from './sync/conflict';
import { givenFor } from './sync/slug-origin';

/**
 * The draft a record listed from the service is, if any: by its id; or a draft whose create
 * landed with its answer lost (no id yet), by the slug it claimed, numbered by the service or not,
 * and the words it sent. Matched by the exact claim only, a post numbered at `-2` (a deleted post
 * keeps the slug) was listed beside its draft, and opened, a second draft of it was made, and the
 * first one's retry could never attach to its post (review 37). By the words too, exact claim or
 * not: a colleague's post at a slug the writer's unsent create had claimed was listed, and opened,
 * as the writer's draft (review 38).
 */
export function draftOfRecord(
  store: LocalStore,
  publicationId: string,
  kind: RecordKind,
  record: RemoteRecord,
): Draft | undefined {
  return (
    store.draftForRemote(publicationId, kind, record.id) ??
    store
      .createsAwaitingAnswer(publicationId, kind)
      .find(
        (draft) =>
          draft.claimedSlug !== null &&
          givenFor(record.slug, draft.claimedSlug) &&
          wasSent(draft.sentVersions, record),
      )
  );
}
