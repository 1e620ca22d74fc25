import { createHash, randomBytes } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { Db } from './db/database';
import { ApiError, validationFailed } from './errors';
import { slugify } from './slugs';

export interface Publication {
  id: number;
  subdomain: string;
  name: string;
  domain: string | null;
}

export interface Author {
  id: number;
  name: string;
  tagline: string;
  avatar: string;
}

export interface Taxon {
  id: number;
  name: string;
  slug: string;
}

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

// Tokens are 256 random bits, so a fast hash is enough: nothing to brute-force.
export const hashToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

const newToken = (): string => `quire_${randomBytes(32).toString('base64url')}`;

// Every request looks these up: prepared once per connection, not per call.
const lookups = new WeakMap<Db, { publication: Statement; author: Statement }>();
function lookupsOf(db: Db): { publication: Statement; author: Statement } {
  let prepared = lookups.get(db);
  if (!prepared) {
    prepared = {
      publication: db.prepare(
        'SELECT id, subdomain, name, domain FROM publications WHERE subdomain = ?',
      ),
      author: db
        .prepare(
          'SELECT author_id FROM tokens WHERE token_hash = ? AND publication_id = ? AND revoked_at IS NULL',
        )
        .pluck(),
    };
    lookups.set(db, prepared);
  }
  return prepared;
}

export function findPublication(db: Db, subdomain: string): Publication | undefined {
  return lookupsOf(db).publication.get(subdomain) as Publication | undefined;
}

export function listPublications(db: Db): Publication[] {
  return db
    .prepare('SELECT id, subdomain, name, domain FROM publications ORDER BY id')
    .all() as Publication[];
}

export interface NewPublication {
  subdomain: string;
  name: string;
  domain?: string | null;
  authorName?: string;
  authorTagline?: string;
}

export function addPublication(
  db: Db,
  input: NewPublication,
): { publication: Publication; author: Author; token: string } {
  const subdomain = input.subdomain.trim().toLowerCase();
  if (!SUBDOMAIN.test(subdomain))
    throw validationFailed({
      subdomain: ['must be 1-63 lowercase letters, digits or inner hyphens'],
    });
  const name = input.name.trim();
  if (!name) throw validationFailed({ name: ['must not be empty'] });
  return db
    .transaction(() => {
      if (findPublication(db, subdomain))
        throw new ApiError(409, `A publication with subdomain "${subdomain}" already exists`);
      const now = Date.now();
      const pubId = Number(
        db
          .prepare(
            'INSERT INTO publications (subdomain, name, domain, created_at) VALUES (?, ?, ?, ?)',
          )
          .run(subdomain, name, input.domain?.trim() || null, now).lastInsertRowid,
      );
      const author = addAuthor(db, pubId, {
        name: input.authorName?.trim() || name,
        tagline: input.authorTagline ?? '',
        avatar: 'avatar-1.png',
      });
      const token = insertToken(db, pubId, author.id);
      const publication = findPublication(db, subdomain);
      if (!publication) throw new Error('publication vanished inside its own transaction');
      return { publication, author, token };
    })
    .immediate();
}

export function addAuthor(db: Db, publicationId: number, author: Omit<Author, 'id'>): Author {
  const id = Number(
    db
      .prepare('INSERT INTO authors (publication_id, name, tagline, avatar) VALUES (?, ?, ?, ?)')
      .run(publicationId, author.name, author.tagline, author.avatar).lastInsertRowid,
  );
  return { id, ...author };
}

function insertToken(db: Db, publicationId: number, authorId: number): string {
  const token = newToken();
  db.prepare(
    'INSERT INTO tokens (publication_id, author_id, token_hash, created_at) VALUES (?, ?, ?, ?)',
  ).run(publicationId, authorId, hashToken(token), Date.now());
  return token;
}

/**
 * Issues a new token for the publication's first author. Earlier tokens stay valid
 * unless `revokeOthers` is set, so a second device is not logged out by accident.
 */
export function issueToken(db: Db, subdomain: string, revokeOthers = false): string {
  return db
    .transaction(() => {
      const publication = findPublication(db, subdomain);
      if (!publication) throw new ApiError(404, `No publication with subdomain "${subdomain}"`);
      const owner = db
        .prepare('SELECT id FROM authors WHERE publication_id = ? ORDER BY id LIMIT 1')
        .get(publication.id) as { id: number };
      if (revokeOthers)
        db.prepare(
          'UPDATE tokens SET revoked_at = ? WHERE publication_id = ? AND revoked_at IS NULL',
        ).run(Date.now(), publication.id);
      return insertToken(db, publication.id, owner.id);
    })
    .immediate();
}

/** The author a token acts as, if the token belongs to this publication and is not revoked. */
export function authorForToken(db: Db, publicationId: number, token: string): number | undefined {
  return lookupsOf(db).author.get(hashToken(token), publicationId) as number | undefined;
}

function addTaxon(
  db: Db,
  table: 'tags' | 'categories',
  publicationId: number,
  name: string,
): Taxon {
  const slug = slugify(name);
  if (!slug) throw validationFailed({ name: ['must contain a letter or digit'] });
  const existing = db
    .prepare(`SELECT id, name, slug FROM ${table} WHERE publication_id = ? AND slug = ?`)
    .get(publicationId, slug) as Taxon | undefined;
  if (existing) return existing;
  const id = Number(
    db
      .prepare(`INSERT INTO ${table} (publication_id, name, slug) VALUES (?, ?, ?)`)
      .run(publicationId, name.trim(), slug).lastInsertRowid,
  );
  return { id, name: name.trim(), slug };
}

export const addTag = (db: Db, publicationId: number, name: string): Taxon =>
  addTaxon(db, 'tags', publicationId, name);

export const addCategory = (db: Db, publicationId: number, name: string): Taxon =>
  addTaxon(db, 'categories', publicationId, name);

export function listTaxa(db: Db, table: 'tags' | 'categories', publicationId: number): Taxon[] {
  return db
    .prepare(`SELECT id, name, slug FROM ${table} WHERE publication_id = ? ORDER BY id`)
    .all(publicationId) as Taxon[];
}
