import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCategory, addTag } from '../publications';
import type { RecordRow } from '../records';
import { seedPublication } from '../seed';
import { startTestService, type Reply, type TestService } from '../testing/harness';

const KINDS = [
  { kind: 'post', plural: 'posts', label: 'Post' },
  { kind: 'page', plural: 'pages', label: 'Page' },
] as const;
const kindArb = fc.constantFrom(...KINDS);

const SLUG_SHAPE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

// Any scalar value, ASCII-biased (URLs cannot carry lone surrogates; bodies get them below).
const anyChar = fc
  .oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xd7ff }) },
    { weight: 1, arbitrary: fc.integer({ min: 0xe000, max: 0x10ffff }) },
  )
  .map((cp) => String.fromCodePoint(cp));
const anyText = (maxLength = 40): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength }),
    fc.array(anyChar, { maxLength }).map((chars) => chars.join('')),
  );
// Body text, now and then holding a lone surrogate, which must be refused, never altered.
const bodyText = (maxLength = 40): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: anyText(maxLength) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength }) },
  );
const htmlish = fc
  .array(
    fc.oneof(
      anyText(12),
      fc.constantFrom(
        '<p>',
        '</p>',
        '<b>',
        '</b>',
        '<br>',
        '&amp;',
        '&#233;',
        '<script>x</script>',
      ),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));
const junk = fc.jsonValue({ maxDepth: 2 });

function isErrorEnvelope(reply: Reply): boolean {
  const json = reply.json as { status?: unknown; message?: unknown } | undefined;
  return json?.status === 'error' && typeof json.message === 'string' && json.message !== '';
}

