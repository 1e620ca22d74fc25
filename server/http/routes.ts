import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../errors';
import { pageOffset, paginationMeta, parseDraftFlag, parsePageRequest } from '../pagination';
import type { Publication } from '../publications';
import type { Kind, RecordRow, RecordStore } from '../records';
import { recordJson, singleRecordJson } from '../serialize';
import { parseRecordBody } from './bodies';
import type { CachedResponse, ResponseCache } from './response-cache';

declare module 'fastify' {
  interface FastifyRequest {
    publication: Publication;
    authorId: number;
  }
}

export interface RouteContext {
  records: RecordStore;
  cache: ResponseCache;
  siteUrlTemplate?: string;
}

interface KindNames {
  kind: Kind;
  plural: 'posts' | 'pages';
  label: 'Post' | 'Page';
}

export const KINDS: readonly KindNames[] = [
  { kind: 'post', plural: 'posts', label: 'Post' },
  { kind: 'page', plural: 'pages', label: 'Page' },
];

const JSON_TYPE = 'application/json; charset=utf-8';

// Our extension: an ETag per version lets a client update or delete only what it last saw.
export const etagOf = (row: RecordRow): string => `"${row.id}-${row.updated_at}"`;

/**
 * A create's `Idempotency-Key` (our extension, as the IETF draft names it): the same key sent
 * again within 30 days returns the record the first create made. 1–255 visible ASCII characters.
 */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(header))
    throw new ApiError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  return header;
}

function ifMatch(request: FastifyRequest): ((current: RecordRow) => void) | undefined {
  const header = request.headers['if-match'];
  if (!header) return undefined;
  const wanted = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return (current) => {
    if (wanted.includes('*') || wanted.includes(etagOf(current))) return;
    throw new ApiError(412, `The ${current.kind} changed since you last read it`);
  };
}

function parseId(raw: string, kind: Kind): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound(`No ${kind} with id ${raw}`);
  return id;
}

function send(reply: FastifyReply, { body, etag }: CachedResponse): FastifyReply {
  if (etag) reply.header('etag', etag);
  return reply.type(JSON_TYPE).send(body);
}

export function registerRecordRoutes(app: FastifyInstance, context: RouteContext): void {
  const { records, cache } = context;

  for (const { kind, plural, label } of KINDS) {
    const base = `/app/:subdomain/${plural}`;

    app.get(base, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const pageRequest = parsePageRequest(query);
      const draftsOnly = parseDraftFlag(query.draft);
      const publicationId = request.publication.id;
      const key = `list|${publicationId}|${kind}|${draftsOnly}|${pageRequest.page}|${pageRequest.perPage}`;
      const cached = cache.get(key);
      if (cached) return send(reply, cached);
      const readFrom = cache.version();
      const total = cache.remember(`count|${publicationId}|${kind}|${draftsOnly}`, () =>
        records.count(publicationId, kind, draftsOnly),
      );
      const meta = paginationMeta(total, pageRequest);
      const offset = pageOffset(pageRequest);
      const rows =
        offset < total
          ? records.list(publicationId, kind, { draftsOnly, limit: pageRequest.perPage, offset })
          : [];
      const tags = records.tagsOf(rows.map((row) => row.id));
      const authors = records.authorsOf(rows.map((row) => row.author_id));
      const response = {
        body: Buffer.from(
          JSON.stringify({
            [plural]: {
              meta,
              data: rows.map((row) =>
                recordJson(row, kind, tags.get(row.id) ?? [], authors.get(row.author_id)),
              ),
            },
          }),
        ),
      };
      cache.set(key, response, readFrom);
      return send(reply, response);
    });

    app.get(`${base}/:slug`, async (request, reply) => {
      const { slug } = request.params as { slug: string };
      const publication = request.publication;
      const key = `one|${publication.id}|${kind}|${slug}`;
      const cached = cache.get(key);
      if (cached) return send(reply, cached);
      const readFrom = cache.version();
      const row = records.getBySlug(publication.id, kind, slug);
      if (!row) throw notFound(`No ${kind} with slug "${slug}"`);
      const author = records.authorsOf([row.author_id]).get(row.author_id);
      const response = {
        etag: etagOf(row),
        body: Buffer.from(
          JSON.stringify({
            [kind]: singleRecordJson(
              row,
              kind,
              records.tagsOf([row.id]).get(row.id) ?? [],
              author,
              publication,
              context.siteUrlTemplate,
            ),
          }),
        ),
      };
      cache.set(key, response, readFrom);
      return send(reply, response);
    });

    app.post(base, async (request, reply) => {
      const fields = parseRecordBody(request.body);
      const key = idempotencyKey(request);
      // Said back, so a client learns that this service honours its keys, and that a 410 is
      // this key's answer, naming its record, not a gateway's own 410 naming some other id.
      if (key !== undefined) reply.header('idempotency-key', key);
      const row = records.create(request.publication.id, kind, request.authorId, fields, key);
      cache.clear();
      reply.code(201).header('etag', etagOf(row));
      if (row.replayed) reply.header('idempotent-replayed', 'true');
      return {
        status: 'success',
        message: `${label} created`,
        [kind]: {
          id: row.id,
          title: row.title,
          slug: row.slug,
          content: row.content,
          status: row.status,
        },
      };
    });

    app.put(`${base}/:id`, async (request, reply) => {
      const id = parseId((request.params as { id: string }).id, kind);
      const fields = parseRecordBody(request.body);
      const row = records.update(request.publication.id, kind, id, fields, ifMatch(request));
      cache.clear();
      reply.header('etag', etagOf(row));
      return {
        status: 'success',
        message: `${label} updated`,
        [kind]: { id: row.id, title: row.title },
      };
    });

    app.delete(`${base}/:id`, async (request) => {
      const id = parseId((request.params as { id: string }).id, kind);
      records.trash(request.publication.id, kind, id, ifMatch(request));
      cache.clear();
      return { status: 'success', message: `${label} deleted` };
    });
  }
}
