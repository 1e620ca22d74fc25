import type { Database } from 'better-sqlite3';

export interface Migration {
  version: number;
  description: string;
  up: (db: Database) => void;
}

// Append only. A shipped migration is never edited: add the next one instead.
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'publications, authors, tokens, tags, categories, records',
    up: (db) =>
      db.exec(`
        CREATE TABLE publications (
          id INTEGER PRIMARY KEY,
          subdomain TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL,
          domain TEXT,
          created_at INTEGER NOT NULL
        );
        CREATE TABLE authors (
          id INTEGER PRIMARY KEY,
          publication_id INTEGER NOT NULL REFERENCES publications(id),
          name TEXT NOT NULL,
          tagline TEXT NOT NULL DEFAULT '',
          avatar TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE tokens (
          id INTEGER PRIMARY KEY,
          publication_id INTEGER NOT NULL REFERENCES publications(id),
          author_id INTEGER NOT NULL REFERENCES authors(id),
          token_hash TEXT NOT NULL UNIQUE,
          created_at INTEGER NOT NULL,
          revoked_at INTEGER
        );
        CREATE TABLE tags (
          id INTEGER PRIMARY KEY,
          publication_id INTEGER NOT NULL REFERENCES publications(id),
          name TEXT NOT NULL,
          slug TEXT NOT NULL,
          UNIQUE (publication_id, slug)
        );
        CREATE TABLE categories (
          id INTEGER PRIMARY KEY,
          publication_id INTEGER NOT NULL REFERENCES publications(id),
          name TEXT NOT NULL,
          slug TEXT NOT NULL,
          UNIQUE (publication_id, slug)
        );
        CREATE TABLE records (
          id INTEGER PRIMARY KEY,
          publication_id INTEGER NOT NULL REFERENCES publications(id),
          kind TEXT NOT NULL CHECK (kind IN ('post', 'page')),
          author_id INTEGER NOT NULL REFERENCES authors(id),
          category_id INTEGER REFERENCES categories(id),
          title TEXT NOT NULL DEFAULT '',
          slug TEXT NOT NULL,
          excerpt TEXT,
          content TEXT NOT NULL DEFAULT '',
          content_text TEXT NOT NULL DEFAULT '',
          featured_image TEXT,
          status TEXT NOT NULL CHECK (status IN ('draft', 'publish')),
          canonical_url TEXT,
          meta_title TEXT,
          meta_description TEXT,
          featured INTEGER NOT NULL DEFAULT 0 CHECK (featured IN (0, 1)),
          toc INTEGER NOT NULL DEFAULT 0 CHECK (toc IN (0, 1)),
          reading_time INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          published_at INTEGER,
          deleted_at INTEGER,
          -- Trashed records keep their slug, so a restore never clashes.
          UNIQUE (publication_id, kind, slug)
        );
        CREATE INDEX records_by_age ON records (publication_id, kind, created_at DESC, id DESC)
          WHERE deleted_at IS NULL;
        CREATE INDEX records_by_status_age
          ON records (publication_id, kind, status, created_at DESC, id DESC)
          WHERE deleted_at IS NULL;
        CREATE TABLE record_tags (
          record_id INTEGER NOT NULL REFERENCES records(id),
          tag_id INTEGER NOT NULL REFERENCES tags(id),
          position INTEGER NOT NULL,
          PRIMARY KEY (record_id, tag_id)
        ) WITHOUT ROWID;
      `),
  },
  {
    version: 2,
    description: 'idempotency keys of creates, so a retried create makes one record',
    up: (db) =>
      db.exec(`
        CREATE TABLE create_keys (
          publication_id INTEGER NOT NULL REFERENCES publications(id),
          kind TEXT NOT NULL CHECK (kind IN ('post', 'page')),
          key TEXT NOT NULL,
          record_id INTEGER NOT NULL REFERENCES records(id),
          created_at INTEGER NOT NULL,
          PRIMARY KEY (publication_id, kind, key)
        ) WITHOUT ROWID;
        CREATE INDEX create_keys_by_age ON create_keys (created_at);
      `),
  },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
