import type { Statement } from 'better-sqlite3';
import type { Db } from './db/database';
import { gone, notFound, validationFailed, type FieldErrors } from './errors';
import type { Author, Taxon } from './publications';
import { baseSlug, firstFreeSlug, slugify } from './slugs';
import { htmlToText, readingTime } from './text';

export type Kind = 'post' | 'page';
export type Status = 'draft' | 'publish';

export interface RecordRow {
  id: number;
  publication_id: number;
  kind: Kind;
  author_id: number;
  category_id: number | null;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  content_text: string;
  featured_image: string | null;
  status: Status;
  canonical_url: string | null;
  meta_title: string | null;
  meta_description: string | null;
  featured: 0 | 1;
  toc: 0 | 1;
  reading_time: number;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  deleted_at: number | null;
}

/** Fields a client may set; absent means "leave as is" (update) or "default" (create). */
export interface RecordFields {
  title?: string;
  content?: string;
  slug?: string;
  excerpt?: string | null;
  status?: Status;
  category?: number | null;
  tags?: number[];
  featured?: boolean;
  meta_title?: string | null;
  meta_description?: string | null;
  featured_image?: string | null;
  canonical_url?: string | null;
}

export interface ListOptions {
  draftsOnly: boolean;
  limit: number;
  offset: number;
}

const requireTitleOrContent = (title: string, content: string): void => {
  if (title.trim() || content.trim()) return;
  const message = 'A title or content is required';
  throw validationFailed({ title: [message], content: [message] });
};

/**
 * How long a create's idempotency key is honoured: a month, so a laptop that slept over a long
 * weekend with a create's answer lost still gets the record its first try made.
 */