function expectNoServerError(reply: Reply, context: unknown): void {
  if (reply.status >= 500)
    throw new Error(`HTTP ${reply.status} for ${JSON.stringify(context)}: ${reply.text}`);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// fastify's JSON parser refuses prototype-poisoning keys with a 400 before any field check.
const hasGuardedKey = (body: unknown): boolean =>
  /"(__proto__|constructor|prototype)"\s*:/.test(JSON.stringify(body) ?? '');

describe('random create and update bodies', () => {
  let service: TestService;
  let tagIds: number[];
  let categoryId: number;
  const existing = new Map<string, number>();

  beforeAll(async () => {
    service = await startTestService();
    const { db } = service.server;
    const publicationId = (db.prepare('SELECT id FROM publications').pluck().get() as number) ?? 0;
    tagIds = ['One', 'Two', 'Three'].map((name) => addTag(db, publicationId, name).id);
    categoryId = addCategory(db, publicationId, 'Essays').id;
    for (const { kind, plural } of KINDS) {
      const reply = await service.request('POST', `/${plural}`, {
        body: { title: `Target ${kind}`, content: '<p>Start</p>' },
      });
      expect(reply.status).toBe(201);
      existing.set(kind, reply.json[kind].id as number);
    }
  });

  afterAll(async () => {
    await service?.close();
  });

  const rowOf = (id: number): RecordRow | undefined =>
    service.server.db.prepare('SELECT * FROM records WHERE id = ?').get(id) as
      RecordRow | undefined;

  // Each field is mostly valid, sometimes a near miss, sometimes any JSON value at all.
  const field = (valid: fc.Arbitrary<unknown>, nearMiss?: fc.Arbitrary<unknown>) =>
    fc.oneof(
      { weight: 10, arbitrary: valid },
      { weight: nearMiss ? 1 : 0, arbitrary: nearMiss ?? valid },
      { weight: 1, arbitrary: junk },
    );
  const url = fc.option(fc.webUrl(), { nil: null });
  const recordBody = (): fc.Arbitrary<unknown> => {
    const fields = fc.record(
      {
        title: field(bodyText(), fc.string({ minLength: 495, maxLength: 505 })),
        content: field(htmlish),
        slug: field(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,20}$/), anyText(30)),
        excerpt: field(fc.option(bodyText(), { nil: null })),
        status: field(
          fc.constantFrom('draft', 'publish'),
          fc.constantFrom('Publish', '', 'published'),
        ),
        tags: field(
          fc.array(fc.constantFrom(...tagIds), { maxLength: 4 }),
          fc.array(fc.constantFrom(0, -1, 1.5, 987_654, 2 ** 53), { minLength: 1, maxLength: 2 }),
        ),
        category: field(fc.constantFrom(categoryId, null), fc.constantFrom(987_654, 0)),
        featured: field(fc.constantFrom(true, false, 0, 1), fc.constantFrom('true', 2)),
        meta_title: field(fc.option(bodyText(), { nil: null })),
        meta_description: field(fc.option(anyText(), { nil: null })),
        featured_image: field(url, fc.constantFrom('javascript:alert(1)', 'not a url', '')),
        canonical_url: field(url, fc.constantFrom('ftp://x.example/', '//x.example/')),
      },
      { requiredKeys: [] },
    );
    return fc.oneof(
      { weight: 4, arbitrary: fields },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fields, fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 3 }))
          .map(([known, extra]) => ({ ...extra, ...known })),
      },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    );
  };

  /** What any response to a body must satisfy, whether the body was accepted or not. */
  function checkRejection(reply: Reply, body: unknown): void {
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(isErrorEnvelope(reply)).toBe(true);
    if (!isPlainObject(body)) expect(reply.status).toBe(400);
    else if (!hasGuardedKey(body)) {
      expect([400, 422]).toContain(reply.status);
      // A field of the wrong type is always named in the 422.
      for (const name of ['title', 'content', 'slug'] as const)
        if (name in body && typeof body[name] !== 'string')
          expect(reply.json.errors).toHaveProperty(name);
    }
  }

  it('POST never fails with a 5xx, and every record it creates reads back as sent', async () => {
    const outcomes = { created: 0, rejected: 0 };
    await fc.assert(
      fc.asyncProperty(kindArb, recordBody(), async ({ kind, plural, label }, body) => {
        const reply = await service.request('POST', `/${plural}`, { body });
        expectNoServerError(reply, body);
        if (reply.status >= 300) {
          outcomes.rejected++;
          return checkRejection(reply, body);
        }
        outcomes.created++;

        expect(reply.status).toBe(201);
        expect(reply.json).toMatchObject({ status: 'success', message: `${label} created` });
        const sent = body as Record<string, unknown>;
        const created = reply.json[kind] as { id: number; slug: string };
        expect(created.slug).toMatch(SLUG_SHAPE);

        const read = await service.request('GET', `/${plural}/${encodeURIComponent(created.slug)}`);
        expect(read.status).toBe(200);
        expect(read.json[kind]).toMatchObject({
          id: created.id,
          slug: created.slug,
          title: sent.title ?? '',
          content: sent.content ?? '',
          status: sent.status ?? 'draft',
          [`${kind}_type`]: kind,
        });
      }),
      { numRuns: 200 },
    );
    // Both branches must have been exercised for the property to mean anything.
    expect(outcomes.created).toBeGreaterThan(10);
    expect(outcomes.rejected).toBeGreaterThan(10);
  });

  it('PUT never fails with a 5xx, applies exactly what it accepts, and changes nothing on a 4xx', async () => {
    const outcomes = { updated: 0, rejected: 0 };
    await fc.assert(
      fc.asyncProperty(kindArb, recordBody(), async ({ kind, plural, label }, body) => {
        const id = existing.get(kind) as number;
        const before = rowOf(id);
        const reply = await service.request('PUT', `/${plural}/${id}`, { body });
        expectNoServerError(reply, body);
        const after = rowOf(id);

        if (reply.status >= 300) {
          outcomes.rejected++;
          checkRejection(reply, body);
          expect(after).toEqual(before);
          return;
        }
        outcomes.updated++;
        expect(reply.status).toBe(200);
        expect(reply.json).toMatchObject({
          status: 'success',
          message: `${label} updated`,
          [kind]: { id },
        });
        const sent = body as Record<string, unknown>;
        expect(after?.title).toBe(sent.title ?? before?.title);
        expect(after?.content).toBe(sent.content ?? before?.content);
        expect(after?.status).toBe(sent.status ?? before?.status);
        expect(after?.slug).toMatch(SLUG_SHAPE);
        expect(after?.updated_at).toBeGreaterThan(before?.updated_at ?? Infinity);
      }),
      { numRuns: 200 },
    );
    expect(outcomes.updated).toBeGreaterThan(10);
    expect(outcomes.rejected).toBeGreaterThan(10);
  });

  it('keeps ill-formed UTF-16 from being silently altered: reject it, or store it as sent', async () => {
    const title = 'Lone \ud800 surrogate';
    const content = '<p>half a pair: \udc00</p>';
    const reply = await service.request('POST', '/posts', { body: { title, content } });
    expectNoServerError(reply, { title, content });
    if (reply.status >= 400) {
      expect(reply.status).toBe(422);
      return;
    }
    expect(reply.json.post.title).toBe(title);
    const read = await service.request('GET', `/posts/${reply.json.post.slug}`);
    expect(read.json.post.title).toBe(title);
    expect(read.json.post.content).toBe(content);
  });
});

