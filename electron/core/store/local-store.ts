import Database from 'better-sqlite3';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
// Only the generic migration runner: the core shares it without loading the HTTP server.
import { migrate, SchemaTooNewError } from '../../../server/db/database';
import { DISK_FULL_MESSAGE, QuireError, type FieldErrors } from '../../../shared/errors';
import {
  COMPARED_FIELDS,
  differingFields,
  effectiveValue,
} from '../../../shared/field-differences';
import { isUntouched } from '../../../shared/blank-draft';
import type {
  PageMeta,
  RecordDraftFields,
  RecordKind,
  RecordStatus,
  RemoteRecord,
  Tag,
} from '../../../shared/model';
import { holdsForUpdate } from '../sync/hold';
import { movedBySent, quireGaveSlug } from '../sync/slug-origin';
import { draftSearchText, recordSearchText, STORE_MIGRATIONS } from './schema';

/** Snapshots taken at an event (before a publish, an overwrite, a restore…) kept a draft. */
export const REVISIONS_KEPT = 50;
/**
 * Snapshots taken while writing are kept apart and fewer, so a long writing session cannot push
 * the text from before a publish or an overwrite out of the history.
 */
export const WRITING_SNAPSHOTS_KEPT = 30;
/**
 * "As readers saw it, before these edits", one for each round of edits to a live record, kept
 * apart as well: fifty Updates must not push "Before publishing" out of the history.
 */
export const LIVE_SNAPSHOTS_KEPT = 50;
/**
 * While a draft is being written, the text as it stood is kept this often (at the first save
 * after the interval), so a draft never published still has a history to go back to.
 */
export const WRITING_SNAPSHOT_INTERVAL_MS = 10 * 60_000;
/**
 * Versions sent since the service last confirmed one: the first few are kept whatever follows
 * (the one that landed while its answer was lost is most often the first), then the newest. Ten
 * in all lost the landed one to a writer's autosaves while offline: a conflict with their own
 * words (a review).
 */
const SENT_VERSIONS_KEPT = 200;
const SENT_VERSIONS_PINNED = 20;

/** What the draft was based on when it was last in step with the service. */
export interface DraftBase {
  remoteId: number;
  slug: string;
  updatedAt: string;
  etag?: string;
  /** Published or not on the service (absent in bases saved before it was remembered). */
  status?: RecordStatus;
  /** The service has published it at some time (it keeps `published_at` when unpublished). */
  publishedOnce?: boolean;
  /** When the service created it: where it stands in a list, newest first (absent in older bases). */
  createdAt?: string;
  /** What a writer can edit of the service's copy, hashed (absent in older bases). */
  fingerprint?: string;
}

export type DraftFields = RecordDraftFields & { title: string; content: string };

export interface Draft {
  id: string;
  publicationId: string;
  kind: RecordKind;
  remoteId: number | null;
  claimedSlug: string | null;
  /**
   * The slug the service holds after Quire's last write that landed (null in drafts from before
   * it was kept; '' for none yet, or a record made elsewhere and opened here): set only once a
   * write is confirmed, as one that never landed gave nothing.
   */
  givenSlug: string | null;
  /** The key every try of this draft's create carries, so the service makes one record of them. */
  createKey: string | null;
  /** When this create was first tried (this computer's clock): a record older is not its. */
  createStartedAt: number | null;
  sentVersions: string[];
  fields: DraftFields;
  base: DraftBase | null;
  /** Bumped on every local save; equal to syncedRev when the service has this version. */
  localRev: number;
  syncedRev: number;
  /** The service's version when it diverged from ours; the writer decides. */
  conflict: RemoteRecord | null;
  lastError: string | null;
  /** The fields the service named when it refused the draft, with what it said of each. */
  lastErrorFields: FieldErrors | null;
  createdAt: number;
  updatedAt: number;
}

export interface StoredPublication {
  id: string;
  name: string;
  baseUrl: string;
  subdomain: string;
  embedded: boolean;
}

export interface PageKey {
  publicationId: string;
  kind: RecordKind;
  draftsOnly: boolean;
  page: number;
  perPage: number;
}

export interface OutboxOp {
  seq: number;
  publicationId: string;
  draftId: string;
  op: 'push' | 'delete';
  notBefore: number;
  attempts: number;
  lastError: string | null;
  /**
   * For a push the writer asked for (Update, Publish): the fields and revision as they were when
   * pressed. Words written since stay held, however late the service answers.
   */
  pinned: {
    fields: DraftFields;
    rev: number;
    pressed: boolean;
    /** "Keep published": the words readers saw, kept live, nothing of the writer's to send. */
    keepsLive?: boolean;
  } | null;
  /**
   * For a delete: `theirVersion` of the conflict shown when it was pressed, '' for none shown
   * (undefined for a delete queued before it was kept).
   */
  conflictSeen?: string;
}

export interface Revision {
  id: number;
  draftId: string;
  reason: string;
  fields: DraftFields;
  takenAt: number;
}

interface DraftRow {
  id: string;
  publication_id: string;
  kind: RecordKind;
  remote_id: number | null;
  claimed_slug: string | null;
  given_slug: string | null;
  create_key: string | null;
  create_started_at: number | null;
  sent_versions: string;
  fields_json: string;
  base_json: string | null;
  local_rev: number;
  synced_rev: number;
  conflict_json: string | null;
  last_error: string | null;
  last_error_fields: string | null;
  created_at: number;
  updated_at: number;
}