export const CREATE_KEY_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** All reads and writes of posts and pages; every write runs in one IMMEDIATE transaction. */
export class RecordStore {
  private readonly statements: {
    byId: Statement;
    bySlug: Statement;
    count: Statement;
    countDrafts: Statement;
    page: Statement;
    pageDrafts: Statement;
    slugsLike: Statement;
    insert: Statement;
    setTrashed: Statement;
    deleteTags: Statement;
    insertTag: Statement;
    update: Statement;
    anyById: Statement;
    restore: Statement;
    tagsOf: Statement;
    authorsOf: Statement;
    knownTags: Statement;
    knownCategory: Statement;
    keyedRecord: Statement;
    keepKey: Statement;
    expireKeys: Statement;
  };

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    const live = 'publication_id = ? AND kind = ? AND deleted_at IS NULL';
    const newestFirst = 'ORDER BY created_at DESC, id DESC';
    // The inner query walks only the covering index, so deep pages skip rows cheaply.
    const pageOf = (filter: string): string =>
      `SELECT * FROM records WHERE id IN (SELECT id FROM records WHERE ${filter} ${newestFirst}
       LIMIT ? OFFSET ?) ${newestFirst}`;
    this.statements = {
      keyedRecord: db
        .prepare(
          `SELECT record_id FROM create_keys WHERE publication_id = ? AND kind = ? AND key = ?`,
        )
        .pluck(),
      keepKey: db.prepare(
        `INSERT OR REPLACE INTO create_keys (publication_id, kind, key, record_id, created_at)
         VALUES (?, ?, ?, ?, ?)`,
      ),
      expireKeys: db.prepare('DELETE FROM create_keys WHERE created_at < ?'),
      byId: db.prepare(`SELECT * FROM records WHERE id = ? AND ${live}`),
      bySlug: db.prepare(`SELECT * FROM records WHERE slug = ? AND ${live}`),
      count: db.prepare(`SELECT count(*) FROM records WHERE ${live}`).pluck(),
      countDrafts: db
        .prepare(`SELECT count(*) FROM records WHERE ${live} AND status = 'draft'`)
        .pluck(),
      page: db.prepare(pageOf(live)),
      pageDrafts: db.prepare(pageOf(`${live} AND status = 'draft'`)),
      // One index range: slugs are [a-z0-9-] and '-' is the only one of those below '.', so
      // [base, base + '.') holds exactly base and base-…
      slugsLike: db
        .prepare(
          'SELECT slug FROM records WHERE publication_id = ? AND kind = ? AND slug >= ? AND slug < ?',
        )
        .pluck(),
      insert: db.prepare(
        `INSERT INTO records (publication_id, kind, author_id, category_id, title, slug, excerpt,
           content, content_text, featured_image, status, canonical_url, meta_title,
           meta_description, featured, toc, reading_time, created_at, updated_at, published_at)
         VALUES (@publication_id, @kind, @author_id, @category_id, @title, @slug, @excerpt,
           @content, @content_text, @featured_image, @status, @canonical_url, @meta_title,
           @meta_description, @featured, 0, @reading_time, @now, @now, @published_at)`,
      ),
      setTrashed: db.prepare(
        'UPDATE records SET deleted_at = ?, updated_at = ? WHERE id = ? AND publication_id = ?',
      ),
      deleteTags: db.prepare('DELETE FROM record_tags WHERE record_id = ?'),
      insertTag: db.prepare(
        'INSERT INTO record_tags (record_id, tag_id, position) VALUES (?, ?, ?)',
      ),
      update: db.prepare(
        `UPDATE records SET title = @title, content = @content, content_text = @content_text,
           reading_time = @reading_time, slug = @slug, status = @status, excerpt = @excerpt,
           category_id = @category_id, featured = @featured, meta_title = @meta_title,
           meta_description = @meta_description, featured_image = @featured_image,
           canonical_url = @canonical_url, updated_at = @updated_at, published_at = @published_at
         WHERE id = @id`,
      ),
      anyById: db.prepare('SELECT * FROM records WHERE id = ? AND publication_id = ?'),
      restore: db.prepare('UPDATE records SET deleted_at = NULL, updated_at = ? WHERE id = ?'),
      // Id lists travel as one JSON array, so each of these is prepared once.
      tagsOf: db.prepare(
        `SELECT rt.record_id, t.id, t.name, t.slug FROM record_tags rt
         JOIN tags t ON t.id = rt.tag_id
         WHERE rt.record_id IN (SELECT value FROM json_each(?))
         ORDER BY rt.record_id, rt.position`,
      ),
      authorsOf: db.prepare(
        `SELECT id, name, tagline, avatar FROM authors
         WHERE id IN (SELECT value FROM json_each(?))`,
      ),
      knownTags: db
        .prepare(
          `SELECT id FROM tags WHERE publication_id = ?
           AND id IN (SELECT value FROM json_each(?))`,
        )
        .pluck(),
      knownCategory: db.prepare('SELECT 1 FROM categories WHERE publication_id = ? AND id = ?'),
    };
  }

  getById(publicationId: number, kind: Kind, id: number): RecordRow | undefined {
    return this.statements.byId.get(id, publicationId, kind) as RecordRow | undefined;
  }

  getBySlug(publicationId: number, kind: Kind, slug: string): RecordRow | undefined {
    return this.statements.bySlug.get(slug, publicationId, kind) as RecordRow | undefined;
  }

  count(publicationId: number, kind: Kind, draftsOnly: boolean): number {
    const statement = draftsOnly ? this.statements.countDrafts : this.statements.count;
    return statement.get(publicationId, kind) as number;
  }

  list(publicationId: number, kind: Kind, options: ListOptions): RecordRow[] {
    const statement = options.draftsOnly ? this.statements.pageDrafts : this.statements.page;
    return statement.all(publicationId, kind, options.limit, options.offset) as RecordRow[];
  }

  tagsOf(recordIds: readonly number[]): Map<number, Taxon[]> {
    const byRecord = new Map<number, Taxon[]>();
    if (recordIds.length === 0) return byRecord;
    const rows = this.statements.tagsOf.all(JSON.stringify(recordIds)) as (Taxon & {
      record_id: number;
    })[];
    for (const { record_id, ...tag } of rows) {
      const list = byRecord.get(record_id);
      if (list) list.push(tag);
      else byRecord.set(record_id, [tag]);
    }
    return byRecord;
  }

  authorsOf(authorIds: readonly number[]): Map<number, Author> {
    const unique = [...new Set(authorIds)];
    if (unique.length === 0) return new Map();
    const rows = this.statements.authorsOf.all(JSON.stringify(unique)) as Author[];
    return new Map(rows.map((author) => [author.id, author]));
  }

  /**
   * Creates a record. With an idempotency key, a create sent again (its answer lost, or late)
   * returns the record the first one made, while it exists, instead of a second one: `replayed`.
   */
  create(
    publicationId: number,
    kind: Kind,
    authorId: number,
    fields: RecordFields,
    idempotencyKey?: string,
  ): RecordRow & { replayed?: true } {
    return this.db
      .transaction(() => {
        if (idempotencyKey !== undefined) {
          this.statements.expireKeys.run(this.now() - CREATE_KEY_LIFETIME_MS);
          const made = this.statements.keyedRecord.get(publicationId, kind, idempotencyKey) as
            number | undefined;
          const live = made === undefined ? undefined : this.getById(publicationId, kind, made);
          if (live) return { ...live, replayed: true as const };
          // Made and deleted since (by another writer, say): not made again behind their back.
          // The client learns it is gone and asks its writer (a review found the delete undone).
          const deleted =
            made !== undefined &&
            (this.statements.anyById.get(made, publicationId) as RecordRow | undefined)
              ?.deleted_at != null;
          if (deleted)
            throw gone(`The ${kind} this Idempotency-Key made (id ${made}) has been deleted`, made);
        }
        const created = this.insertRecord(publicationId, kind, authorId, fields);
        if (idempotencyKey !== undefined)
          this.statements.keepKey.run(publicationId, kind, idempotencyKey, created.id, this.now());
        return created;
      })
      .immediate();
  }

  private insertRecord(
    publicationId: number,
    kind: Kind,
    authorId: number,
    fields: RecordFields,
  ): RecordRow {
    const title = fields.title ?? '';
    const content = fields.content ?? '';
    requireTitleOrContent(title, content);
    this.checkReferences(publicationId, fields);
    const contentText = htmlToText(content);
    const base =
      fields.slug !== undefined ? this.requestedSlug(fields.slug) : baseSlug(title, contentText);
    const status = fields.status ?? 'draft';
    const now = this.now();
    const id = Number(
      this.statements.insert.run({
        publication_id: publicationId,
        kind,
        author_id: authorId,
        category_id: fields.category ?? null,
        title,
        slug: this.freeSlug(publicationId, kind, base),
        excerpt: fields.excerpt ?? null,
        content,
        content_text: contentText,
        featured_image: fields.featured_image ?? null,
        status,
        canonical_url: fields.canonical_url ?? null,
        meta_title: fields.meta_title ?? null,
        meta_description: fields.meta_description ?? null,
        featured: fields.featured ? 1 : 0,
        reading_time: readingTime(contentText),
        now,
        published_at: status === 'publish' ? now : null,
      }).lastInsertRowid,
    );
    if (fields.tags) this.replaceTags(id, fields.tags);
    return this.mustGet(publicationId, kind, id);
  }

  /**
   * Applies a partial update. `expectUpdatedAt`, when given, makes the update conditional:
   * it fails with 412 if the record changed since the caller read it.
   */
  update(
    publicationId: number,
    kind: Kind,
    id: number,
    fields: RecordFields,
    precondition?: (current: RecordRow) => void,
  ): RecordRow {
    return this.db
      .transaction(() => {
        const current = this.getById(publicationId, kind, id);
        if (!current) throw notFound(`No ${kind} with id ${id}`);
        precondition?.(current);
        const title = fields.title ?? current.title;
        const content = fields.content ?? current.content;
        requireTitleOrContent(title, content);
        this.checkReferences(publicationId, fields);
        const contentText =
          fields.content !== undefined ? htmlToText(content) : current.content_text;
        let slug = current.slug;
        if (fields.slug !== undefined) {
          const wanted = this.requestedSlug(fields.slug);
          if (wanted !== current.slug)
            slug = this.freeSlug(publicationId, kind, wanted, current.slug);
        }
        const status = fields.status ?? current.status;
        const now = this.now();
        // Strictly increasing, so a client comparing updated_at never misses a change.
        const updatedAt = Math.max(now, current.updated_at + 1);
        const next: RecordRow = {
          ...current,
          title,
          content,
          content_text: contentText,
          reading_time: readingTime(contentText),
          slug,
          status,
          excerpt: fields.excerpt !== undefined ? fields.excerpt : current.excerpt,
          category_id: fields.category !== undefined ? fields.category : current.category_id,
          featured: fields.featured !== undefined ? (fields.featured ? 1 : 0) : current.featured,
          meta_title: fields.meta_title !== undefined ? fields.meta_title : current.meta_title,
          meta_description:
            fields.meta_description !== undefined
              ? fields.meta_description
              : current.meta_description,
          featured_image:
            fields.featured_image !== undefined ? fields.featured_image : current.featured_image,
          canonical_url:
            fields.canonical_url !== undefined ? fields.canonical_url : current.canonical_url,
          updated_at: updatedAt,
          // Dated by a publish: an update of a record already live (undated old data) is none.
          published_at:
            current.published_at ??
            (status === 'publish' && current.status !== 'publish' ? updatedAt : null),
        };
        this.statements.update.run(next);
        if (fields.tags) this.replaceTags(id, fields.tags);
        return this.mustGet(publicationId, kind, id);
      })
      .immediate();
  }

  /** Moves a record to the trash: it keeps every field and can be restored. */
  trash(
    publicationId: number,
    kind: Kind,
    id: number,
    precondition?: (current: RecordRow) => void,
  ): void {
    this.db
      .transaction(() => {
        const current = this.getById(publicationId, kind, id);
        if (!current) throw notFound(`No ${kind} with id ${id}`);
        precondition?.(current);
        const now = this.now();
        this.statements.setTrashed.run(
          now,
          Math.max(now, current.updated_at + 1),
          id,
          publicationId,
        );
      })
      .immediate();
  }

  /** Takes a record out of the trash, whatever its kind. */
  restore(publicationId: number, id: number): RecordRow {
    return this.db
      .transaction(() => {
        const row = this.statements.anyById.get(id, publicationId) as RecordRow | undefined;
        if (!row) throw notFound(`No post or page with id ${id} in this publication`);
        if (row.deleted_at === null) return row;
        this.statements.restore.run(Math.max(this.now(), row.updated_at + 1), id);
        return this.mustGet(publicationId, row.kind, id);
      })
      .immediate();
  }

  private mustGet(publicationId: number, kind: Kind, id: number): RecordRow {
    const row = this.getById(publicationId, kind, id);
    if (!row) throw new Error(`record ${id} vanished inside its own transaction`);
    return row;
  }

  private requestedSlug(raw: string): string {
    const slug = slugify(raw);
    if (!slug) throw validationFailed({ slug: ['must contain a letter or digit'] });
    return slug;
  }

  /** `own` is the record's current slug, which it gives up by taking a new one. */
  private freeSlug(publicationId: number, kind: Kind, base: string, own?: string): string {
    const taken = this.statements.slugsLike.all(publicationId, kind, base, `${base}.`) as string[];
    return firstFreeSlug(
      base,
      taken.filter((slug) => slug !== own),
    );
  }

  private checkReferences(publicationId: number, fields: RecordFields): void {
    const errors: FieldErrors = {};
    if (fields.tags?.length) {
      const unique = [...new Set(fields.tags)];
      const known = new Set(
        this.statements.knownTags.all(publicationId, JSON.stringify(unique)) as number[],
      );
      const unknown = unique.filter((id) => !known.has(id));
      if (unknown.length) errors.tags = [`Unknown tag id(s): ${unknown.join(', ')}`];
    }
    if (fields.category !== undefined && fields.category !== null) {
      const exists = this.statements.knownCategory.get(publicationId, fields.category);
      if (!exists) errors.category = [`Unknown category id: ${fields.category}`];
    }
    if (Object.keys(errors).length) throw validationFailed(errors);
  }

  private replaceTags(recordId: number, tagIds: readonly number[]): void {
    this.statements.deleteTags.run(recordId);
    [...new Set(tagIds)].forEach((tagId, position) =>
      this.statements.insertTag.run(recordId, tagId, position),
    );
  }
}
