import type { DraftFieldsView, RecordKind, RecordStatus } from './model';
import type { QuireErrorData } from './errors';

/** What the renderer knows of a publication: never its token. */
export interface PublicationView {
  id: string;
  name: string;
  baseUrl: string;
  subdomain: string;
  embedded: boolean;
  active: boolean;
  pendingChanges: number;
  /** Of those, edits to a live post or page waiting for the writer's Update (nothing to sync). */
  heldEdits: number;
  /**
   * Posts and pages deleted, then kept, whose Delete went out unanswered and may land yet: the
   * next sync turns it away (a fence), which a removed publication no longer gets.
   */
  deletesMayLand: number;
  /** Why calls to it cannot be made at all (a local sample that could not start), if so. */
  unavailable?: string;
}

/**
 * A draft with something not on the service, as Remove's dialog names it: why it has not gone.
 * `new` and `edits` wait for the service; `held` for the writer's Update; `conflict` for a
 * choice; `refused` for a fix; `delete` is a Delete not sent yet; `may-land` a Delete taken back
 * that may still land.
 */
export interface UnsyncedView {
  draftId: string;
  kind: RecordKind;
  title: string;
  why: 'new' | 'edits' | 'held' | 'conflict' | 'refused' | 'delete' | 'may-land';
}

/** `held`: edits to a live record, saved here, waiting for the writer's Update (see hold.ts). */
export type SyncState =
  'local' | 'syncing' | 'synced' | 'held' | 'update-pending' | 'conflict' | 'error';

export interface RecordSummary {
  kind: RecordKind;
  remoteId: number | null;
  draftId: string | null;
  title: string;
  slug: string;
  excerpt: string | null;
  /** What the writer set: a change the service has not confirmed differs from serviceStatus. */
  status: RecordStatus;
  /** What readers see, as last known; null when the service does not have the record yet. */
  serviceStatus: RecordStatus | null;
  updatedAt: string | null;
  /** When the service created it; null for a record the list being shown did not come with. */
  createdAt: string | null;
  syncState: SyncState;
}

export interface PageMetaView {
  total: number;
  perPage: number;
  currentPage: number;
  lastPage: number;
}

export interface RecordPageView {
  meta: PageMetaView;
  items: RecordSummary[];
  /** True when the service could not be reached and this is the last copy seen. */
  fromCache: boolean;
  cachedAt: number | null;
  /**
   * True when this page was never fetched and is put together from every record this computer
   * has seen listed: the service may hold more than it shows.
   */
  pieced?: boolean;
  /** Why the service gave no page though it answered (a refused token): the copy is shown. */
  refused?: string;
}

export interface DraftView {
  id: string;
  publicationId: string;
  kind: RecordKind;
  remoteId: number | null;
  fields: DraftFieldsView;
  syncState: SyncState;
  /**
   * The service's version when both sides changed. `version` names it by its time and its words:
   * what a choice says it was made looking at (`seen`), as a time alone cannot on a service whose
   * times have whole seconds.
   */
  theirs: (DraftFieldsView & { updatedAt: string; version: string; gone: boolean }) | null;
  /** Where the service has it (or a create is claiming): what an empty Slug field stands for. */
  serviceSlug: string | null;
  /** Published or not as the service last confirmed it; null before it has the record. */
  serviceStatus: RecordStatus | null;
  /** An empty Slug field follows the title: true until the service has ever published it. */
  slugFollowsTitle: boolean;
  /** Never published, but its slug is not its title's: someone chose it on the service. */
  slugChosenElsewhere?: boolean;
  lastError: string | null;
  /** Something to know that is no failure: a Delete not sent, the post changed by a colleague. */
  note: string | null;
  /** What the service said of each field it named when it refused the draft (by field name). */
  refusedFields: Record<string, string[]> | null;
  pendingDelete: boolean;
  /** A push of exactly these words waits (an Update pressed, "Keep published"): nothing new. */
  sendingAsIs: boolean;
  updatedAt: number;
}

export interface RevisionView {
  id: number;
  reason: string;
  title: string;
  takenAt: number;
}

/** A snapshot with everything it kept, for a preview before it is restored. */
export interface RevisionDetailView extends RevisionView {
  fields: DraftFieldsView;
}

export interface SyncStatusView {
  online: boolean;
  /** Changes on this computer not yet on their service, every publication's. */
  pending: number;
  /** Of those, the ones waiting for a service that did not answer (what "offline" is about). */
  waiting: number;
  /** The publications whose service did not answer while changes for it wait here. */
  waitingFor: string[];
  /**
   * Edits to live records of those publications, held for the writer's Update: counted as
   * unsynced beside the publication, but they do not sync by themselves when it is back.
   */
  held: number;
  /**
   * Changes of those publications the service refused (a field to fix, a token to replace): they
   * wait for the writer, not for the service, and are not among `waiting`.
   */
  refused: number;
  conflicts: number;
  lastSyncAt: number | null;
  /** Why sync has stopped on this computer (its store cannot be written), until a round succeeds. */
  stalled: string | null;
}

export type CoreEvent =
  | { type: 'sync'; status: SyncStatusView }
  | { type: 'draft-changed'; draftId: string; publicationId: string }
  | { type: 'publications-changed' }
  /** A Delete not sent: the post changed on the service since the writer saw it (its title). */
  | { type: 'delete-refused'; draftId: string; publicationId: string; title: string }
  /** A native menu item the renderer acts on. */
  | { type: 'menu'; command: 'new-post' | 'new-page' | 'save' };

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: QuireErrorData };

/** A search of what this computer holds answers with at most this many records, newest first. */
export const SEARCH_LIMIT = 50;

/** The most tags the tag picker adds to a record. */
export const MAX_TAGS = 100;
/** What a record from another service may already carry, past what the tag picker adds. */
export const MAX_TAGS_HELD = 10_000;