describe('random list query strings', () => {
  let service: TestService;
  const totals = new Map<string, { all: number; drafts: number }>();

  beforeAll(async () => {
    service = await startTestService();
    // Enough records for several pages at small limits, with some drafts among them.
    seedPublication(service.server.db, { subdomain: service.subdomain, posts: 57, pages: 11 });
    for (const { kind } of KINDS) {
      const count = (status: string): number =>
        service.server.db
          .prepare(
            `SELECT count(*) FROM records WHERE kind = ? AND deleted_at IS NULL AND status LIKE ?`,
          )
          .pluck()
          .get(kind, status) as number;
      totals.set(kind, { all: count('%'), drafts: count('draft') });
    }
  });

  afterAll(async () => {
    await service?.close();
  });

  const paramName = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('page', 'limit', 'draft') },
    { weight: 1, arbitrary: fc.constantFrom('page[]', 'limit[0]', 'Page', 'LIMIT', '__proto__') },
    { weight: 1, arbitrary: anyText(6) },
  );
  // Weighted towards sensible values so that later pages and the drafts filter are reached.
  const paramValue = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 6 }).map(String) },
    { weight: 2, arbitrary: fc.constantFrom('true', '1', 'TRUE', ' true ') },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: 0 }).map(String) },
    { weight: 1, arbitrary: fc.integer({ min: 90, max: 110 }).map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', ' 2 ', '2.5', '1e3', '0x10', '+3', 'NaN', 'false', '٣'),
    },
    { weight: 1, arbitrary: anyText(8) },
  );
  // Raw pieces are spliced in unencoded, to reach the query parser's error paths.
  const rawPiece = fc.constantFrom('%', '%zz', '%E0%A4%A', '&&', '=', '==1', '+', ';page=2');
  type Part = string | [string, string];
  // The three known parameters, each maybe present, plus noise before or after them.
  const query = fc
    .tuple(
      fc.record({ page: paramValue, limit: paramValue, draft: paramValue }, { requiredKeys: [] }),
      fc.array(
        fc.oneof(
          { weight: 4, arbitrary: fc.tuple(paramName, paramValue) },
          { weight: 1, arbitrary: rawPiece },
        ),
        { maxLength: 3 },
      ),
      fc.boolean(),
    )
    .map(([known, noise, noiseFirst]): Part[] => {
      const parts: Part[] = Object.entries(known);
      return noiseFirst ? [...noise, ...parts] : [...parts, ...noise];
    });
  const render = (parts: Part[]): string =>
    parts
      .map((part) =>
        typeof part === 'string'
          ? part
          : `${encodeURIComponent(part[0])}=${encodeURIComponent(part[1])}`,
      )
      .join('&');

  const only = (parts: Part[], name: string): string | undefined => {
    const values = parts.filter((part) => typeof part !== 'string' && part[0] === name);
    const raw = parts.some((part) => typeof part === 'string');
    return values.length === 1 && !raw ? (values[0] as [string, string])[1] : undefined;
  };

  it('always answers 200 with a consistent meta, whatever the query string', async () => {
    const seen = { withData: 0, pastTheEnd: 0, draftsOnly: 0, laterPage: 0 };
    await fc.assert(
      fc.asyncProperty(kindArb, query, async ({ kind, plural }, parts) => {
        const search = render(parts);
        const reply = await service.request('GET', `/${plural}?${search}`);
        expectNoServerError(reply, search);
        expect(reply.status).toBe(200);

        const { meta, data } = reply.json[plural] as {
          meta: Record<string, any>;
          data: { status: string }[];
        };
        expect(Number.isInteger(meta.per_page)).toBe(true);
        expect(meta.per_page).toBeGreaterThanOrEqual(1);
        expect(meta.per_page).toBeLessThanOrEqual(100);
        expect(Number.isSafeInteger(meta.current_page)).toBe(true);
        expect(meta.current_page).toBeGreaterThanOrEqual(1);
        expect(meta.last_page).toBeGreaterThanOrEqual(1);
        expect(meta.first_page).toBe(1);
        expect(meta.first_page_url).toBe('/?page=1');
        expect(meta.last_page_url).toBe(`/?page=${meta.last_page}`);
        expect(meta.last_page).toBe(Math.max(1, Math.ceil(meta.total / meta.per_page)));
        expect(meta.next_page_url === null).toBe(meta.current_page >= meta.last_page);
        expect(meta.previous_page_url === null).toBe(meta.current_page === 1);
        const skipped = (meta.current_page - 1) * meta.per_page;
        expect(data.length).toBe(Math.max(0, Math.min(meta.per_page, meta.total - skipped)));

        if (data.length > 0) seen.withData++;
        if (meta.current_page > meta.last_page) seen.pastTheEnd++;
        if (meta.current_page > 1 && data.length > 0) seen.laterPage++;
        const expected = totals.get(kind);
        expect([expected?.all, expected?.drafts]).toContain(meta.total);
        const draft = only(parts, 'draft');
        if (draft === 'true' || draft === '1') {
          seen.draftsOnly++;
          expect(meta.total).toBe(expected?.drafts);
          for (const row of data) expect(row.status).toBe('draft');
        }
        if (!parts.some((part) => typeof part === 'string' || part[0] === 'draft'))
          expect(meta.total).toBe(expected?.all);
        const limit = only(parts, 'limit');
        if (limit && /^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 100)
          expect(meta.per_page).toBe(Number(limit));
        const page = only(parts, 'page');
        if (page && /^\d+$/.test(page) && Number(page) >= 1 && Number(page) <= 1e9)
          expect(meta.current_page).toBe(Number(page));
      }),
      { numRuns: 200 },
    );
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(3);
  });
});

