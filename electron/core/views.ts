import type { RecordPage, RemoteRecord } from '../../shared/model';
import type { DraftView, RecordPageView, RecordSummary, SyncState } from '../../shared/views';
import { heldEdits, holdsForUpdate } from './sync/hold';
import { fieldsOf, theirVersion, type Draft, type LocalStore } from './store/local-store';
import { refusedDeleteNote } from './sync/delete-refused';
import { quireGaveSlug } from './sync/slug-origin';
import { draftOfRecord } from './draft-of-record';

export function syncStateOf(draft: Draft, store: LocalStore, online: boolean): SyncState {
  if (draft.conflict) return 'conflict';
  if (draft.lastError) return 'error';
  if (store.hasPendingPush(draft.id)) {
    if (online) return 'syncing';
    // Update pressed with the service away: said so, not merely "Offline" (a writer's review).
    return holdsForUpdate(draft) && store.hasPressedPush(draft.id) ? 'update-pending' : 'local';
  }
  if (heldEdits(draft)) return 'held';
  // Not on the service and nothing on its way (a blank new draft is not sent): here only.
  if (draft.remoteId === null) return 'local';
  // A Delete taken back may land yet: not Synced until its fence has gone (review U12).
  if (draft.localRev > draft.syncedRev || store.owesFence(draft.id))
    return online ? 'syncing' : 'local';
  return 'synced';
}

function sendingAsIs(draft: Draft, store: LocalStore): boolean {
  const pin = store.waitingPin(draft.id);
  return (
    pin !== null &&
    (pin.pressed || pin.keepsLive === true) &&
    JSON.stringify(pin.fields) === JSON.stringify(draft.fields)
  );
}

export function draftView(draft: Draft, store: LocalStore, online: boolean): DraftView {
  const theirs = draft.conflict;
  return {
    id: draft.id,
    publicationId: draft.publicationId,
    kind: draft.kind,
    remoteId: draft.remoteId,
    fields: draft.fields,
    syncState: syncStateOf(draft, store, online),
    theirs: theirs
      ? {
          ...fieldsOf(theirs),
          updatedAt: theirs.updated_at,
          version: theirVersion(theirs),
          gone: theirs.id < 0,
        }
      : null,
    serviceSlug: draft.base?.slug ?? draft.claimedSlug ?? null,
    serviceStatus: draft.remoteId === null ? null : (draft.base?.status ?? null),
    slugFollowsTitle:
      draft.remoteId === null ||
      (draft.base?.status === 'draft' &&
        !draft.base.publishedOnce &&
        quireGaveSlug(draft.base.slug, draft)),
    ...(draft.base && !draft.base.publishedOnce && !quireGaveSlug(draft.base.slug, draft)
      ? { slugChosenElsewhere: true }
      : {}),
    lastError: draft.lastError,
    note: refusedDeleteNote(draft, store),
    refusedFields: draft.lastErrorFields,
    pendingDelete: store.hasPendingDelete(draft.id),
    sendingAsIs: sendingAsIs(draft, store),
    updatedAt: draft.updatedAt,
  };
}

/**
 * The local draft behind a service record, a create whose answer is not processed yet included
 * (`draftOfRecord`), so the list never shows the post twice.
 */
function draftFor(
  record: RemoteRecord,
  publicationId: string,
  kind: Draft['kind'],
  store: LocalStore,
): Draft | undefined {
  return draftOfRecord(store, publicationId, kind, record);
}

export function searchView(
  found: { records: RemoteRecord[]; drafts: Draft[] },
  publicationId: string,
  kind: Draft['kind'],
  store: LocalStore,
  online: boolean,
): RecordSummary[] {
  // A post whose Delete waits (its undo window, or the service away) is gone from the list, and
  // from a search too: the draft and the cached record that stands for it (a review found it
  // found, opened and written in, the words then deleted with it).
  const going = (draft: Draft | undefined): boolean =>
    draft !== undefined && store.hasPendingDelete(draft.id);
  const fromRecords = found.records.flatMap((record) => {
    const draft = draftFor(record, publicationId, kind, store);
    return going(draft) ? [] : [{ ...summaryOf(record, draft, store, online), kind }];
  });
  const seen = new Set(fromRecords.map((item) => item.draftId).filter(Boolean));
  const fromDrafts = found.drafts
    .filter(
      (draft) =>
        !going(draft) && !seen.has(draft.id) && !found.records.some((r) => r.id === draft.remoteId),
    )
    .map((draft) => draftSummary(draft, kind, store, online));
  return [...fromDrafts, ...fromRecords];
}

