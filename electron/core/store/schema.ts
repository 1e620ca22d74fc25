import type { Migration } from '../../../server/db/migrations';
import { htmlToText } from '../../../server/text';

// Append only: a shipped migration is never edited, the next one is added.
export const STORE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'publications, cached records and list pages, drafts, outbox, revisions',
    up: (db) =>
      db.exec(`
        CREATE TABLE publications (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          base_url TEXT NOT NULL,
          subdomain TEXT NOT NULL,
          embedded INTEGER NOT NULL DEFAULT 0,
          added_at INTEGER NOT NULL,
          UNIQUE (base_url, subdomain)
        );
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE cached_records (
          publication_id TEXT NOT NULL REFERENCES publications(id) ON DELETE CASCADE,
          kind TEXT NOT NULL,
          remote_id INTEGER NOT NULL,
          slug TEXT NOT NULL,
          record_json TEXT NOT NULL,
          cached_at INTEGER NOT NULL,
          PRIMARY KEY (publication_id, kind, remote_id)
        );
        CREATE TABLE cached_pages (
          publication_id TEXT NOT NULL REFERENCES publications(id) ON DELETE CASCADE,
          kind TEXT NOT NULL,
          drafts_only INTEGER NOT NULL,
          page INTEGER NOT NULL,
          per_page INTEGER NOT NULL,
          meta_json TEXT NOT NULL,
          ids_json TEXT NOT NULL,
          cached_at INTEGER NOT NULL,
          PRIMARY KEY (publication_id, kind, drafts_only, page, per_page)
        );
        CREATE TABLE drafts (
          id TEXT PRIMARY KEY,
          publication_id TEXT NOT NULL REFERENCES publications(id) ON DELETE CASCADE,
          kind TEXT NOT NULL CHECK (kind IN ('post', 'page')),
          remote_id INTEGER,
          -- The slug a first create was sent with, kept so a retry finds it instead of duplicating.
          claimed_slug TEXT,
          -- Keys of versions sent but not yet confirmed, so our own landed writes are recognised.
          sent_versions TEXT NOT NULL DEFAULT '[]',
          fields_json TEXT NOT NULL,
          base_json TEXT,
          local_rev INTEGER NOT NULL DEFAULT 1,
          synced_rev INTEGER NOT NULL DEFAULT 0,
          conflict_json TEXT,
          last_error TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE UNIQUE INDEX drafts_by_remote ON drafts (publication_id, kind, remote_id)
          WHERE remote_id IS NOT NULL;
        CREATE TABLE outbox (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          publication_id TEXT NOT NULL REFERENCES publications(id) ON DELETE CASCADE,
          draft_id TEXT NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
          op TEXT NOT NULL CHECK (op IN ('push', 'delete')),
          not_before INTEGER NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          last_error TEXT,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX outbox_by_draft ON outbox (draft_id, seq);
        CREATE TABLE revisions (
          id INTEGER PRIMARY KEY,
          draft_id TEXT NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
          reason TEXT NOT NULL,
          fields_json TEXT NOT NULL,
          taken_at INTEGER NOT NULL
        );
        CREATE INDEX revisions_by_draft ON revisions (draft_id, id);
      `),
  },
  {
    version: 2,
    description: 'the fields a refusal named, so the editor can mark them',
    up: (db) => db.exec('ALTER TABLE drafts ADD COLUMN last_error_fields TEXT'),
  },
  {
    version: 3,
    description: "a create's idempotency key, the same for every try of that create",
    up: (db) => db.exec('ALTER TABLE drafts ADD COLUMN create_key TEXT'),
  },
  {
    version: 4,
    description: "when a create was first tried: a record made before it is not this create's",
    // A store migrated by 3cec400, whose migration 3 added this column too, has it already.
    up: (db) => {
      const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('drafts');
      if (!columns.includes('create_started_at'))
        db.exec('ALTER TABLE drafts ADD COLUMN create_started_at INTEGER');
    },
  },
  {
    version: 5,
    description: "a draft's title and words as plain lowercase text, searched in place",
    up: (db) => {
      db.exec('ALTER TABLE drafts ADD COLUMN search_text TEXT');
      const write = db.prepare('UPDATE drafts SET search_text = ? WHERE id = ?');
      const rows = db.prepare('SELECT id, fields_json FROM drafts').all() as {
        id: string;
        fields_json: string;
      }[];
      for (const { id, fields_json } of rows)
        write.run(
          draftSearchText(JSON.parse(fields_json) as { title?: string; content?: string }),
          id,
        );
    },
  },
  {
    version: 6,
    description: 'what an Update or a Publish sends, as it was when the writer pressed it',
    up: (db) =>
      db.exec(`ALTER TABLE outbox ADD COLUMN pinned_fields TEXT;
               ALTER TABLE outbox ADD COLUMN pinned_rev INTEGER;`),
  },
  {
    version: 7,
    description: "whether a push's pin was the writer's press, or the live words restored",
    up: (db) => db.exec('ALTER TABLE outbox ADD COLUMN pinned_by_press INTEGER NOT NULL DEFAULT 1'),
  },
  {
    version: 8,
    description: 'the fields the service refused of a pinned Publish, which take the fix',
    up: (db) => db.exec('ALTER TABLE outbox ADD COLUMN refused_fields TEXT'),
  },
  {
    version: 9,
    description: "the slug Quire's last landed write was given, so one set on the service stays",
    up: (db) => db.exec('ALTER TABLE drafts ADD COLUMN given_slug TEXT'),
  },
  {
    version: 10,
    description: "the version of theirs a conflict showed when Delete was pressed ('' for none)",
    up: (db) => db.exec('ALTER TABLE outbox ADD COLUMN conflict_seen TEXT'),
  },
  {
    version: 11,
    description: "a cached record's title and words as lowercase text, as a draft's are kept",
    // SQLite's lower() and LIKE fold ASCII letters only: "Über" was never found (a review).
    up: (db) => {
      db.exec('ALTER TABLE cached_records ADD COLUMN search_text TEXT');
      const write = db.prepare(
        'UPDATE cached_records SET search_text = ? WHERE publication_id = ? AND kind = ? AND remote_id = ?',
      );
      const rows = db
        .prepare('SELECT publication_id, kind, remote_id, record_json FROM cached_records')
        .all() as {
        publication_id: string;
        kind: string;
        remote_id: number;
        record_json: string;
      }[];
      for (const row of rows)
        write.run(
          recordSearchText(
            JSON.parse(row.record_json) as { title?: string; content_text?: string },
          ),
          row.publication_id,
          row.kind,
          row.remote_id,
        );
    },
  },
  {
    version: 12,
    description:
      'Keep mine on a deleted post: the words sent to it kept beside the posts deleted, not on the draft',
    // Kept on the draft (a claim, words sent), they read as a try of the new create: a Delete
    // made a post to trash it (review 36: so in a store whose Keep mine was pressed before).
    up: (db) => {
      const PREFIX = 'kept-over-deletion:';
      const kept = db
        .prepare(`SELECT key, value FROM settings WHERE key LIKE '${PREFIX}%'`)
        .all() as { key: string; value: string }[];
      for (const { key, value } of kept) {
        const parsed = JSON.parse(value) as object;
        if (!Array.isArray(parsed) && 'records' in parsed) continue;
        const records = Array.isArray(parsed) ? parsed : [parsed];
        const draft = db
          .prepare('SELECT remote_id, create_key, sent_versions FROM drafts WHERE id = ?')
          .get(key.slice(PREFIX.length)) as
          | { remote_id: number | null; create_key: string | null; sent_versions: string }
          | undefined;
        // A create tried since Keep mine (its key set) has its own claim and words: left alone.
        const moved = draft?.remote_id === null && draft.create_key === null;
        const sent = moved ? (JSON.parse(draft.sent_versions) as string[]) : [];
        db.prepare('UPDATE settings SET value = ? WHERE key = ?').run(
          JSON.stringify({ records, sent }),
          key,
        );
        if (moved)
          db.prepare(
            `UPDATE drafts SET claimed_slug = NULL, sent_versions = '[]' WHERE id = ?`,
          ).run(key.slice(PREFIX.length));
      }
    },
  },
];

/** What a search of drafts reads: the title and the words of the text, lowercase. */
export const draftSearchText = ({ title, content }: { title?: string; content?: string }) =>
  `${title ?? ''}\n${htmlToText(content ?? '')}`.toLowerCase();

/**
 * What a search of records listed from the service reads: the title and the service's plain text,
 * lowercase as JavaScript folds them (every script's capitals, not ASCII only as SQLite's lower()
 * does), in any locale the same, as the query is folded.
 */
export const recordSearchText = ({
  title,
  content_text,
}: {
  title?: string | null;
  content_text?: string | null;
}) => `${title ?? ''}\n${content_text ?? ''}`.toLowerCase();