interface RawReply {
  status: number;
  body: string;
}

/** Sends a request line exactly as given: fetch would normalise or refuse odd paths. */
function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    // Node frames a GET or DELETE body only when told its length.
    const framed =
      body === undefined
        ? headers
        : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: framed, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('random methods and paths', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
    await service.request('POST', '/posts', { body: { title: 'Hello', status: 'publish' } });
    await service.request('POST', '/pages', { body: { title: 'About', status: 'publish' } });
  });

  afterAll(async () => {
    await service?.close();
  });

  // Methods Node's HTTP parser accepts (CONNECT is a tunnel, not a request) plus a few it rejects.
  const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'];
  const method = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...KNOWN_METHODS) },
    { weight: 1, arbitrary: fc.constantFrom('PROPFIND', 'SEARCH', 'PURGE', 'MKCOL', 'LOCK') },
    { weight: 1, arbitrary: fc.constantFrom('FOO', 'get', 'BREW') },
  );
  const pathChar = fc.constantFrom(
    ...'abcXYZ019-._~!$&\'()*+,;=:@%/?#[]"<>\\^`{|}'.split(''),
    '%00',
    '%2F',
    '%zz',
    '%E2%82%AC',
    '%F0%9F%8E%89',
    '%C3',
    '..',
  );
  const segment = fc.oneof(
    fc.constantFrom('test-blog', 'posts', 'pages', 'hello', 'about', '1', '2', '0', '-1', ''),
    fc.constantFrom('99999999999999999999', '1e3', '%D9%A1', 'a'.repeat(1_200)),
    fc.array(pathChar, { maxLength: 8 }).map((chars) => chars.join('')),
    anyText(6).map((text) => encodeURIComponent(text)),
  );
  const path = fc
    .array(segment, { minLength: 1, maxLength: 4 })
    .map((segments) => `/app/${segments.join('/')}`);
  const headers = fc.record(
    {
      authorization: fc.constantFrom('real', 'Bearer nope', 'Basic abc', 'Bearer', ''),
      'content-type': fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-16',
        'multipart/form-data; boundary=x',
      ),
    },
    { requiredKeys: [] },
  );
  const body = fc.option(
    fc.oneof(
      fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 30 }),
    ),
    { nil: undefined },
  );
  const requestArb = fc.record({ method, path, headers, body });
  type RequestInput = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

  async function send(input: RequestInput): Promise<RawReply> {
    const sent: Record<string, string> = { ...input.headers };
    if (sent.authorization === 'real') sent.authorization = `Bearer ${service.token}`;
    return rawRequest(service.server.port, input.method, input.path, sent, input.body);
  }

  it('never answers with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (input) => {
        const reply = await send(input);
        if (reply.status >= 500 || reply.status < 200)
          throw new Error(`HTTP ${reply.status} for ${JSON.stringify(input)}: ${reply.body}`);
      }),
      { numRuns: 200 },
    );
  });

  // errors.ts promises {status: 'error', message} for every error; the 404 handler keeps to it.
  it('answers every error that reaches the app in the {status: "error", message} envelope', async () => {
    const appRequest = requestArb.filter(
      (input) => KNOWN_METHODS.includes(input.method) && input.method !== 'HEAD',
    );
    await fc.assert(
      fc.asyncProperty(appRequest, async (input) => {
        const reply = await send(input);
        if (reply.status < 400) return;
        let json: unknown;
        try {
          json = JSON.parse(reply.body);
        } catch {
          json = undefined;
        }
        expect(
          isErrorEnvelope({ status: reply.status, json } as Reply),
          `HTTP ${reply.status} ${reply.body}`,
        ).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('invalid requests never corrupt stored data', () => {
  let service: TestService;
  const ids: Record<'post' | 'page' | 'trashed', number> = { post: 0, page: 0, trashed: 0 };
  let tagId: number;

  beforeAll(async () => {
    service = await startTestService();
    const { db } = service.server;
    const publicationId = db.prepare('SELECT id FROM publications').pluck().get() as number;
    tagId = addTag(db, publicationId, 'Kept').id;
    const categoryId = addCategory(db, publicationId, 'Kept').id;
    const post = await service.request('POST', '/posts', {
      body: {
        title: 'Stored post',
        content: '<p>Body</p>',
        tags: [tagId],
        category: categoryId,
        status: 'publish',
        featured: true,
        featured_image: 'https://images.example.com/a.jpg',
      },
    });
    const page = await service.request('POST', '/pages', { body: { title: 'Stored page' } });
    const trashed = await service.request('POST', '/posts', { body: { title: 'Binned' } });
    ids.post = post.json.post.id;
    ids.page = page.json.page.id;
    ids.trashed = trashed.json.post.id;
    expect((await service.request('DELETE', `/posts/${ids.trashed}`)).status).toBe(200);
  });

  afterAll(async () => {
    await service?.close();
  });

  function snapshot(): Record<string, unknown[]> {
    const { db } = service.server;
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    const state: Record<string, unknown[]> = {
      user_version: [db.pragma('user_version', { simple: true })],
    };
    for (const table of tables)
      state[table] = db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all();
    return state;
  }

  interface Invalid {
    method: string;
    path: string;
    options: Parameters<TestService['request']>[2];
  }

  // Arbitraries are built before beforeAll has created the records, so ids are read lazily.
  const validBody = fc.record({ title: anyText(20), content: htmlish });
  const recordPath = (id: number | string): fc.Arbitrary<{ method: string; path: string }> =>
    fc.constantFrom(
      { method: 'PUT', path: `/posts/${id}` },
      { method: 'PUT', path: `/pages/${id}` },
    );
  const writeTarget = fc.oneof(
    fc.constant({ method: 'POST', path: '/posts' }),
    fc.constant({ method: 'POST', path: '/pages' }),
    fc.constant(null).chain(() => recordPath(ids.post)),
  );

  const malformedJson: fc.Arbitrary<Invalid> = fc
    .tuple(
      writeTarget,
      fc.oneof(
        fc.string({ maxLength: 30 }),
        validBody.chain((body) => {
          const text = JSON.stringify(body);
          return fc.nat({ max: text.length - 1 }).map((cut) => text.slice(0, cut));
        }),
        fc.constantFrom('{', '{"title": "x",}', "{'title': 'x'}", '{"title": "x"}}', 'undefined'),
      ),
    )
    .filter(([, raw]) => {
      try {
        JSON.parse(raw);
        return false;
      } catch {
        return true;
      }
    })
    .map(([target, rawBody]) => ({ ...target, options: { rawBody } }));

  const nonString = fc.oneof(
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 2 }),
    fc.dictionary(fc.string({ maxLength: 4 }), fc.string(), { maxKeys: 2 }),
  );
  const wrongField = fc.oneof(
    nonString.map((value) => ({ title: value })),
    nonString.map((value) => ({ content: value })),
    nonString.map((value) => ({ slug: value })),
    fc.oneof(nonString, fc.constantFrom('published', 'DRAFT', '')).map((status) => ({ status })),
    fc
      .oneof(
        fc.string(),
        fc.constant([0]),
        fc.constant([-1]),
        fc.constant([1.5]),
        fc.constant(['1']),
      )
      .map((tags) => ({ tags })),
    fc.constantFrom('yes', 2, -1, [], {}).map((featured) => ({ featured })),
    fc.constantFrom('1', 1.5, 0, -3, true).map((category) => ({ category })),
    fc.constantFrom('javascript:alert(1)', 'not a url', 42).map((url) => ({ featured_image: url })),
    fc.constant({ tags: [987_654] }),
    fc.constant({ category: 987_654 }),
  );
  const wrongTypes: fc.Arbitrary<Invalid> = fc
    .tuple(writeTarget, validBody, wrongField)
    .map(([target, body, wrong]) => ({ ...target, options: { body: { ...body, ...wrong } } }));

  const oversized: fc.Arbitrary<Invalid> = fc
    .tuple(
      writeTarget,
      validBody,
      fc.constantFrom(
        { title: 'x'.repeat(501) },
        { slug: 's'.repeat(201) },
        { excerpt: 'e'.repeat(5_001) },
        { meta_title: 'm'.repeat(301) },
        { meta_description: 'd'.repeat(1_001) },
        { featured_image: `https://example.com/${'i'.repeat(2_048)}` },
        { tags: Array.from({ length: 101 }, () => 1) },
      ),
    )
    .map(([target, body, big]) => ({ ...target, options: { body: { ...body, ...big } } }));

  const unknownTarget: fc.Arbitrary<Invalid> = fc
    .tuple(
      fc.constantFrom('PUT', 'DELETE'),
      fc.oneof(
        fc.constant(() => `/posts/${ids.page}`),
        fc.constant(() => `/pages/${ids.post}`),
        fc.constant(() => `/posts/${ids.trashed}`),
        fc
          .oneof(
            fc.integer({ min: 1_000, max: 2 ** 40 }).map(String),
            fc.constantFrom('0', '-1', 'abc', '1.0', '99999999999999999999', '%20'),
          )
          .map((id) => () => `/${id.length % 2 ? 'posts' : 'pages'}/${id}`),
      ),
      validBody,
    )
    .map(([method, path, body]) => ({
      method,
      path: path(),
      options: method === 'PUT' ? { body } : {},
    }));

  const badToken = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9_\-.~+/=]{1,60}$/).map((token) => ({ token })),
    fc.constant({ token: null }),
    fc.constantFrom('Basic dXNlcjpwYXNz', 'Bearer', 'bearer  ', 'Token abc').map((header) => ({
      headers: { authorization: header },
    })),
  );
  const wrongToken: fc.Arbitrary<Invalid> = fc
    .tuple(
      fc.oneof(
        writeTarget,
        fc
          .constant(null)
          .chain(() =>
            fc.constantFrom(
              { method: 'DELETE', path: `/posts/${ids.post}` },
              { method: 'DELETE', path: `/pages/${ids.page}` },
            ),
          ),
      ),
      validBody,
      badToken,
    )
    .map(([target, body, auth]) => ({
      ...target,
      options: target.method === 'DELETE' ? auth : { body, ...auth },
    }));

  const preconditionFailed: fc.Arbitrary<Invalid> = fc
    .tuple(
      fc
        .constant(null)
        .chain(() =>
          fc.constantFrom(
            { method: 'PUT', path: `/posts/${ids.post}` },
            { method: 'DELETE', path: `/posts/${ids.post}` },
            { method: 'DELETE', path: `/pages/${ids.page}` },
          ),
        ),
      validBody,
      fc.constantFrom('"0-0"', `W/"1-1"`, '"stale", "older"'),
    )
    .map(([target, body, etag]) => ({
      ...target,
      options: { headers: { 'if-match': etag }, ...(target.method === 'PUT' ? { body } : {}) },
    }));

  const misc: fc.Arbitrary<Invalid> = fc.oneof(
    fc.constant(null).chain(() =>
      fc.constantFrom<Invalid>(
        {
          method: 'PUT',
          path: `/posts/${ids.post}`,
          options: { body: { title: '', content: '' } },
        },
        {
          method: 'PUT',
          path: `/pages/${ids.page}`,
          options: { body: { title: ' ', content: '' } },
        },
        { method: 'POST', path: '/posts', options: { body: {} } },
        { method: 'POST', path: '/pages', options: { body: { title: '   ', content: '\n' } } },
        { method: 'POST', path: '/posts', options: { body: [{ title: 'in an array' }] } },
        { method: 'POST', path: '/posts', options: { body: 'just a string' } },
        {
          method: 'POST',
          path: '/posts',
          options: { rawBody: '{"title":"x"}', headers: { 'content-type': 'text/plain' } },
        },
        {
          method: 'PUT',
          path: `/posts/${ids.post}`,
          options: { rawBody: '{"title":"x","__proto__":{"status":"publish"}}' },
        },
        { method: 'POST', path: '/posts', options: { body: { title: 'x', slug: '!!!' } } },
      ),
    ),
  );

  const invalid = fc.oneof(
    malformedJson,
    wrongTypes,
    oversized,
    unknownTarget,
    wrongToken,
    preconditionFailed,
    misc,
  );

  it('leaves every table exactly as it was after any batch of invalid requests', async () => {
    const before = snapshot();
    expect(before.records).toHaveLength(3);
    expect(before.record_tags).toHaveLength(1);

    await fc.assert(
      fc.asyncProperty(fc.array(invalid, { minLength: 1, maxLength: 5 }), async (batch) => {
        for (const { method, path, options } of batch) {
          const reply = await service.request(method, path, options);
          if (reply.status < 400 || reply.status >= 500)
            throw new Error(
              `HTTP ${reply.status} for ${method} ${path} ${JSON.stringify(options).slice(0, 300)}: ${reply.text.slice(0, 300)}`,
            );
          expect(isErrorEnvelope(reply)).toBe(true);
        }
        expect(snapshot()).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a body over the size limit without storing anything', async () => {
    const before = snapshot();
    const reply = await service.request('POST', '/posts', {
      body: { title: 'Huge', content: 'x'.repeat(10 * 1024 * 1024 + 1) },
    });
    expect(reply.status).toBe(413);
    expect(isErrorEnvelope(reply)).toBe(true);
    expect(snapshot()).toEqual(before);
  });

  it('still reads back what was stored, and the file passes SQLite integrity checks', async () => {
    const post = await service.request('GET', '/posts/stored-post');
    expect(post.status).toBe(200);
    expect(post.json.post).toMatchObject({
      title: 'Stored post',
      content: '<p>Body</p>',
      status: 'publish',
      featured: 1,
      tags: [{ id: tagId, name: 'Kept', slug: 'kept' }],
    });
    expect((await service.request('GET', '/posts/binned')).status).toBe(404);
    const { db } = service.server;
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });
});