/** A row for a draft the list being shown does not hold: new here, or not listed yet. */
function draftSummary(
  draft: Draft,
  kind: Draft['kind'],
  store: LocalStore,
  online: boolean,
): RecordSummary {
  return {
    kind,
    remoteId: draft.remoteId,
    draftId: draft.id,
    title: draft.fields.title,
    slug: draft.base?.slug ?? draft.claimedSlug ?? draft.fields.slug ?? '',
    excerpt: draft.fields.excerpt ?? null,
    status: draft.fields.status ?? 'draft',
    serviceStatus: draft.remoteId === null ? null : (draft.base?.status ?? null),
    updatedAt: draft.base?.updatedAt ?? null,
    createdAt: null,
    syncState: syncStateOf(draft, store, online),
  };
}

function summaryOf(
  record: RemoteRecord,
  draft: Draft | undefined,
  store: LocalStore,
  online: boolean,
): RecordSummary {
  return {
    kind: draft?.kind ?? 'post',
    remoteId: record.id,
    draftId: draft?.id ?? null,
    // The writer sees their own latest words, even before the service has them.
    title: draft?.fields.title ?? record.title,
    slug: record.slug,
    excerpt: record.excerpt,
    status: draft?.fields.status ?? record.status,
    // The draft's base is the service's copy as the last push or read left it, newer than a list.
    serviceStatus: draft?.base?.status ?? record.status,
    updatedAt: record.updated_at,
    createdAt: record.created_at,
    syncState: draft ? syncStateOf(draft, store, online) : 'synced',
  };
}

export function pageView(
  page: RecordPage,
  context: {
    publicationId: string;
    kind: Draft['kind'];
    store: LocalStore;
    online: boolean;
    fromCache: boolean;
    cachedAt: number | null;
    pieced?: boolean;
    refused?: string;
    firstPage: boolean;
    draftsOnly: boolean;
  },
): RecordPageView {
  const { store, publicationId, kind, online } = context;
  const items = page.records.map((record) => ({
    ...summaryOf(record, draftFor(record, publicationId, kind, store), store, online),
    kind,
  }));
  const shown = new Set(items.map((item) => item.draftId).filter(Boolean));
  // Drafts that have not reached the service yet lead the first page, so nothing new is hidden.
  // A copy kept from an earlier visit cannot hold what was created since (online, from here) and
  // never listed, so those lead it too.
  // Nor what was listed since only under another filter or page size: created after this copy's
  // newest record, it would lead it now.
  const newest = Math.max(...page.records.map((record) => Date.parse(record.created_at ?? '')));
  const unlisted = (draft: Draft): boolean => {
    if (draft.remoteId === null) return true;
    if (!context.fromCache) return false;
    const cached = store.cachedRecord(publicationId, kind, draft.remoteId);
    if (!cached) return true;
    const created = Date.parse(cached.created_at ?? '');
    return page.records.length === 0 || created > newest;
  };
  const localOnly = context.firstPage
    ? store
        .listDrafts(publicationId)
        .filter(
          (draft) =>
            draft.kind === kind &&
            unlisted(draft) &&
            !shown.has(draft.id) &&
            !store.hasPendingDelete(draft.id) &&
            (!context.draftsOnly || (draft.base?.status ?? 'draft') === 'draft'),
        )
        .map((draft) => draftSummary(draft, kind, store, online))
    : [];
  return {
    meta: {
      total: page.meta.total,
      perPage: page.meta.per_page,
      currentPage: page.meta.current_page,
      lastPage: page.meta.last_page,
    },
    items: [
      ...localOnly,
      ...items.filter((item) => !(item.draftId && store.hasPendingDelete(item.draftId))),
    ],
    fromCache: context.fromCache,
    cachedAt: context.cachedAt,
    ...(context.pieced ? { pieced: true } : {}),
    ...(context.refused ? { refused: context.refused } : {}),
  };
}
