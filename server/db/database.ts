import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type Migration } from './migrations';

export type Db = Database.Database;

export class SchemaTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly supported: number,
  ) {
    super(
      `The database schema is version ${found}, newer than this build supports (${supported}). ` +
        'It was written by a newer version of Quire: update Quire, or use another data file.',
    );
    this.name = 'SchemaTooNewError';
  }
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): void {
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  const current = schemaVersion(db);
  if (current > latest) throw new SchemaTooNewError(current, latest);
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    // Each step commits with its version, so a crash leaves a schema some build knows.
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}

export interface OpenOptions {
  readonly?: boolean;
}

/** Opens (creating if needed) the service's SQLite file, in WAL mode, migrated to the latest schema. */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { readonly: options.readonly ?? false });
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    // Refuse a newer schema before any pragma that could rewrite the file's header.
    const found = schemaVersion(db);
    if (found > LATEST_SCHEMA_VERSION) throw new SchemaTooNewError(found, LATEST_SCHEMA_VERSION);
    if (!options.readonly) {
      db.pragma('journal_mode = WAL');
      // A write acknowledged to a client survives a power cut, not only a crash.
      db.pragma('synchronous = FULL');
      migrate(db);
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
