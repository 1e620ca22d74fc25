import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, SchemaTooNewError, schemaVersion, type Db } from './database';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type Migration } from './migrations';

let dir: string;
const opened: Db[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quire-db-test-'));
});

afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

function track(db: Db): Db {
  opened.push(db);
  return db;
}

const digest = (file: string): string =>
  createHash('sha256').update(readFileSync(file)).digest('hex');

const schemaOf = (db: Db): unknown[] =>
  db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all();

const tableNames = (db: Db): string[] =>
  db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];

/** A database left behind by a newer build: a schema version we do not know. */
function writeFutureDatabase(file: string, journalMode: 'wal' | 'delete'): void {
  const raw = new Database(file);
  raw.pragma(`journal_mode = ${journalMode}`);
  raw.exec("CREATE TABLE from_the_future (x TEXT); INSERT INTO from_the_future VALUES ('keep me')");
  raw.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
  raw.close();
}

describe('openDatabase', () => {
  it('migrates a fresh file to the latest schema in WAL mode', () => {
    const file = join(dir, 'nested', 'deeper', 'fresh.db');
    const db = track(openDatabase(file));
    expect(existsSync(file)).toBe(true);
    expect(LATEST_SCHEMA_VERSION).toBe(MIGRATIONS[MIGRATIONS.length - 1]?.version);
    expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(tableNames(db)).toEqual(
      expect.arrayContaining([
        'authors',
        'categories',
        'publications',
        'record_tags',
        'records',
        'tags',
        'tokens',
      ]),
    );
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('enforces the foreign keys it declares', () => {
    const db = track(openDatabase(join(dir, 'fk.db')));
    expect(() =>
      db.prepare("INSERT INTO authors (publication_id, name) VALUES (999, 'ghost')").run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it('leaves an up-to-date file as it was when reopened', () => {
    const file = join(dir, 'reopen.db');
    const first = openDatabase(file);
    first
      .prepare('INSERT INTO publications (subdomain, name, created_at) VALUES (?, ?, ?)')
      .run('kept', 'Kept', 1);
    const schemaBefore = schemaOf(first);
    first.close();

    const second = track(openDatabase(file));
    expect(schemaVersion(second)).toBe(LATEST_SCHEMA_VERSION);
    expect(schemaOf(second)).toEqual(schemaBefore);
    expect(second.prepare('SELECT subdomain FROM publications').pluck().all()).toEqual(['kept']);
  });

  it('refuses a file from a newer build with SchemaTooNewError', () => {
    const file = join(dir, 'future-wal.db');
    writeFutureDatabase(file, 'wal');
    const before = digest(file);

    let caught: unknown;
    try {
      openDatabase(file);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SchemaTooNewError);
    expect(caught).toMatchObject({
      found: LATEST_SCHEMA_VERSION + 1,
      supported: LATEST_SCHEMA_VERSION,
    });
    expect((caught as Error).message).toMatch(/newer/);

    expect(digest(file)).toBe(before);
    expect(readdirSync(dir)).toEqual(['future-wal.db']);
    const check = track(new Database(file, { readonly: true }));
    expect(check.prepare('SELECT x FROM from_the_future').pluck().all()).toEqual(['keep me']);
  });

  it('refuses a newer file without rewriting it, whatever its journal mode', () => {
    // The refusal must come before any pragma that writes the header (journal_mode = WAL).
    const file = join(dir, 'future-rollback.db');
    writeFutureDatabase(file, 'delete');
    const before = digest(file);

    expect(() => openDatabase(file)).toThrow(SchemaTooNewError);

    expect(digest(file)).toBe(before);
    const check = track(new Database(file, { readonly: true }));
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
  });

  it('refuses a newer file when opened read-only too', () => {
    const file = join(dir, 'future-readonly.db');
    writeFutureDatabase(file, 'wal');
    expect(() => openDatabase(file, { readonly: true })).toThrow(SchemaTooNewError);
  });

  it('opens a migrated file read-only without migrating', () => {
    const file = join(dir, 'ro.db');
    openDatabase(file).close();
    const db = track(openDatabase(file, { readonly: true }));
    expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
    expect(() =>
      db
        .prepare("INSERT INTO publications (subdomain, name, created_at) VALUES ('x', 'X', 1)")
        .run(),
    ).toThrow(/readonly/);
  });
});

describe('migrate', () => {
  const createTable = (version: number, table: string): Migration => ({
    version,
    description: `create ${table}`,
    up: (db) => db.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY)`),
  });

  function blankDb(name: string): Db {
    return track(new Database(join(dir, name)));
  }

  it('applies pending migrations in order and records the version', () => {
    const db = blankDb('order.db');
    migrate(db, [createTable(1, 'one'), createTable(2, 'two')]);
    expect(schemaVersion(db)).toBe(2);
    expect(tableNames(db)).toEqual(['one', 'two']);
  });

  it('does not run a migration at or below the current version again', () => {
    const db = blankDb('rerun.db');
    migrate(db, [createTable(1, 'one')]);
    const explode: Migration = {
      version: 1,
      description: 'already applied',
      up: () => {
        throw new Error('ran twice');
      },
    };
    expect(() => migrate(db, [explode, createTable(2, 'two')])).not.toThrow();
    expect(schemaVersion(db)).toBe(2);
  });

  it('rolls back a failing migration and keeps the steps before it', () => {
    const db = blankDb('failing.db');
    let thirdRan = false;
    const failing: Migration = {
      version: 2,
      description: 'half done, then fails',
      up: (inner) => {
        inner.exec('CREATE TABLE half_done (id INTEGER)');
        inner.exec('ALTER TABLE one ADD COLUMN extra TEXT');
        throw new Error('migration 2 failed');
      },
    };
    const third: Migration = {
      version: 3,
      description: 'never reached',
      up: () => {
        thirdRan = true;
      },
    };

    expect(() => migrate(db, [createTable(1, 'one'), failing, third])).toThrow(
      'migration 2 failed',
    );
    expect(schemaVersion(db)).toBe(1);
    expect(tableNames(db)).toEqual(['one']);
    const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('one');
    expect(columns).toEqual(['id']);
    expect(thirdRan).toBe(false);
    expect(db.inTransaction).toBe(false);

    // A fixed build picks up where the failed one stopped.
    migrate(db, [createTable(1, 'one'), createTable(2, 'two'), third]);
    expect(schemaVersion(db)).toBe(3);
    expect(thirdRan).toBe(true);
  });

  it('refuses a schema newer than the list it is given', () => {
    const db = blankDb('newer.db');
    db.pragma('user_version = 5');
    expect(() => migrate(db, [createTable(1, 'one')])).toThrow(SchemaTooNewError);
    expect(tableNames(db)).toEqual([]);
  });

  it('applies the shipped migrations to an in-memory database', () => {
    const db = track(new Database(':memory:'));
    migrate(db);
    expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
  });

  it('ships migrations with strictly increasing versions starting at 1', () => {
    const versions = MIGRATIONS.map((m) => m.version);
    expect(versions[0]).toBe(1);
    versions.forEach((version, i) => {
      if (i > 0) expect(version).toBe((versions[i - 1] ?? 0) + 1);
    });
  });
});