const toDraft = (row: DraftRow): Draft => ({
  id: row.id,
  publicationId: row.publication_id,
  kind: row.kind,
  remoteId: row.remote_id,
  claimedSlug: row.claimed_slug,
  givenSlug: row.given_slug,
  createKey: row.create_key,
  createStartedAt: row.create_started_at,
  sentVersions: JSON.parse(row.sent_versions) as string[],
  fields: JSON.parse(row.fields_json) as DraftFields,
  base: row.base_json ? (JSON.parse(row.base_json) as DraftBase) : null,
  localRev: row.local_rev,
  syncedRev: row.synced_rev,
  conflict: row.conflict_json ? (JSON.parse(row.conflict_json) as RemoteRecord) : null,
  lastError: row.last_error,
  lastErrorFields: row.last_error_fields
    ? (JSON.parse(row.last_error_fields) as FieldErrors)
    : null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

function storageError(error: unknown): QuireError {
  const code = (error as { code?: string }).code ?? '';
  const message =
    code === 'SQLITE_FULL'
      ? DISK_FULL_MESSAGE
      : `The local store failed: ${error instanceof Error ? error.message : String(error)}`;
  return new QuireError({ kind: 'storage', message }, { cause: error });
}

/** An op due now (`?` twice: the time): the SQL of `dueOps`, shared with `stillDue`. */
const DUE = `not_before <= ?
       AND seq = coalesce(
         (SELECT min(x.seq) FROM outbox x JOIN drafts d ON d.id = x.draft_id
           WHERE x.draft_id = o.draft_id AND x.op = 'delete'
             AND NOT (d.remote_id IS NULL AND d.claimed_slug IS NOT NULL
               AND d.sent_versions <> '[]')),
         (SELECT min(seq) FROM outbox WHERE draft_id = o.draft_id))
       -- Nothing of a draft is sent while its delete waits out the undo window (a Publish of it
       -- would go live meanwhile); undone, the push goes as it was.
       AND NOT (o.op = 'push' AND EXISTS (SELECT 1 FROM outbox y
         WHERE y.draft_id = o.draft_id AND y.op = 'delete' AND y.not_before > ?))`;

function prepareStatements(db: Database.Database) {
  return {
    draft: db.prepare('SELECT * FROM drafts WHERE id = ?'),
    // Or the draft kept over that record's deletion (Keep mine), which the record, restored, is
    // met by: opened from a list meanwhile, it became a second draft of the one post (review 36).
    draftByRemote: db.prepare(
      `SELECT * FROM drafts d WHERE publication_id = @publicationId AND kind = @kind
         AND d.id IS NOT @besides
         AND (remote_id = @remoteId OR (remote_id IS NULL AND EXISTS (
           SELECT 1 FROM settings s, json_each(s.value, '$.records') r
            WHERE s.key = 'kept-over-deletion:' || d.id AND json_valid(s.value)
              AND json_extract(r.value, '$.remoteId') = @remoteId)))
       ORDER BY remote_id IS NULL LIMIT 1`,
    ),
    // Only the draft whose id is that record's: the one a write of the id must not take it from.
    draftHolding: db.prepare(
      `SELECT * FROM drafts WHERE publication_id = ? AND kind = ? AND remote_id = ? LIMIT 1`,
    ),
    drafts: db.prepare('SELECT * FROM drafts WHERE publication_id = ? ORDER BY updated_at DESC'),
    createsAwaitingAnswer: db.prepare(
      `SELECT * FROM drafts WHERE publication_id = ? AND kind = ? AND remote_id IS NULL
         AND claimed_slug IS NOT NULL ORDER BY updated_at DESC`,
    ),
    // Keep mine on a post deleted and known by no id: the slugs its creates claimed, kept to find
    // it restored (review 39), from the first try on.
    keptClaims: db.prepare(
      `SELECT d.*, s.value AS kept_json
         FROM drafts d JOIN settings s ON s.key = 'kept-over-deletion:' || d.id
        WHERE d.publication_id = ? AND d.kind = ? AND d.remote_id IS NULL AND json_valid(s.value)
          AND json_array_length(s.value, '$.claims') > 0`,
    ),
    insertDraft: db.prepare(
      `INSERT INTO drafts (id, publication_id, kind, remote_id, fields_json, search_text, base_json,
       local_rev, synced_rev, created_at, updated_at)
     VALUES (@id, @publication_id, @kind, @remote_id, @fields_json, @search_text, @base_json,
       @local_rev, @synced_rev, @now, @now)`,
    ),
    saveFields: db.prepare(
      `UPDATE drafts SET fields_json = ?, search_text = ?, local_rev = local_rev + 1, updated_at = ?
       WHERE id = ?`,
    ),
    enqueue: db.prepare(
      `INSERT INTO outbox (publication_id, draft_id, op, not_before, created_at)
     VALUES (?, ?, ?, ?, ?)`,
    ),
    due: db.prepare(`SELECT * FROM outbox o WHERE ${DUE} ORDER BY seq LIMIT ?`),
    dueOf: db.prepare(
      `SELECT * FROM outbox o WHERE ${DUE} AND o.draft_id IN (SELECT value FROM json_each(?))
        ORDER BY seq LIMIT ?`,
    ),
    dueOne: db.prepare(`SELECT 1 FROM outbox o WHERE ${DUE} AND o.seq = ?`),
    outboxCount: db.prepare('SELECT count(*) FROM outbox WHERE publication_id = ?').pluck(),
    outboxAll: db.prepare('SELECT * FROM outbox ORDER BY seq'),
    removeOp: db.prepare('DELETE FROM outbox WHERE seq = ?'),
    failOp: db.prepare(
      'UPDATE outbox SET attempts = attempts + 1, last_error = ?, not_before = ? WHERE seq = ?',
    ),
    cancelDelete: db.prepare(`DELETE FROM outbox WHERE draft_id = ? AND op = 'delete'`),
    holdDelete: db.prepare(
      `UPDATE outbox SET not_before = ? WHERE draft_id = ? AND op = 'delete' AND not_before > ?`,
    ),
    snapshot: db.prepare(
      'INSERT INTO revisions (draft_id, reason, fields_json, taken_at) VALUES (?, ?, ?, ?)',
    ),
    pruneWritingRevisions: db.prepare(
      `DELETE FROM revisions WHERE draft_id = ? AND reason = 'while-writing' AND id NOT IN
       (SELECT id FROM revisions WHERE draft_id = ? AND reason = 'while-writing'
        ORDER BY id DESC LIMIT ${WRITING_SNAPSHOTS_KEPT})`,
    ),
    pruneLiveRevisions: db.prepare(
      `DELETE FROM revisions WHERE draft_id = ? AND reason = 'live-before-edits' AND id NOT IN
       (SELECT id FROM revisions WHERE draft_id = ? AND reason = 'live-before-edits'
        ORDER BY id DESC LIMIT ${LIVE_SNAPSHOTS_KEPT})`,
    ),
    pruneEventRevisions: db.prepare(
      `DELETE FROM revisions WHERE draft_id = ?
         AND reason NOT IN ('while-writing', 'live-before-edits') AND id NOT IN
       (SELECT id FROM revisions WHERE draft_id = ?
          AND reason NOT IN ('while-writing', 'live-before-edits')
        ORDER BY id DESC LIMIT ${REVISIONS_KEPT})`,
    ),
    revisions: db.prepare('SELECT * FROM revisions WHERE draft_id = ? ORDER BY id DESC'),
    newestRevision: db.prepare(
      'SELECT fields_json, taken_at, reason FROM revisions WHERE draft_id = ? ORDER BY id DESC LIMIT 1',
    ),
  };
}

/**
 * The app's own SQLite file: drafts (saved here first, always), the outbox of what still has to
 * reach the service, revision snapshots, and cached lists for browsing offline.
 */
export class LocalStore {
  private readonly statements: ReturnType<typeof prepareStatements>;

  private constructor(
    readonly db: Database.Database,
    private readonly now: () => number,
  ) {
    this.statements = prepareStatements(db);
  }

  /** Opens the store; a newer schema than this build knows is refused, never touched. */
  static open(file: string, now: () => number = Date.now): LocalStore {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const db = new Database(file);
    try {
      db.pragma('busy_timeout = 5000');
      // Refused before anything is written: switching to WAL rewrites the file's header, and a
      // newer Quire's file must be left as it was.
      const found = db.pragma('user_version', { simple: true }) as number;
      const supported = STORE_MIGRATIONS.at(-1)?.version ?? 0;
      if (found > supported) throw new SchemaTooNewError(found, supported);
      db.pragma('foreign_keys = ON');
      db.pragma('journal_mode = WAL');
      // A save acknowledged to the writer must survive a crash or power cut.
      db.pragma('synchronous = FULL');
      migrate(db, STORE_MIGRATIONS);
      return new LocalStore(db, now);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  close(): void {
    this.db.close();
  }

  private write<T>(run: () => T): T {
    try {
      return this.db.transaction(run).immediate();
    } catch (error) {
      if (error instanceof QuireError) throw error;
      throw storageError(error);
    }
  }

  addPublication(input: {
    name: string;
    baseUrl: string;
    subdomain: string;
    embedded?: boolean;
  }): string {
    return this.write(() => {
      const id = randomUUID();
      this.db
        .prepare(
          `INSERT INTO publications (id, name, base_url, subdomain, embedded, added_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(id, input.name, input.baseUrl, input.subdomain, input.embedded ? 1 : 0, this.now());
      return id;
    });
  }

  listPublications(): StoredPublication[] {
    return this.db
      .prepare(
        'SELECT id, name, base_url, subdomain, embedded FROM publications ORDER BY added_at, id',
      )
      .all()
      .map((row) => {
        const r = row as Record<string, unknown>;
        return {
          id: r.id as string,
          name: r.name as string,
          baseUrl: r.base_url as string,
          subdomain: r.subdomain as string,
          embedded: r.embedded === 1,
        };
      });
  }

  getPublication(id: string): StoredPublication | undefined {
    return this.listPublications().find((publication) => publication.id === id);
  }

  setPublicationBaseUrl(id: string, baseUrl: string): void {
    this.write(() =>
      this.db.prepare('UPDATE publications SET base_url = ? WHERE id = ?').run(baseUrl, id),
    );
  }

  /** Removes a publication with its drafts, outbox, revisions and cache. */
  removePublication(id: string): void {
    this.write(() => {
      this.forgetBeside(this.listDrafts(id).map((draft) => draft.id));
      this.db.prepare('DELETE FROM publications WHERE id = ?').run(id);
    });
  }

  /**
   * What is kept beside drafts in the settings (a conflict's or an Unpublish's pinned words, a
   * post kept over its deletion, a refused Delete's note), keyed `<what>:<draft id>`: it goes with
   * them. A removed publication's words stayed in the file, where its dialog said they went (a
   * review).
   */
  private forgetBeside(draftIds: readonly string[]): void {
    const forget = this.db.prepare("DELETE FROM settings WHERE key GLOB '*:' || ?");
    for (const draftId of draftIds) forget.run(draftId);
  }

  getSetting(key: string): string | undefined {
    return this.db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as
      string | undefined;
  }

  setSetting(key: string, value: string | null): void {
    this.write(() => {
      if (value === null) this.db.prepare('DELETE FROM settings WHERE key = ?').run(key);
      else
        this.db
          .prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)')
          .run(key, value);
    });
  }

  /**
   * The tags seen on this publication's cached records, by name. The service has no tag list of
   * its own (the spec gives them no endpoint), so this is all Quire can know of their names.
   */
  knownTags(publicationId: string): Tag[] {
    // Grouped by id; the bare columns come from the most recently cached record, so a renamed
    // tag shows its newest name.
    return (
      this.db
        .prepare(
          `SELECT json_extract(t.value, '$.id') AS id, json_extract(t.value, '$.name') AS name,
             json_extract(t.value, '$.slug') AS slug, max(c.cached_at) AS newest
           FROM cached_records c, json_each(c.record_json, '$.tags') t
           WHERE c.publication_id = ?
           GROUP BY 1 ORDER BY lower(name), id`,
        )
        .all(publicationId) as (Tag & { newest: number })[]
    ).map(({ id, name, slug }) => ({ id, name, slug }));
  }

  /** Remembers a list page as the service sent it, for browsing offline. */
  cachePage(key: PageKey, meta: PageMeta, records: RemoteRecord[]): void {
    this.write(() => {
      const now = this.now();
      const upsert = this.db.prepare(
        `INSERT OR REPLACE INTO cached_records (publication_id, kind, remote_id, slug, record_json,
           search_text, cached_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const record of records)
        upsert.run(
          key.publicationId,
          key.kind,
          record.id,
          record.slug,
          JSON.stringify(record),
          recordSearchText(record),
          now,
        );
      this.db
        .prepare(
          `INSERT OR REPLACE INTO cached_pages (publication_id, kind, drafts_only, page, per_page,
             meta_json, ids_json, cached_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          key.publicationId,
          key.kind,
          key.draftsOnly ? 1 : 0,
          key.page,
          key.perPage,
          JSON.stringify(meta),
          JSON.stringify(records.map((record) => record.id)),
          now,
        );
    });
  }

  /**
   * After every record of a list was seen in one consistent pass, the copies of any others are of
   * records deleted on the service: they go, or a search would keep finding them. Returns how many.
   */
  keepOnlyCached(publicationId: string, kind: RecordKind, remoteIds: readonly number[]): number {
    return this.write(
      () =>
        this.db
          .prepare(
            `DELETE FROM cached_records WHERE publication_id = ? AND kind = ?
               AND remote_id NOT IN (SELECT value FROM json_each(?))`,
          )
          .run(publicationId, kind, JSON.stringify(remoteIds)).changes,
    );
  }

  cachedPage(
    key: PageKey,
  ): { meta: PageMeta; records: RemoteRecord[]; cachedAt: number } | undefined {
    const row = this.db
      .prepare(
        `SELECT meta_json, ids_json, cached_at FROM cached_pages WHERE publication_id = ? AND kind = ?
           AND drafts_only = ? AND page = ? AND per_page = ?`,
      )
      .get(key.publicationId, key.kind, key.draftsOnly ? 1 : 0, key.page, key.perPage) as
      { meta_json: string; ids_json: string; cached_at: number } | undefined;
    if (!row) return undefined;
    const ids = JSON.parse(row.ids_json) as number[];
    const records = ids
      .map((remoteId) => this.cachedRecord(key.publicationId, key.kind, remoteId))
      .filter((record): record is RemoteRecord => record !== undefined);
    return { meta: JSON.parse(row.meta_json) as PageMeta, records, cachedAt: row.cached_at };
  }

  /**
   * A page made of every record this computer has seen listed, newest first as the reference
   * server orders them, for a page or a filter never fetched while the service answered.
   */
  pageFromCachedRecords(
    key: PageKey,
  ): { meta: PageMeta; records: RemoteRecord[]; cachedAt: number } | undefined {
    const rows = (
      this.db
        .prepare(
          `SELECT record_json, cached_at FROM cached_records WHERE publication_id = ? AND kind = ?`,
        )
        .all(key.publicationId, key.kind) as { record_json: string; cached_at: number }[]
    ).map((row) => ({ record: JSON.parse(row.record_json) as RemoteRecord, at: row.cached_at }));
    if (rows.length === 0) return undefined;
    const matching = rows
      .filter(({ record }) => !key.draftsOnly || record.status === 'draft')
      .sort(
        (a, b) =>
          (b.record.created_at ?? '').localeCompare(a.record.created_at ?? '') ||
          b.record.id - a.record.id,
      );
    const start = (key.page - 1) * key.perPage;
    // A page beyond what this computer holds is not made up.
    if (key.page > 1 && start >= matching.length) return undefined;
    return {
      meta: {
        total: matching.length,
        per_page: key.perPage,
        current_page: key.page,
        last_page: Math.max(1, Math.ceil(matching.length / key.perPage)),
      },
      records: matching.slice(start, start + key.perPage).map(({ record }) => record),
      cachedAt: Math.min(...rows.map(({ at }) => at)),
    };
  }

  cachedRecord(
    publicationId: string,
    kind: RecordKind,
    remoteId: number,
  ): RemoteRecord | undefined {
    const json = this.db
      .prepare(
        'SELECT record_json FROM cached_records WHERE publication_id = ? AND kind = ? AND remote_id = ?',
      )
      .pluck()
      .get(publicationId, kind, remoteId) as string | undefined;
    return json ? (JSON.parse(json) as RemoteRecord) : undefined;
  }

  cachedRecordBySlug(
    publicationId: string,
    kind: RecordKind,
    slug: string,
  ): RemoteRecord | undefined {
    const json = this.db
      .prepare(
        'SELECT record_json FROM cached_records WHERE publication_id = ? AND kind = ? AND slug = ?',
      )
      .pluck()
      .get(publicationId, kind, slug) as string | undefined;
    return json ? (JSON.parse(json) as RemoteRecord) : undefined;
  }

  /** "Sync now": ops waiting out a backoff are due at once; deletes keep their undo window. */
  /** Every push waiting out a backoff is due now; or only these drafts'. */
  makePushesDue(draftIds?: readonly string[]): void {
    this.write(() =>
      this.db
        .prepare(
          `UPDATE outbox SET not_before = ? WHERE op = 'push' AND not_before > ?
             AND (? IS NULL OR draft_id IN (SELECT value FROM json_each(?)))`,
        )
        .run(this.now(), this.now(), draftIds ? 1 : null, JSON.stringify(draftIds ?? [])),
    );
  }

  restoreRevision(draftId: string, revisionId: number): Draft {
    return this.write(() => {
      const revision = this.revision(draftId, revisionId);
      // The words and details come back; published or not stays the Publish button's to change.
      const current = this.mustGet(draftId);
      const { status } = current.fields;
      const { status: _then, ...restored } = revision.fields;
      const fields = status === undefined ? restored : { ...restored, status };
      // The same as now: nothing to restore, and no edit to hold back from a live post's readers.
      const sameSlug = (current.fields.slug ?? '') === (fields.slug ?? '');
      if (sameSlug && differingFields(current.fields, fields).length === 0) return current;
      this.snapshot(draftId, 'before-restore');
      return this.saveDraft(draftId, fields);
    });
  }

  /** Cached records and local drafts whose title or text holds every word of the query. */
  searchCached(
    publicationId: string,
    kind: RecordKind,
    query: string,
    limit = 50,
    /** As the service's `draft` filter: records not live, and drafts never published. */
    draftsOnly = false,
  ): {
    records: RemoteRecord[];
    drafts: Draft[];
  } {
    // Folded as the kept text is, by JavaScript (not toLocaleLowerCase: a Turkish locale folds
    // "I" to "ı", which the kept text, folded the same on every computer, does not hold).
    // Accents stay: "école" and "ÉCOLE" find "École", "ecole" does not.
    const words = query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
    if (words.length === 0) return { records: [], drafts: [] };
    // LIKE's own wildcards in a query are matched literally.
    const patterns = words.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    // Both columns are kept lowercase by JavaScript: SQLite's lower() and LIKE fold ASCII
    // only, and missed "Über" typed exactly (a review).
    const matches = (column: string) =>
      patterns.map(() => `${column} LIKE ? ESCAPE '\\'`).join(' AND ');
    // A record by its title and the service's plain text of its words, kept beside it.
    const records = (
      this.db
        .prepare(
          `SELECT record_json FROM cached_records WHERE publication_id = ? AND kind = ?
             AND ${matches('search_text')}
             ${draftsOnly ? "AND json_extract(record_json, '$.status') = 'draft'" : ''}
           ORDER BY json_extract(record_json, '$.updated_at') DESC LIMIT ?`,
        )
        .pluck()
        .all(publicationId, kind, ...patterns, limit) as string[]
    ).map((json) => JSON.parse(json) as RemoteRecord);
    // A draft by its title or its words as they are here (a post written offline, edits held
    // for Update), kept as plain text beside it on every write.
    const drafts = (
      this.db
        .prepare(
          `SELECT * FROM drafts WHERE publication_id = ? AND kind = ? AND ${matches('search_text')}
             ${draftsOnly ? "AND (remote_id IS NULL OR json_extract(base_json, '$.status') IS NOT 'publish')" : ''}
           ORDER BY updated_at DESC LIMIT ?`,
        )
        .all(publicationId, kind, ...patterns, limit) as DraftRow[]
    ).map(toDraft);
    return { records, drafts };
  }

  countConflicts(): number {
    return this.db
      .prepare('SELECT count(*) FROM drafts WHERE conflict_json IS NOT NULL')
      .pluck()
      .get() as number;
  }

  totalPending(): number {
    return this.db.prepare('SELECT count(*) FROM outbox').pluck().get() as number;
  }

  hasPendingDelete(draftId: string): boolean {
    return (
      this.db.prepare(`SELECT 1 FROM outbox WHERE draft_id = ? AND op = 'delete'`).get(draftId) !==
      undefined
    );
  }

  hasPendingPush(draftId: string): boolean {
    return (
      this.db.prepare(`SELECT 1 FROM outbox WHERE draft_id = ? AND op = 'push'`).get(draftId) !==
      undefined
    );
  }

  /** An Update or a Publish pressed for words that wait on their way (not a take-back). */
  hasPressedPush(draftId: string): boolean {
    return (
      this.db
        .prepare(
          `SELECT 1 FROM outbox WHERE draft_id = ? AND op = 'push' AND pinned_fields IS NOT NULL AND pinned_by_press = 1`,
        )
        .get(draftId) !== undefined
    );
  }

  getDraft(id: string): Draft | undefined {
    const row = this.statements.draft.get(id) as DraftRow | undefined;
    return row && toDraft(row);
  }

  /**
   * The draft that holds a record, or else one kept over its deletion; with `besides`, one other
   * than that draft (two kept over one deletion: asked for one, the first answered for itself,
   * review 54).
   */
  draftForRemote(
    publicationId: string,
    kind: RecordKind,
    remoteId: number,
    besides: string | null = null,
  ): Draft | undefined {
    const row = this.statements.draftByRemote.get({ publicationId, kind, remoteId, besides }) as
      DraftRow | undefined;
    return row && toDraft(row);
  }

  /**
   * The draft that holds a record: its id is the record's. Not one kept over the record's
   * deletion, which `draftForRemote` finds too (to meet the record restored) but which holds
   * nothing: counted as the holder, it refused Keep mine on a second draft of a trashed post,
   * naming the first, blank of the post (review 52).
   */
  draftHolding(publicationId: string, kind: RecordKind, remoteId: number): Draft | undefined {
    const row = this.statements.draftHolding.get(publicationId, kind, remoteId) as
      DraftRow | undefined;
    return row && toDraft(row);
  }

  /**
   * Drafts of a kind with a claimed slug and no id yet (a create that may have landed, its answer
   * lost): few, read by an index, where reading every draft, text and all, once for each row of a
   * list took seconds beside many long drafts (review 38).
   */
  createsAwaitingAnswer(publicationId: string, kind: RecordKind): Draft[] {
    return (this.statements.createsAwaitingAnswer.all(publicationId, kind) as DraftRow[]).map(
      toDraft,
    );
  }

  /**
   * Drafts kept over the deletion of a post known by no id (Keep mine), with the slugs their
   * creates claimed (and when first tried) and the words they sent: the post, restored, is found
   * by those alone.
   */
  keptOverDeletionByClaim(
    publicationId: string,
    kind: RecordKind,
  ): { draft: Draft; claims: { slug: string; since: number }[]; sent: string[] }[] {
    return (
      this.statements.keptClaims.all(publicationId, kind) as (DraftRow & {
        kept_json: string;
      })[]
    ).map((row) => {
      const kept = JSON.parse(row.kept_json) as {
        claims: { slug: string; since: number }[];
        sent?: string[];
      };
      return { draft: toDraft(row), claims: kept.claims, sent: kept.sent ?? [] };
    });
  }

  listDrafts(publicationId: string): Draft[] {
    return (this.statements.drafts.all(publicationId) as DraftRow[]).map(toDraft);
  }

  /** A new local record (not yet on the service), queued for its first push. */
  createDraft(publicationId: string, kind: RecordKind, fields: DraftFields): Draft {
    return this.write(() => {
      const id = randomUUID();
      this.statements.insertDraft.run({
        id,
        publication_id: publicationId,
        kind,
        remote_id: null,
        fields_json: JSON.stringify(fields),
        search_text: draftSearchText(fields),
        base_json: null,
        local_rev: 1,
        synced_rev: 0,
        now: this.now(),
      });
      // Nothing given yet (''): null is for drafts from before the store kept it, which follow
      // any slug; a new one's create answered at a colleague's slug must not (a review).
      this.db.prepare("UPDATE drafts SET given_slug = '' WHERE id = ?").run(id);
      this.enqueuePush(publicationId, id);
      return this.mustGet(id);
    });
  }

  /** A draft opened from a service record: in step with it, nothing to push yet. */
  adoptRemote(publicationId: string, kind: RecordKind, record: RemoteRecord, etag?: string): Draft {
    return this.write(() => {
      const existing = this.draftForRemote(publicationId, kind, record.id);
      if (existing) return existing;
      const id = randomUUID();
      this.statements.insertDraft.run({
        id,
        publication_id: publicationId,
        kind,
        remote_id: record.id,
        fields_json: JSON.stringify(fieldsOf(record)),
        search_text: draftSearchText(record),
        base_json: JSON.stringify(baseOf(record, etag)),
        local_rev: 1,
        synced_rev: 1,
        now: this.now(),
      });
      // Made elsewhere: Quire gave it no slug (''), so an emptied Slug field does not move it
      // to the title's (a review found a colleague's chosen slug moved so).
      this.db.prepare("UPDATE drafts SET given_slug = '' WHERE id = ?").run(id);
      return this.mustGet(id);
    });
  }

  /** Saves the writer's working copy; returns only once it is on disk. */
  saveDraft(id: string, fields: DraftFields): Draft {
    return this.write(() => {
      const draft = this.mustGet(id);
      // A save that changes nothing (a line added and left empty, a look at the source) is no
      // edit: a live post must not show "Edits not live" for it, nor count a change to lose.
      if (JSON.stringify(fields) === JSON.stringify(draft.fields) && !draft.lastError) return draft;
      // Words written after Delete was pressed, while it still waits (its undo window, or the
      // service away): the writer is plainly still writing in it, so the Delete is taken back,
      // not left to delete them unasked (a review found a post opened from the search after its
      // Delete, an hour's words deleted with it). Undo then has nothing to undo and says it is
      // kept; Delete pressed again deletes it, these words included.
      // Changed words only: the editor's last save as it closes after Delete, the same words in
      // another key order (as they come through the contract), leaves the Delete waiting.
      if (!sameFields(fields, draft.fields) && this.statements.cancelDelete.run(id).changes > 0)
        this.setSetting(withdrawnDeleteKey(id), '1');
      // The words as they go out, edits made a moment before Publish included (a save waiting
      // in the editor travels with the publish): restoring it brings back what was published.
      if (
        fields.status === 'publish' &&
        draft.fields.status !== 'publish' &&
        !holdsForUpdate({ ...draft, fields })
      )
        this.snapshot(id, 'before-publish', { ...fields, status: draft.fields.status });
      else if (holdsForUpdate(draft) && draft.localRev === draft.syncedRev && !draft.conflict)
        // The first edit to a live record in step with the service: what its readers see is
        // kept, so an Update regretted has a way back (a review found none).
        this.snapshot(id, 'live-before-edits');
      else this.snapshotWhileWriting(draft, fields);
      const updatedAt = this.now();
      this.statements.saveFields.run(
        JSON.stringify(fields),
        draftSearchText(fields),
        updatedAt,
        id,
      );
      this.db
        .prepare('UPDATE drafts SET last_error = NULL, last_error_fields = NULL WHERE id = ?')
        .run(id);
      // Known without reading back: this transaction is the only writer.
      let saved: Draft = {
        ...draft,
        fields,
        localRev: draft.localRev + 1,
        updatedAt,
        lastError: null,
      };
      if (!holdsForUpdate(saved)) this.enqueuePush(draft.publicationId, id);
      // Publish goes with the words as they are now; taken back (Unpublish), the latest go.
      // "Keep published" (an Unpublish taken back while it waits, the record live as last
      // known): its push sends what readers saw, so held edits stay held (a review found them
      // sent as a Publish's words), and an Unpublish that landed unanswered is put right (a
      // later review found the push taken away for it, the post left unpublished).
      if (fields.status === 'publish' && draft.fields.status !== 'publish' && holdsForUpdate(saved))
        saved = this.keepPublished(saved);
      else if (fields.status === 'publish' && draft.fields.status !== 'publish')
        this.pinPush(saved);
      else if (fields.status !== 'publish') {
        // Kept for "Keep published", which takes this Unpublish back: an Update pressed before
        // it goes again (a review found it lost).
        if (holdsForUpdate(draft)) this.stashForKeepPublished(id, saved.localRev);
        this.pinPush(saved, false);
        this.setSetting(pinKey(id), null);
      }
      // An Update waiting, taken back (what readers see restored): it sends that, changing
      // nothing, where it would have sent the words regretted.
      else if (holdsForUpdate(saved) && this.showsServiceWords(saved))
        this.pinPush(saved, 'taken-back');
      // Taken back during a conflict: Keep mine sends the words shown, not the Update regretted
      // (a review found its kept pin outliving the take-back).
      else if (saved.conflict && saved.base && heldAtBase(fields, saved.base))
        this.setSetting(pinKey(id), null);
      if (holdsForUpdate(saved) && this.backToLive(saved)) {
        // Held edits taken back (undone, or a snapshot of the live words restored): nothing
        // differs from what readers see, so there is nothing to Update.
        this.db.prepare('UPDATE drafts SET synced_rev = local_rev WHERE id = ?').run(id);
        return { ...saved, syncedRev: saved.localRev };
      }
      return saved;
    });
  }

  /**
   * The writer's Update: held edits to a live record go to the service, as they are now. Words
   * written after it stay held, even while the service is away (they went live with it, a
   * review found, the writer never asked).
   */
  requestPush(id: string): Draft {
    return this.write(() => {
      const draft = this.mustGet(id);
      // Update pressed on a post whose Delete waits takes the Delete back, as words saved do:
      // the press went, unsaid, to the Delete (review 32).
      if (this.statements.cancelDelete.run(id).changes > 0)
        this.setSetting(withdrawnDeleteKey(id), '1');
      this.enqueuePush(draft.publicationId, id);
      this.pinPush(draft);
      // Pressed again: this is what goes, a pin kept from an earlier conflict no longer.
      this.setSetting(pinKey(id), null);
      this.setSetting(unpublishKey(id), null);
      return draft;
    });
  }

  private keepPublished(draft: Draft): Draft {
    const waiting = this.hasPendingPush(draft.id);
    const pin = (fields: DraftFields, rev: number, pressed: boolean): void => {
      if (waiting)
        this.db
          .prepare(
            `UPDATE outbox SET pinned_fields = ?, pinned_rev = ?, pinned_by_press = ?, refused_fields = NULL
             WHERE draft_id = ? AND op = 'push'`,
          )
          .run(JSON.stringify(fields), rev, pressed ? 1 : 2, draft.id);
      // Met by a conflict meanwhile: what Keep mine sends. What readers saw goes at the slug
      // they had when an Unpublish of the writer's carrying a held rename moved it: Keep mine
      // meets the post from theirs, and a push naming no slug left it there, live (review 25).
      // Moved by a colleague, it stays where they put it: the conflict showed no slug, and Keep
      // mine renamed it back over theirs (review 26).
      else if (draft.conflict) {
        const moved =
          !pressed &&
          !fields.slug &&
          draft.base !== null &&
          movedBySent(draft.sentVersions, draft.base.slug, draft.conflict.slug);
        const sent = moved ? { ...fields, slug: draft.base?.slug } : fields;
        this.setSetting(pinKey(draft.id), JSON.stringify({ fields: sent, localRev: rev }));
      }
    };
    // An Update pressed before the Unpublish: it goes again, as pressed, unless the words
    // changed since (a review: the Update taken back by restoring the live words went live).
    const stashed = this.getSetting(unpublishKey(draft.id));
    this.setSetting(unpublishKey(draft.id), null);
    const pressed = stashed
      ? (JSON.parse(stashed) as Pick<Draft, 'fields' | 'localRev'> & { atRev: number })
      : undefined;
    if (pressed && pressed.atRev + 1 === draft.localRev) {
      pin(pressed.fields, pressed.localRev, true);
      return draft;
    }
    const live = this.liveWords(draft);
    if (!live) {
      // What readers see is not known here: nothing is sent, the edits stay held.
      if (waiting)
        this.db.prepare(`DELETE FROM outbox WHERE draft_id = ? AND op = 'push'`).run(draft.id);
      return draft;
    }
    // Held edits beside them: the live words are a revision of their own, the one sent, and
    // the edits the next, still held once it lands.
    const held = live !== draft.fields;
    if (held)
      this.db.prepare('UPDATE drafts SET local_rev = local_rev + 1 WHERE id = ?').run(draft.id);
    pin(live, draft.localRev, false);
    return held ? { ...draft, localRev: draft.localRev + 1 } : draft;
  }

  /**
   * At an Unpublish of a live record: an Update pressed before it (waiting, or kept for Keep
   * mine), with the revision the Unpublish made, for "Keep published" straight after.
   */
  private stashForKeepPublished(id: string, atRev: number): void {
    const pressed = this.pressedPin(id) ?? this.getSetting(pinKey(id));
    this.setSetting(
      unpublishKey(id),
      pressed ? JSON.stringify({ ...(JSON.parse(pressed) as object), atRev }) : null,
    );
  }

  /** A waiting push's pin that the writer pressed for, as Keep mine keeps one. */
  private pressedPin(draftId: string): string | null {
    const row = this.db
      .prepare(
        `SELECT pinned_fields, pinned_rev FROM outbox WHERE draft_id = ? AND op = 'push'
           AND pinned_fields IS NOT NULL AND pinned_by_press = 1`,
      )
      .get(draftId) as { pinned_fields: string; pinned_rev: number } | undefined;
    return row
      ? JSON.stringify({ fields: JSON.parse(row.pinned_fields), localRev: row.pinned_rev })
      : null;
  }

  /** What readers of a live record see: the draft, or the newest snapshot the base confirms. */
  private liveWords(draft: Draft): DraftFields | undefined {
    if (!draft.base) return undefined;
    if (heldAtBase(draft.fields, draft.base)) return draft.fields;
    for (const revision of this.revisions(draft.id)) {
      const fields = { ...revision.fields, status: 'publish' as const };
      if (heldAtBase(fields, draft.base)) return fields;
    }
    return undefined;
  }

  /** What the draft's waiting push sends: these fields (a pin), or (`pin` false) the latest. */
  private pinPush(draft: Draft, pin: 'pressed' | 'taken-back' | false = 'pressed'): void {
    this.db
      .prepare(
        `UPDATE outbox SET pinned_fields = ?, pinned_rev = ?, pinned_by_press = ?, refused_fields = NULL
         WHERE draft_id = ? AND op = 'push'`,
      )
      .run(
        pin ? JSON.stringify(draft.fields) : null,
        pin ? draft.localRev : null,
        pin === 'taken-back' ? 0 : 1,
        draft.id,
      );
  }

  /** A push of the draft waits (none was taken away meanwhile, as "Keep published" takes one). */
  ensurePush(id: string): void {
    this.write(() => this.enqueuePush(this.mustGet(id).publicationId, id));
  }

  /** Drafts with edits saved here that are in no queue: held for the writer's Update. */
  unqueuedEdits(publicationId: string): number {
    return this.db
      .prepare(
        `SELECT count(*) FROM drafts d WHERE publication_id = ? AND local_rev > synced_rev
           AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.draft_id = d.id)`,
      )
      .pluck()
      .get(publicationId) as number;
  }

  /**
   * Of those, the edits to a record on the service: the ones an Update sends. A new draft never
   * sent (an HTML comment only, blank to the service) waits for no Update (review 26).
   */
  heldForUpdate(publicationId: string): number {
    return this.db
      .prepare(
        `SELECT count(*) FROM drafts d WHERE publication_id = ? AND local_rev > synced_rev
           AND remote_id IS NOT NULL AND conflict_json IS NULL
           AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.draft_id = d.id)`,
      )
      .pluck()
      .get(publicationId) as number;
  }

  private enqueuePush(publicationId: string, draftId: string): void {
    // One pending push per draft is enough: a push always sends the latest working copy. New
    // text is worth trying at once, even if the last attempt is waiting out a backoff.
    const updated = this.db
      .prepare(
        `UPDATE outbox SET not_before = min(not_before, ?), attempts = 0
         WHERE draft_id = ? AND op = 'push'`,
      )
      .run(this.now(), draftId);
    if (updated.changes > 0) return;
    this.statements.enqueue.run(publicationId, draftId, 'push', this.now(), this.now());
  }

  /** Queues a delete that waits out the undo window first. */
  requestDelete(id: string, undoWindowMs: number): void {
    this.write(() => {
      const draft = this.mustGet(id);
      this.statements.cancelDelete.run(id);
      this.setSetting(withdrawnDeleteKey(id), null);
      const { lastInsertRowid } = this.statements.enqueue.run(
        draft.publicationId,
        id,
        'delete',
        this.now() + undoWindowMs,
        this.now(),
      );
      // What the writer was shown as they pressed: a push in flight may show a colleague's
      // change after it, and that one is not theirs to have deleted (review 28).
      this.db
        .prepare('UPDATE outbox SET conflict_seen = ? WHERE seq = ?')
        .run(draft.conflict ? theirVersion(draft.conflict) : '', lastInsertRowid);
    });
  }

  /**
   * A delete still waiting waits a full window from now: true when there was one to hold, or
   * when words saved since took it back (the post stays, nothing is on its way).
   */
  holdDelete(id: string, undoWindowMs: number): boolean {
    return this.write(
      () =>
        this.statements.holdDelete.run(this.now() + undoWindowMs, id, this.now()).changes === 1 ||
        this.deleteWithdrawn(id),
    );
  }

  /**
   * Undo: true when a delete was still waiting and is now cancelled, or words saved since had
   * taken it back already (the post is kept either way: "too late" would say it had gone).
   */
  cancelDelete(id: string): boolean {
    return this.write(() => {
      const cancelled = this.statements.cancelDelete.run(id).changes === 1;
      const withdrawn = this.deleteWithdrawn(id);
      this.setSetting(withdrawnDeleteKey(id), null);
      return cancelled || withdrawn;
    });
  }

  /**
   * A Delete of the draft's post left this computer unanswered, and may land yet: it is turned
   * away (the post's version moved on) once the Delete is taken back. Noted before it goes, so a
   * crash on its way forgets nothing.
   */
  noteDeleteSent(id: string, remoteId: number): void {
    this.setSetting(deleteSentKey(id), String(remoteId));
  }

  forgetDeleteSent(id: string): void {
    this.setSetting(deleteSentKey(id), null);
  }

  /** The drafts with a Delete that may land yet, and the post it was sent for (noteDeleteSent). */
  deletesMayLand(): { draftId: string; remoteId: number }[] {
    const rows = this.db
      .prepare("SELECT key, value FROM settings WHERE key GLOB 'delete-sent:*'")
      .all() as { key: string; value: string }[];
    return rows.map(({ key, value }) => ({
      draftId: key.slice('delete-sent:'.length),
      remoteId: Number(value),
    }));
  }

  /**
   * Deleted, then kept, while the Delete sent may land yet: the fence it needs is still owed. Not a
   * Delete still wanted, whose landing late is what the writer asked for.
   */
  owesFence(draftId: string): boolean {
    return this.getSetting(deleteSentKey(draftId)) !== undefined && !this.hasPendingDelete(draftId);
  }

  /** The drafts of the publication that owe a fence (owesFence). */
  owingFences(publicationId: string): string[] {
    return this.deletesMayLand()
      .map((sent) => sent.draftId)
      .filter((id) => this.getDraft(id)?.publicationId === publicationId && this.owesFence(id));
  }

  /** Words were saved into the draft while its Delete waited, which took the Delete back. */
  private deleteWithdrawn(id: string): boolean {
    return this.getSetting(withdrawnDeleteKey(id)) !== undefined && this.getDraft(id) !== undefined;
  }

  /**
   * The first due op of each draft, oldest first: per-record order is kept, but a record on the
   * service being deleted goes before a push of it still waiting (refused, or a Publish pressed
   * offline), which would hold the delete back or put it live on the way.
   */
  /** Ops due now, oldest first; or only these drafts'. */
  dueOps(limit = 100, draftIds?: readonly string[]): OutboxOp[] {
    const now = this.now();
    const rows = draftIds
      ? this.statements.dueOf.all(now, now, JSON.stringify(draftIds), limit)
      : this.statements.due.all(now, now, limit);
    return (rows as Record<string, unknown>[]).map(toOp);
  }

  /**
   * Whether an op of a round's list is still due as its turn comes: a Delete pressed since holds
   * a push back for its undo window, and an op undone or done since is gone.
   */
  stillDue(seq: number): boolean {
    const now = this.now();
    return this.statements.dueOne.get(now, now, seq) !== undefined;
  }

  allOps(): OutboxOp[] {
    return (this.statements.outboxAll.all() as Record<string, unknown>[]).map(toOp);
  }

  pendingCount(publicationId: string): number {
    return this.statements.outboxCount.get(publicationId) as number;
  }

  completeOp(seq: number): void {
    this.write(() => this.statements.removeOp.run(seq));
  }

  failOp(seq: number, error: string, retryAt: number): void {
    this.write(() => this.statements.failOp.run(error, retryAt, seq));
  }

  /** Records what the service now holds for a draft; `rev` is the local revision it carries. */
  markSynced(
    id: string,
    update: { remoteId: number; base: DraftBase; rev: number },
    /** The words that went, when they are not the draft's own (a pinned push's). */
    sent?: DraftFields,
  ): void {
    this.write(() => {
      const before = this.mustGet(id);
      this.holdRemote(id, update.remoteId);
      // Live now, with words written since held: what readers see is kept, for a take-back and
      // for "Keep published" (a review found nothing holding it after an Update pressed offline).
      if (sent && update.base.status === 'publish' && before.localRev > update.rev)
        this.snapshot(id, 'live-before-edits', sent);
      this.db
        .prepare(
          `UPDATE drafts SET base_json = ?, synced_rev = max(synced_rev, ?),
             claimed_slug = NULL, create_key = NULL, create_started_at = NULL, sent_versions = '[]', conflict_json = NULL, last_error = NULL, last_error_fields = NULL
           WHERE id = ?`,
        )
        .run(JSON.stringify(update.base), update.rev, id);
      // Words taken back to the live ones while this push was on its way were in step with the
      // base it replaced, not with this one ("Keep published" as an Unpublish lands).
      if (before.syncedRev > update.rev && !heldAtBase(before.fields, update.base))
        this.db.prepare('UPDATE drafts SET synced_rev = ? WHERE id = ?').run(update.rev, id);
      // Words written since a pinned push and then undone back to what it sent: in step, not
      // "Edits not live", and the next edit keeps what readers see (a review).
      else if (before.localRev > update.rev && heldAtBase(before.fields, update.base))
        this.db.prepare('UPDATE drafts SET synced_rev = local_rev WHERE id = ?').run(id);
      // In step with the service: no conflict left for a kept pin to be Keep mine's, and no
      // Update from before an Unpublish (it landed, or the Unpublish did) for Keep published.
      this.setSetting(pinKey(id), null);
      this.setSetting(unpublishKey(id), null);
    });
  }

  /** Persisted before each write is sent, so a retry can tell our own landed write from theirs. */
  noteSent(id: string, version: string): void {
    this.write(() => {
      const draft = this.mustGet(id);
      const kept = [...draft.sentVersions.filter((v) => v !== version), version];
      if (kept.length > SENT_VERSIONS_KEPT)
        kept.splice(SENT_VERSIONS_PINNED, kept.length - SENT_VERSIONS_KEPT);
      this.db
        .prepare('UPDATE drafts SET sent_versions = ? WHERE id = ?')
        .run(JSON.stringify(kept), id);
    });
  }

  /**
   * Noted as sent, but before the last one: a write that may not have landed is no "last words
   * sent" (see SyncEngine.sending).
   */
  noteSentBeforeLast(id: string, version: string): void {
    this.write(() => {
      const others = this.mustGet(id).sentVersions.filter((v) => v !== version);
      const kept = [...others.slice(0, -1), version, ...others.slice(-1)];
      this.db
        .prepare('UPDATE drafts SET sent_versions = ? WHERE id = ?')
        .run(JSON.stringify(kept), id);
    });
  }

  /**
   * A write that never left this computer (refused before connecting) is no longer noted as
   * sent: the same words met on the service later are someone else's, not a lost answer of ours.
   */
  forgetSent(id: string, version: string): void {
    this.write(() => {
      const draft = this.mustGet(id);
      this.db
        .prepare('UPDATE drafts SET sent_versions = ? WHERE id = ?')
        .run(JSON.stringify(draft.sentVersions.filter((v) => v !== version)), id);
    });
  }

  /** Persisted before a create is sent: whatever happens to the answer, a retry asks for this slug. */
  claimSlug(id: string, slug: string | null): void {
    // A draft not on the service gets its create's key here, once: kept until the create is
    // found, so every try of it, after a restart too, is the same create to the service.
    this.write(() =>
      this.db
        .prepare(
          `UPDATE drafts SET claimed_slug = ?,
             create_key = CASE WHEN remote_id IS NULL THEN coalesce(create_key, ?) ELSE NULL END,
             create_started_at =
               CASE WHEN remote_id IS NULL THEN coalesce(create_started_at, ?) ELSE NULL END
           WHERE id = ?`,
        )
        .run(slug, randomUUID(), this.now(), id),
    );
  }

  /** The slug the service gave this draft's write that landed (see `givenSlug`). */
  noteGivenSlug(id: string, slug: string): void {
    this.write(() =>
      this.db.prepare('UPDATE drafts SET given_slug = ? WHERE id = ?').run(slug, id),
    );
  }

  /**
   * A create that landed earlier was found: the draft is now based on it, its edits still unsent.
   * `slugGiven` false: its slug is not the one asked for (a colleague's since), so not Quire's.
   */
  attachRemote(id: string, base: DraftBase, slugGiven = true): void {
    this.write(() => {
      this.holdRemote(id, base.remoteId);
      this.db
        .prepare(
          'UPDATE drafts SET base_json = ?, given_slug = CASE WHEN ? THEN ? ELSE given_slug END, claimed_slug = NULL, create_key = NULL, create_started_at = NULL WHERE id = ?',
        )
        .run(JSON.stringify(base), slugGiven ? 1 : 0, base.slug, id);
    });
  }

  markConflict(id: string, theirs: RemoteRecord): void {
    this.write(() => {
      this.db
        .prepare('UPDATE drafts SET conflict_json = ? WHERE id = ?')
        .run(JSON.stringify(theirs), id);
    });
  }

  /** Clears every draft error of a publication; returns the drafts that had one. */
  clearDraftErrors(publicationId: string): string[] {
    return this.write(() => {
      const ids = this.db
        .prepare('SELECT id FROM drafts WHERE publication_id = ? AND last_error IS NOT NULL')
        .pluck()
        .all(publicationId) as string[];
      this.db
        .prepare(
          'UPDATE drafts SET last_error = NULL, last_error_fields = NULL WHERE publication_id = ?',
        )
        .run(publicationId);
      return ids;
    });
  }

  /** A refusal that names fields (a validation answer) keeps them, for the editor to mark. */
  setDraftError(id: string, message: string | null, fields?: FieldErrors): void {
    const named = message !== null && fields && Object.keys(fields).length ? fields : null;
    this.write(() =>
      this.db
        .prepare('UPDATE drafts SET last_error = ?, last_error_fields = ? WHERE id = ?')
        .run(message, named ? JSON.stringify(named) : null, id),
    );
  }

  /** Replaces the working copy with the service's version, keeping the old one as a revision. */
  replaceWithRemote(id: string, record: RemoteRecord, reason: string, etag?: string): Draft {
    return this.write(() => {
      const draft = this.mustGet(id);
      this.holdRemote(id, record.id);
      this.snapshot(id, reason);
      // A slug the writer never set, and Quire gave, stays unset: it follows the title while the
      // record is unpublished. Stored, it was taken for the writer's own, and a retitled draft
      // kept its old URL while its Slug field said it follows the title (review 25).
      const { slug, ...words } = fieldsOf(record);
      const fields =
        !draft.fields.slug && quireGaveSlug(record.slug, draft) ? words : { ...words, slug };
      this.db
        .prepare(
          `UPDATE drafts SET fields_json = ?, search_text = ?, base_json = ?, local_rev = local_rev + 1,
             synced_rev = local_rev + 1, conflict_json = NULL, last_error = NULL, last_error_fields = NULL,
             sent_versions = '[]', updated_at = ?
           WHERE id = ?`,
        )
        .run(
          JSON.stringify(fields),
          draftSearchText(record),
          JSON.stringify(baseOf(record, etag)),
          this.now(),
          id,
        );
      this.db.prepare(`DELETE FROM outbox WHERE draft_id = ? AND op = 'push'`).run(draft.id);
      this.setSetting(pinKey(id), null);
      this.setSetting(unpublishKey(id), null);
      return this.mustGet(id);
    });
  }

  /**
   * Several writes of the store's as one transaction: all of them land, or none (a conflict
   * choice is several, and half of one was a second copy when pressed again; review 28).
   */
  atomically<T>(change: () => T): T {
    return this.write(change);
  }

  /**
   * A Delete refused (the post changed on the service since the writer saw it): theirs shown,
   * `settings` written and the Delete's op done, in one transaction. Written one by one, a crash
   * or a full disk after the replace left the op queued over a base that was theirs by then, and
   * the restart sent the Delete over the colleague's version (review 28).
   */
  refuseDelete(
    seq: number,
    id: string,
    record: RemoteRecord,
    settings: [string, string | null][],
    etag?: string,
  ): Draft {
    return this.write(() => {
      const draft = this.replaceWithRemote(id, record, 'replaced-by-service', etag);
      for (const [key, value] of settings) this.setSetting(key, value);
      this.statements.removeOp.run(seq);
      return draft;
    });
  }

  /**
   * Drafts are removed once their record is gone from the service (or never reached it), so a
   * copy kept for browsing offline goes with them: it would come back in a search or a list.
   */
  /** `remoteId`: the record deleted, where the draft did not know it (see the engine's remove). */
  removeDraft(id: string, remoteId?: number): void {
    this.write(() => {
      const draft = this.getDraft(id);
      const record = remoteId ?? draft?.remoteId;
      if (draft && record != null)
        this.db
          .prepare(
            'DELETE FROM cached_records WHERE publication_id = ? AND kind = ? AND remote_id = ?',
          )
          .run(draft.publicationId, draft.kind, record);
      this.db.prepare('DELETE FROM drafts WHERE id = ?').run(id);
      this.forgetBeside([id]);
    });
  }

  /**
   * Keeps a copy of the draft's text (or of `fields`) in its revision history: the newest 50
   * taken at an event and, apart from those, the newest 30 taken while writing.
   */
  snapshot(draftId: string, reason: string, fields?: DraftFields): void {
    this.write(() => {
      const kept = fields ?? this.mustGet(draftId).fields;
      // The same words for the same reason again (published, unpublished, published again with
      // nothing changed): one entry in the history says it.
      const newest = this.statements.newestRevision.get(draftId) as
        { fields_json: string; reason: string } | undefined;
      const words = ({ status: _status, ...rest }: DraftFields): string => JSON.stringify(rest);
      if (
        newest?.reason === reason &&
        words(JSON.parse(newest.fields_json) as DraftFields) === words(kept)
      )
        return;
      this.statements.snapshot.run(draftId, reason, JSON.stringify(kept), this.now());
      const prune =
        reason === 'while-writing'
          ? this.statements.pruneWritingRevisions
          : reason === 'live-before-edits'
            ? this.statements.pruneLiveRevisions
            : this.statements.pruneEventRevisions;
      prune.run(draftId, draftId);
    });
  }

  /**
   * The text as it stood before this save, when the newest snapshot is older than the interval
   * and holds something else: a blank draft, or a save that changes nothing, adds none.
   */
  private snapshotWhileWriting(draft: Draft, next: DraftFields): void {
    if (nothingWritten(draft.fields) || differingFields(draft.fields, next).length === 0) return;
    const newest = this.statements.newestRevision.get(draft.id) as
      { fields_json: string; taken_at: number } | undefined;
    // A new draft's first minutes are not worth a snapshot: the interval runs from its creation.
    if (this.now() - (newest?.taken_at ?? draft.createdAt) < WRITING_SNAPSHOT_INTERVAL_MS) return;
    if (
      newest &&
      differingFields(JSON.parse(newest.fields_json) as DraftFields, draft.fields).length === 0
    )
      return;
    this.snapshot(draft.id, 'while-writing');
  }

  /** One snapshot with its text, for a preview before it is restored. */
  revision(draftId: string, revisionId: number): Revision {
    const revision = this.revisions(draftId).find((r) => r.id === revisionId);
    if (!revision)
      throw new QuireError({ kind: 'not-found', message: `No revision ${revisionId}` });
    return revision;
  }

  /**
   * "Keep mine": the service's version is kept as a revision, our base moves to it, and ours is
   * queued to replace it. With `theirs` null (gone from the service) ours is created anew.
   */
  /** `goneIds`: records deleted under the draft that it no longer knows (see the engine). */
  keepMine(draftId: string, theirs: RemoteRecord | null, goneIds: readonly number[] = []): string {
    return this.write(() => {
      if (theirs) this.snapshot(draftId, 'service-version-replaced', fieldsOf(theirs));
      // The post deleted is no longer the draft's: its copy kept for browsing offline went on
      // being found by a search beside the post made again, one that no longer exists (review 35).
      const before = this.mustGet(draftId);
      if (!theirs)
        for (const id of new Set([
          ...goneIds,
          ...(before.remoteId === null ? [] : [before.remoteId]),
        ]))
          this.db
            .prepare(
              'DELETE FROM cached_records WHERE publication_id = ? AND kind = ? AND remote_id = ?',
            )
            .run(before.publicationId, before.kind, id);
      this.holdRemote(draftId, theirs?.id ?? null);
      this.db
        .prepare(
          `UPDATE drafts SET conflict_json = NULL, last_error = NULL, last_error_fields = NULL, base_json = ?,
             create_key = NULL, create_started_at = NULL, local_rev = local_rev + 1, updated_at = ? WHERE id = ?`,
        )
        .run(
          // With theirs' ETag, kept with the conflict: Keep mine's write is then refused by the
          // service itself if they changed it again since it was shown, whatever its times say
          // (review 28 found one in the same second written over).
          theirs ? JSON.stringify(baseOf(theirs, (theirs as { etag?: string }).etag)) : null,
          this.now(),
          draftId,
        );
      // Made again, a new create: what earlier writes claimed and sent is not of it, and a
      // Delete took it for a create that may have landed, made the post to trash it, or waited
      // behind its push for good (review 33); the new create asked for the old claim, not the
      // writer's slug, and took a restored old post for its own (review 35). The engine keeps
      // those words with the post deleted, to tell it as the writer's if it is restored.
      if (!theirs)
        this.db
          .prepare(`UPDATE drafts SET claimed_slug = NULL, sent_versions = '[]' WHERE id = ?`)
          .run(draftId);
      const draft = this.mustGet(draftId);
      this.enqueuePush(draft.publicationId, draftId);
      // The push the conflict stopped was pinned (Update or Publish pressed, words written
      // since): mine is what was pressed for, the later words still held.
      const pin = this.getSetting(pinKey(draftId));
      if (pin)
        this.pinPush({ ...draft, ...(JSON.parse(pin) as Pick<Draft, 'fields' | 'localRev'>) });
      this.setSetting(pinKey(draftId), null);
      return draftId;
    });
  }

  /** What a pinned push stopped by a conflict was sent with, for Keep mine. */
  keepPinForConflict(draftId: string, pin: { fields: DraftFields; rev: number } | null): void {
    this.setSetting(
      pinKey(draftId),
      pin && JSON.stringify({ fields: pin.fields, localRev: pin.rev }),
    );
  }

  revisions(draftId: string): Revision[] {
    return (this.statements.revisions.all(draftId) as Record<string, unknown>[]).map((row) => ({
      id: row.id as number,
      draftId: row.draft_id as string,
      reason: row.reason as string,
      fields: JSON.parse(row.fields_json as string) as DraftFields,
      takenAt: row.taken_at as number,
    }));
  }

  /** The working copy is what the service last held, whatever is queued. */
  private showsServiceWords(draft: Draft): boolean {
    return draft.base !== null && draft.conflict === null && heldAtBase(draft.fields, draft.base);
  }

  /** A live record's working copy is what the service holds, with nothing queued or in flight. */
  private backToLive(draft: Draft): boolean {
    return (
      this.showsServiceWords(draft) &&
      this.db.prepare('SELECT 1 FROM outbox WHERE draft_id = ?').get(draft.id) === undefined
    );
  }

  opPin(seq: number): OutboxOp['pinned'] {
    const row = this.db.prepare('SELECT * FROM outbox WHERE seq = ?').get(seq) as
      Record<string, unknown> | undefined;
    const pin = row ? toOp(row).pinned : null;
    const refused =
      typeof row?.refused_fields === 'string' ? (JSON.parse(row.refused_fields) as string[]) : [];
    const draft = pin && refused.length ? this.getDraft(row!.draft_id as string) : undefined;
    if (!pin || !draft) return pin;
    // A Publish refused for some of its fields: those take the writer's fix as it is now, the
    // rest go as pressed, words written since held (a review: a refusal that cleared by itself
    // sent them live).
    const fixed: Record<string, unknown> = { ...pin.fields };
    for (const named of refused) {
      const key = named === 'category_id' ? 'category' : named;
      if (!(key in draft.fields) && !(key in pin.fields)) continue;
      const now = (draft.fields as unknown as Record<string, unknown>)[key];
      if (now === undefined) delete fixed[key];
      else fixed[key] = now;
    }
    return { ...pin, fields: fixed as unknown as DraftFields };
  }

  /** The pin of the draft's waiting push, if it has one. */
  waitingPin(draftId: string): OutboxOp['pinned'] {
    const seq = this.db
      .prepare(`SELECT seq FROM outbox WHERE draft_id = ? AND op = 'push'`)
      .pluck()
      .get(draftId) as number | undefined;
    return seq === undefined ? null : this.opPin(seq);
  }

  /** The fields the service named in refusing a pinned Publish: they go as the writer fixes them. */
  refusePin(seq: number, fields: string[]): void {
    this.write(() =>
      this.db
        .prepare('UPDATE outbox SET refused_fields = ? WHERE seq = ?')
        .run(JSON.stringify(fields), seq),
    );
  }

  unpinOp(seq: number): void {
    this.write(() =>
      this.db
        .prepare(
          'UPDATE outbox SET pinned_fields = NULL, pinned_rev = NULL, refused_fields = NULL WHERE seq = ?',
        )
        .run(seq),
    );
  }

  /** Whether the draft is being deleted, its undo window over. */
  deleteDue(draftId: string): boolean {
    return (
      this.db
        .prepare(`SELECT 1 FROM outbox WHERE draft_id = ? AND op = 'delete' AND not_before <= ?`)
        .get(draftId, this.now()) !== undefined
    );
  }

  /** The revision a waiting push is pinned to, if it is (Update or Publish pressed). */
  pinnedRev(seq: number): number | null {
    return (
      (this.db.prepare('SELECT pinned_rev FROM outbox WHERE seq = ?').pluck().get(seq) as
        number | null | undefined) ?? null
    );
  }

  /**
   * The one write of a draft's record id, in the caller's transaction. One draft a record: a
   * record another draft already holds (the writer's post opened as a second draft of it while a
   * create of theirs awaited its lost answer) is refused, saying what frees it, not with the
   * index's "UNIQUE constraint failed" that paused sync (review 49), nor shown as the local store
   * failing by a write that set the id unchecked (review 51: a create's retry attached).
   */
  private holdRemote(id: string, remoteId: number | null): void {
    this.mustBeFree(id, remoteId);
    this.db.prepare('UPDATE drafts SET remote_id = ? WHERE id = ?').run(remoteId, id);
  }

  /**
   * What frees the record is this draft's Delete, the one way the editor offers to let go of a
   * draft never synced: it leaves the record to the draft that holds it (the sync engine's
   * `remove`), where "discard", said before, named nothing the editor offers (review 51).
   */
  private mustBeFree(id: string, remoteId: number | null): void {
    if (remoteId === null) return;
    const draft = this.mustGet(id);
    const holder = this.draftHolding(draft.publicationId, draft.kind, remoteId);
    if (!holder || holder.id === id) return;
    const title = holder.fields.title?.trim() || `Untitled ${draft.kind}`;
    throw new QuireError({
      kind: 'conflict',
      message: `This ${draft.kind} on the service is also held here by another draft, “${title}”, opened from the list while this one waited, and Quire keeps one draft a ${draft.kind}. Copy what you want of this draft's words into that one, then delete this draft: the ${draft.kind} stays, held by “${title}”.`,
    });
  }

  private mustGet(id: string): Draft {
    const draft = this.getDraft(id);
    if (!draft) throw new QuireError({ kind: 'not-found', message: `No draft ${id}` });
    return draft;
  }
}

const toOp = (row: Record<string, unknown>): OutboxOp => ({
  seq: row.seq as number,
  publicationId: row.publication_id as string,
  draftId: row.draft_id as string,
  op: row.op as OutboxOp['op'],
  notBefore: row.not_before as number,
  attempts: row.attempts as number,
  lastError: (row.last_error as string | null) ?? null,
  pinned:
    typeof row.pinned_fields === 'string'
      ? {
          fields: JSON.parse(row.pinned_fields) as DraftFields,
          rev: row.pinned_rev as number,
          // 1 pressed, 0 the live words restored, 2 "Keep published".
          pressed: row.pinned_by_press === 1,
          keepsLive: row.pinned_by_press === 2,
        }
      : null,
  ...(typeof row.conflict_seen === 'string' ? { conflictSeen: row.conflict_seen } : {}),
});

export function fieldsOf(record: RemoteRecord): DraftFields {
  return {
    title: record.title,
    content: record.content,
    slug: record.slug,
    excerpt: record.excerpt,
    status: record.status,
    tags: record.tags.map((tag) => tag.id),
    category: record.category_id,
    featured: record.featured,
    meta_title: record.meta_title,
    meta_description: record.meta_description,
    featured_image: record.featured_image,
    canonical_url: record.canonical_url,
  };
}

/**
 * Nothing at all written into a draft: untouched, with no HTML comment either. A comment is blank
 * to the service (no reader sees it) but words the writer typed, an outline in HTML source: a
 * draft holding one is never dropped unasked, and is snapshotted as any other (review 25).
 */
export const nothingWritten = (fields: DraftFields): boolean =>
  isUntouched(fields) && !fields.content.includes('<!--');

/** Equal for two versions exactly when `differingFields` finds nothing between them. */
/** Whether these fields are what the service held at this base (undefined: not known). */
export const heldAtBase = (fields: DraftFields, base: DraftBase): boolean =>
  base.fingerprint !== undefined && base.fingerprint === fingerprintOf(fields, base.slug);

function fingerprintOf(fields: DraftFields, recordSlug: string): string {
  const compared = COMPARED_FIELDS.map((key) => effectiveValue(fields, key));
  return createHash('sha256')
    .update(JSON.stringify([compared, fields.slug || recordSlug, fields.tags ?? []]))
    .digest('base64url');
}

/**
 * One version of theirs: its time, and what a writer can edit of it. A service whose times have
 * whole seconds gives two versions written in one second the same `updated_at` (review 28).
 */
export const theirVersion = (record: RemoteRecord): string =>
  `${record.updated_at}#${fingerprintOf(fieldsOf(record), record.slug)}`;

/** The same fields, whatever the order of their keys (a field left out is one left undefined). */
const sameFields = (a: DraftFields, b: DraftFields): boolean => {
  const canonical = (fields: DraftFields) =>
    JSON.stringify(
      Object.entries(fields)
        .filter(([, value]) => value !== undefined)
        .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
    );
  return canonical(a) === canonical(b);
};

const pinKey = (draftId: string): string => `conflict-pin:${draftId}`;
// Set when a save took a waiting Delete back, so an Undo pressed after it is not "too late".
const withdrawnDeleteKey = (draftId: string): string => `delete-withdrawn:${draftId}`;
const deleteSentKey = (draftId: string): string => `delete-sent:${draftId}`;
/** What an Unpublish taken back with "Keep published" restores: an Update pressed before it. */
const unpublishKey = (draftId: string): string => `unpublish-pin:${draftId}`;

export const baseOf = (record: RemoteRecord, etag?: string): DraftBase => ({
  fingerprint: fingerprintOf(fieldsOf(record), record.slug),
  remoteId: record.id,
  slug: record.slug,
  updatedAt: record.updated_at,
  status: record.status,
  publishedOnce: record.status === 'publish' || Boolean(record.published_at),
  ...(record.created_at ? { createdAt: record.created_at } : {}),
  ...(etag ? { etag } : {}),
});
