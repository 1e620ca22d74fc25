import type { RecordKind, RemoteRecord } from '../../shared/model';
import type { Draft, LocalStore } from './store/local-store';
import { sentWords, wasSent } from './sync/conflict';
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
    store.createsAwaitingAnswer(publicationId, kind).find((draft) =>
      // Its create answered with this record, changed by someone since: asked about, on it.
      knowsItsPost(draft)
        ? draft.conflict?.id === record.id
        : draft.claimedSlug !== null &&
          givenFor(record.slug, draft.claimedSlug) &&
          wasSent(draft.sentVersions, record),
    )
  );
}

/**
 * A draft with no id yet that knows its post all the same: a conflict names it, or the deletion
 * it shows does (a 410 that named the post). No other record
 * is it: a colleague's own post of the title, at `-2`, was refused while the writer's choice
 * waited, or, with the same blank words, listed and opened as the writer's draft (review 43).
 */
function knowsItsPost(draft: Draft): boolean {
  // Shown deleted, where the service named the post deleted (the sync engine's gone marker).
  if ((draft.conflict as { deleted_id?: number } | null)?.deleted_id !== undefined) return true;
  // Not by a post deleted under it: after Keep mine, its create makes a new post, which it must
  // find (review 44: that create's answer lost, its post was listed twice and opened as a second
  // draft); and one deleted earlier says nothing of the post its latest create made, deleted in
  // turn by a 410 naming none and restored (review 45: a second draft, the first stuck).
  return (draft.conflict?.id ?? 0) > 0;
}

/**
 * Drafts with no id yet that a record may be the post of: made since their first try, at a slug
 * they claimed or holding words they sent (or, for a create that waits on the service alone or on
 * the writer's words, made since at all). A create awaiting its lost answer, or a draft kept
 * over the deletion of a post known by no id, restored since. A colleague's line or rename hides
 * it from `draftOfRecord`, and a restored post known by its claim alone is found only by a push:
 * adopted, it was a second draft of the post, and the first one's retry failed on the
 * one-draft-a-record rule for good (reviews 39 and 41). So such a record opens only once they are
 * settled. Made since alone, a colleague's new post of their own could not be opened while such a
 * draft waited on a choice for days (review 42).
 */
export function draftsItMayBe(
  store: LocalStore,
  publicationId: string,
  kind: RecordKind,
  record: RemoteRecord,
  madeSince: (record: RemoteRecord, since: number) => boolean,
): Draft[] {
  const awaiting = store
    .createsAwaitingAnswer(publicationId, kind)
    .filter((draft) => !knowsItsPost(draft))
    .map((draft) => ({
      draft,
      claims: [{ slug: draft.claimedSlug!, since: draft.createStartedAt ?? 0 }],
      sent: draft.sentVersions,
      // Its retry, which carries its key, is answered with the post it made, whatever became of
      // it: a colleague's rename and new words together hid it by slug and by words, and it
      // opened as a second draft of the post, the first one's retry stuck for good. Made since
      // alone, it may be theirs: settled first. Not while it waits on the writer's choice or a
      // refused field (review 42: a colleague's own post refused for days). Whether the service
      // is yet known to keep keys, or the key is past the hours it is trusted, the retry still
      // carries it (review 49: a second draft again); an emptied draft sends none, and is
      // refused saying so (review 48). A first try's time unknown (a store from before it was
      // kept) would make every post one it may be.
      bySendingAlone:
        draft.conflict === null && draft.lastError === null && draft.createStartedAt !== null,
    }));
  return [
    ...awaiting,
    ...store
      .keptOverDeletionByClaim(publicationId, kind)
      .map((kept) => ({ ...kept, bySendingAlone: false })),
  ]
    .filter(
      ({ claims, sent, bySendingAlone }) =>
        claims.some(({ since }) => madeSince(record, since)) &&
        (bySendingAlone ||
          claims.some(({ slug }) => givenFor(record.slug, slug)) ||
          wasSent(sent.map(sentWords), record)),
    )
    .map(({ draft }) => draft);
}
