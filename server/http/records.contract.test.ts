import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCategory, addTag } from '../publications';
import { RecordStore } from '../records';
import { startTestService, type TestService } from '../testing/harness';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const KINDS = [
  {
    kind: 'post',
    plural: 'posts',
    label: 'Post',
    typeField: 'post_type',
    otherTypeField: 'page_type',
  },
  {
    kind: 'page',
    plural: 'pages',
    label: 'Page',
    typeField: 'page_type',
    otherTypeField: 'post_type',
  },
] as const;

let service: TestService;
let publicationId: number;
let authorId: number;
let tagIds: number[];
let categoryId: number;

beforeAll(async () => {
  service = await startTestService();
  publicationId = service.server.db
    .prepare('SELECT id FROM publications WHERE subdomain = ?')
    .pluck()
    .get(service.subdomain) as number;
  authorId = service.server.db
    .prepare('SELECT id FROM authors WHERE publication_id = ?')
    .pluck()
    .get(publicationId) as number;
  tagIds = ['Writing', 'Café Culture'].map(
    (name) => addTag(service.server.db, publicationId, name).id,
  );
  categoryId = addCategory(service.server.db, publicationId, 'Essays').id;
});

afterAll(() => service.close());

describe.each(KINDS)('$plural', ({ kind, plural, label, typeField, otherTypeField }) => {
  const create = (body: unknown) => service.request('POST', `/${plural}`, { body });
  const get = (slug: string) => service.request('GET', `/${plural}/${encodeURIComponent(slug)}`);

  describe('create', () => {
    it('answers 201 with exactly the spec keys and defaults to draft', async () => {
      const reply = await create({ title: 'Hello world', content: '<p>First words</p>' });
      expect(reply.status).toBe(201);
      expect(reply.json).toEqual({
        status: 'success',
        message: `${label} created`,
        [kind]: {
          id: expect.any(Number),
          title: 'Hello world',
          slug: expect.stringMatching(/^hello-world(-\d+)?$/),
          content: '<p>First words</p>',
          status: 'draft',
        },
      });
      expect(Object.keys(reply.json[kind]).sort()).toEqual([
        'content',
        'id',
        'slug',
        'status',
        'title',
      ]);
    });

    it('makes one record of creates sent with the same Idempotency-Key, at once or later', async () => {
      const key = `create-${kind}-${Math.random()}`;
      const send = (title: string) =>
        service.request('POST', `/${plural}`, {
          body: { title, content: '<p>once</p>' },
          headers: { 'idempotency-key': key },
        });
      const [first, second] = await Promise.all([send('Sent twice'), send('Sent twice')]);
      const third = await send('Sent twice, changed');
      expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
      expect(new Set([first, second, third].map((r) => r.json[kind].id)).size).toBe(1);
      // The replay answers with the record as made, and says it is one.
      expect(third.json[kind].title).toBe('Sent twice');
      expect(
        [first, second, third].filter((r) => r.headers.get('idempotent-replayed') === 'true'),
      ).toHaveLength(2);
      const list = await service.request('GET', `/${plural}?limit=100`);
      expect(
        list.json[plural].data.filter((r: { title: string }) => r.title.startsWith('Sent twice')),
      ).toHaveLength(1);
      // Another key, or none, is another record; a key of the other kind is its own.
      const other = await service.request('POST', `/${plural}`, {
        body: { title: 'Sent twice' },
        headers: { 'idempotency-key': `${key}-other` },
      });
      expect(other.json[kind].id).not.toBe(first.json[kind].id);
    });

    it('honours an Idempotency-Key for 30 days, and makes a new record once it is older', () => {
      // The store's own clock, set years back: a month passes at once, and this test's expiry
      // drops no key another test made today.
      let now = Date.UTC(2020, 0, 1);
      const store = new RecordStore(service.server.db, () => now);
      const key = `month-${kind}-${Math.random()}`;
      const send = () =>
        store.create(publicationId, kind, authorId, { title: 'Kept a month' }, key);
      const first = send();
      now = Date.UTC(2020, 0, 1) + 30 * DAY_MS - 1000;
      expect(send()).toMatchObject({ id: first.id, replayed: true });
      now = Date.UTC(2020, 0, 1) + 30 * DAY_MS + 1000;
      const later = send();
      expect(later.id).not.toBe(first.id);
      expect(later.replayed).toBeUndefined();
      // The key now names the new record, for another 30 days.
      expect(send()).toMatchObject({ id: later.id, replayed: true });
    });

    it('refuses a malformed Idempotency-Key and makes nothing', async () => {
      for (const key of ['', 'with space', 'x'.repeat(256), 'é'])
        expect(
          (
            await service.request('POST', `/${plural}`, {
              body: { title: 'Never made' },
              headers: { 'idempotency-key': key },
            })
          ).status,
          JSON.stringify(key),
        ).toBe(400);
      const list = await service.request('GET', `/${plural}?limit=100`);
      expect(list.json[plural].data.some((r: { title: string }) => r.title === 'Never made')).toBe(
        false,
      );
    });

    it('answers 410 for a key whose record was deleted since, and makes nothing', async () => {
      // Made again, it undid a colleague's delete behind their back (a review): the client is
      // told, and asks its writer.
      const key = `deleted-${kind}-${Math.random()}`;
      const send = () =>
        service.request('POST', `/${plural}`, {
          body: { title: 'Made, deleted, asked' },
          headers: { 'idempotency-key': key },
        });
      const first = await send();
      await service.request('DELETE', `/${plural}/${first.json[kind].id}`);
      const again = await send();
      expect(again.status).toBe(410);
      expect(again.json).toMatchObject({ status: 'error', id: first.json[kind].id });
      // The key said back: this key's answer, not a gateway's.
      expect(again.headers.get('idempotency-key')).toBe(key);
      expect(again.json.message).toContain(`id ${first.json[kind].id}`);
      const list = await service.request('GET', `/${plural}?limit=100`);
      expect(
        list.json[plural].data.filter((r: { title: string }) => r.title === 'Made, deleted, asked'),
      ).toEqual([]);
    });

    it('derives the slug from the title, folding accents', async () => {
      const reply = await create({ title: 'Über Straße & Café — Ærø Łódź!' });
      expect(reply.json[kind].slug).toBe('uber-strasse-cafe-aero-lodz');
    });

    it('numbers clashing slugs -2, -3, … even when created concurrently', async () => {
      const replies = await Promise.all(
        Array.from({ length: 12 }, () => create({ title: 'Same Title Everywhere' })),
      );
      expect(replies.map((r) => r.status)).toEqual(Array(12).fill(201));
      const slugs = replies.map((r) => r.json[kind].slug as string).sort();
      const expected = [
        'same-title-everywhere',
        ...Array.from({ length: 11 }, (_, i) => `same-title-everywhere-${i + 2}`),
      ].sort();
      expect(slugs).toEqual(expected);
    });

    it('normalises a supplied slug and suffixes it on a clash', async () => {
      const first = await create({ title: 'x', slug: 'My Custom Slug' });
      const second = await create({ title: 'y', slug: 'my-custom-slug' });
      expect(first.json[kind].slug).toBe('my-custom-slug');
      expect(second.json[kind].slug).toBe('my-custom-slug-2');
    });

    it('rejects a supplied slug with nothing usable in it', async () => {
      const reply = await create({ title: 'x', slug: '¿¡!?' });
      expect(reply.status).toBe(422);
      expect(reply.json.errors.slug).toBeDefined();
    });

    it('takes the slug from the content when there is no title, and falls back when nothing is usable', async () => {
      const fromContent = await create({ content: '<p>Only a body, no title at all here</p>' });
      expect(fromContent.json[kind].slug).toMatch(/^only-a-body-no-title-at-all-here(-\d+)?$/);
      const fallback = await create({ title: '🙂🙂', content: '<p>…</p>' });
      expect(fallback.json[kind].slug).toMatch(/^untitled(-\d+)?$/);
    });

    it('requires a title or content (422 with field messages) and stores nothing', async () => {
      const before = await service.request('GET', `/${plural}`);
      for (const body of [{}, { title: '' }, { title: '   ', content: '' }, { excerpt: 'only' }]) {
        const reply = await create(body);
        expect(reply.status).toBe(422);
        expect(reply.json).toMatchObject({
          status: 'error',
          message: expect.any(String),
          errors: { title: [expect.any(String)], content: [expect.any(String)] },
        });
      }
      const after = await service.request('GET', `/${plural}`);
      expect(after.json[plural].meta.total).toBe(before.json[plural].meta.total);
    });

    it('sets published_at on create with status publish', async () => {
      const reply = await create({ title: 'Straight out', status: 'publish' });
      expect(reply.json[kind].status).toBe('publish');
      const record = (await get(reply.json[kind].slug)).json[kind];
      expect(record.published_at).toMatch(ISO);
    });

    it('accepts tags, category and featured, and embeds the tags', async () => {
      const reply = await create({
        title: 'Tagged',
        tags: tagIds,
        category: categoryId,
        featured: true,
      });
      expect(reply.status).toBe(201);
      const record = (await get(reply.json[kind].slug)).json[kind];
      expect(record.tags).toEqual([
        { id: tagIds[0], name: 'Writing', slug: 'writing' },
        { id: tagIds[1], name: 'Café Culture', slug: 'cafe-culture' },
      ]);
      expect(record.featured).toBe(1);
      expect(record.category_id).toBe(categoryId);
    });

    it('rejects unknown tag or category ids with 422', async () => {
      const tags = await create({ title: 'Bad tags', tags: [999_999] });
      expect(tags.status).toBe(422);
      expect(tags.json.errors.tags[0]).toContain('999999');
      const category = await create({ title: 'Bad category', category: 424_242 });
      expect(category.status).toBe(422);
      expect(category.json.errors.category[0]).toContain('424242');
    });

    it('rejects wrongly typed fields with 422 naming each field', async () => {
      const reply = await create({ title: 42, status: 'published', featured: 'yes', tags: ['a'] });
      expect(reply.status).toBe(422);
      expect(Object.keys(reply.json.errors).sort()).toEqual([
        'featured',
        'status',
        'tags',
        'title',
      ]);
    });
  });

  describe('get by slug', () => {
    it('returns every field of the spec with its type, plus schema and publication', async () => {
      const html =
        '<h2>Intro</h2><p>Fish &amp; chips &mdash; caf&eacute; <strong>bold</strong></p><ul><li>one</li><li>two</li></ul>';
      const created = await create({
        title: 'Full record',
        content: html,
        excerpt: 'Short',
        status: 'publish',
      });
      const reply = await get(created.json[kind].slug);
      expect(reply.status).toBe(200);
      const record = reply.json[kind];
      expect(record).toMatchObject({
        id: created.json[kind].id,
        author_id: expect.any(Number),
        publication_id: expect.any(Number),
        title: 'Full record',
        slug: created.json[kind].slug,
        excerpt: 'Short',
        content: html,
        content_text: 'Intro\nFish & chips — café bold\none\ntwo',
        featured_image: null,
        status: 'publish',
        canonical_url: null,
        [typeField]: kind,
        meta_title: null,
        meta_description: null,
        featured: 0,
        toc: 0,
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
        published_at: expect.stringMatching(ISO),
        deleted_at: null,
        reading_time: 1,
        tags: [],
        author: {
          id: expect.any(Number),
          name: expect.any(String),
          tagline: expect.any(String),
          avatar: expect.any(String),
        },
        publication: {
          id: record.publication_id,
          name: 'Test Blog',
          subdomain: service.subdomain,
          domain: null,
        },
      });
      expect(record).not.toHaveProperty(otherTypeField);
      expect(record.author.id).toBe(record.author_id);
      expect(record.schema).toMatch(/^<script type="application\/ld\+json">.*<\/script>$/s);
      const graph = JSON.parse(record.schema.replace(/^<script[^>]*>|<\/script>$/g, ''))['@graph'];
      expect(graph.map((node: { '@type': string }) => node['@type']).sort()).toEqual([
        'BreadcrumbList',
        'Person',
        'WebPage',
        'WebSite',
      ]);
    });

    it('adds an ImageObject to the schema when there is a featured image', async () => {
      const created = await create({ title: 'With image' });
      await service.request('PUT', `/${plural}/${created.json[kind].id}`, {
        body: { featured_image: 'https://images.example.com/a.jpg' },
      });
      const record = (await get(created.json[kind].slug)).json[kind];
      expect(record.featured_image).toBe('https://images.example.com/a.jpg');
      expect(record.schema).toContain('"@type":"ImageObject"');
    });

    it('computes reading time from the word count at 200 words a minute', async () => {
      const words = Array.from({ length: 401 }, (_, i) => `w${i}`).join(' ');
      const created = await create({ title: 'Long read', content: `<p>${words}</p>` });
      expect((await get(created.json[kind].slug)).json[kind].reading_time).toBe(3);
    });

    it('answers 404 with the error shape for an unknown slug', async () => {
      const reply = await get('no-such-slug');
      expect(reply.status).toBe(404);
      expect(reply.json).toEqual({
        status: 'error',
        message: expect.stringContaining('no-such-slug'),
      });
    });
  });

  describe('update', () => {
    it('updates title, content and status, answering with id and title only', async () => {
      const created = await create({ title: 'Before', content: '<p>old</p>' });
      const { id, slug } = created.json[kind];
      const before = (await get(slug)).json[kind];
      const reply = await service.request('PUT', `/${plural}/${id}`, {
        body: { title: 'After', content: '<p>new text</p>', status: 'publish' },
      });
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({
        status: 'success',
        message: `${label} updated`,
        [kind]: { id, title: 'After' },
      });
      const after = (await get(slug)).json[kind];
      expect(after).toMatchObject({
        title: 'After',
        content: '<p>new text</p>',
        content_text: 'new text',
        status: 'publish',
      });
      expect(after.published_at).toMatch(ISO);
      expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
      expect(after.created_at).toBe(before.created_at);
    });

    it('changes updated_at on every update, even back to back', async () => {
      const { id, slug } = (await create({ title: 'Clock' })).json[kind];
      const stamps = [(await get(slug)).json[kind].updated_at as string];
      for (let i = 0; i < 5; i++) {
        await service.request('PUT', `/${plural}/${id}`, { body: { title: `Clock ${i}` } });
        stamps.push((await get(slug)).json[kind].updated_at);
      }
      expect(new Set(stamps).size).toBe(stamps.length);
      expect([...stamps].sort()).toEqual(stamps);
    });

    it('keeps published_at from the first publish through unpublish and republish', async () => {
      const { id, slug } = (await create({ title: 'Publish twice', status: 'publish' })).json[kind];
      const first = (await get(slug)).json[kind].published_at;
      await service.request('PUT', `/${plural}/${id}`, { body: { status: 'draft' } });
      await service.request('PUT', `/${plural}/${id}`, { body: { status: 'publish' } });
      const record = (await get(slug)).json[kind];
      expect(record.status).toBe('publish');
      expect(record.published_at).toBe(first);
    });

    it('dates only a publish: an update of a live record with no published_at keeps it empty', async () => {
      const { id, slug } = (await create({ title: 'Imported', status: 'publish' })).json[kind];
      // Old data from another system: live, undated. Only the database can make it so.
      service.server.db.prepare('UPDATE records SET published_at = NULL WHERE id = ?').run(id);
      const reply = await service.request('PUT', `/${plural}/${id}`, {
        body: { status: 'publish' },
      });
      expect(reply.status).toBe(200);
      expect((await get(slug)).json[kind]).toMatchObject({ status: 'publish', published_at: null });
    });

    it('accepts our extension fields', async () => {
      const { id } = (await create({ title: 'Extended' })).json[kind];
      const reply = await service.request('PUT', `/${plural}/${id}`, {
        body: {
          slug: 'Extended Slug',
          excerpt: 'An excerpt',
          tags: [tagIds[1]],
          category: categoryId,
          featured: true,
          meta_title: 'Meta title',
          meta_description: 'Meta description',
          featured_image: 'https://example.com/i.png',
          canonical_url: 'https://example.com/original',
        },
      });
      expect(reply.status).toBe(200);
      const record = (await get('extended-slug')).json[kind];
      expect(record).toMatchObject({
        slug: 'extended-slug',
        excerpt: 'An excerpt',
        tags: [{ id: tagIds[1], name: 'Café Culture', slug: 'cafe-culture' }],
        category_id: categoryId,
        featured: 1,
        meta_title: 'Meta title',
        meta_description: 'Meta description',
        featured_image: 'https://example.com/i.png',
        canonical_url: 'https://example.com/original',
      });
      const cleared = await service.request('PUT', `/${plural}/${id}`, {
        body: { excerpt: null, canonical_url: null, tags: [] },
      });
      expect(cleared.status).toBe(200);
      expect((await get('extended-slug')).json[kind]).toMatchObject({
        excerpt: null,
        canonical_url: null,
        tags: [],
      });
    });

    it('refuses to empty both title and content, and changes nothing', async () => {
      const { id, slug } = (await create({ title: 'Keep me' })).json[kind];
      const reply = await service.request('PUT', `/${plural}/${id}`, { body: { title: '' } });
      expect(reply.status).toBe(422);
      expect((await get(slug)).json[kind].title).toBe('Keep me');
    });

    it('rejects invalid URLs in featured_image and canonical_url', async () => {
      const { id } = (await create({ title: 'Urls' })).json[kind];
      const reply = await service.request('PUT', `/${plural}/${id}`, {
        body: { featured_image: 'javascript:alert(1)', canonical_url: 'not a url' },
      });
      expect(reply.status).toBe(422);
      expect(Object.keys(reply.json.errors).sort()).toEqual(['canonical_url', 'featured_image']);
    });

    it('answers 404 for an unknown or non-numeric id', async () => {
      for (const id of ['987654321', 'abc', '0', '-1', '1.5']) {
        const reply = await service.request('PUT', `/${plural}/${id}`, { body: { title: 'x' } });
        expect(reply.status).toBe(404);
        expect(reply.json.status).toBe('error');
      }
    });

    it('honours If-Match: a stale ETag gets 412 and changes nothing', async () => {
      const { id, slug } = (await create({ title: 'Guarded' })).json[kind];
      const etag = (await get(slug)).headers.get('etag') as string;
      expect(etag).toMatch(/^"\d+-\d+"$/);
      const ok = await service.request('PUT', `/${plural}/${id}`, {
        body: { title: 'Guarded 2' },
        headers: { 'if-match': etag },
      });
      expect(ok.status).toBe(200);
      const stale = await service.request('PUT', `/${plural}/${id}`, {
        body: { title: 'Lost update' },
        headers: { 'if-match': etag },
      });
      expect(stale.status).toBe(412);
      expect((await get(slug)).json[kind].title).toBe('Guarded 2');
    });
  });

  describe('delete', () => {
    it('moves the record to the trash: gone from lists and get, kept for restore', async () => {
      const { id, slug } = (
        await create({
          title: 'Short-lived',
          content: '<h2>Kept</h2><p>precious words</p>',
          slug: `short-lived-${kind}`,
          excerpt: 'An excerpt',
          status: 'publish',
          tags: tagIds,
          category: categoryId,
          featured: true,
          meta_title: 'Meta title',
          meta_description: 'Meta description',
          featured_image: 'https://images.example.com/kept.jpg',
          canonical_url: 'https://example.com/kept',
        })
      ).json[kind];
      const before = (await get(slug)).json[kind];
      const reply = await service.request('DELETE', `/${plural}/${id}`);
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ status: 'success', message: `${label} deleted` });
      expect((await get(slug)).status).toBe(404);
      const list = await service.request('GET', `/${plural}?limit=100`);
      expect(list.json[plural].data.map((r: { id: number }) => r.id)).not.toContain(id);
      expect((await service.request('DELETE', `/${plural}/${id}`)).status).toBe(404);
      expect(
        (await service.request('PUT', `/${plural}/${id}`, { body: { title: 'x' } })).status,
      ).toBe(404);

      new RecordStore(service.server.db).restore(publicationId, id);
      const restored = (await get(slug)).json[kind];
      // Back with every field as it was. Only updated_at moves on (and the schema's dateModified
      // with it), so a client comparing updated_at sees the record came back.
      expect(Date.parse(restored.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
      const modified = (at: string) => `"dateModified":"${at}"`;
      expect(before.schema).toContain(modified(before.updated_at));
      expect(restored).toEqual({
        ...before,
        updated_at: restored.updated_at,
        schema: before.schema.replace(modified(before.updated_at), modified(restored.updated_at)),
      });
    });

    it('keeps posts and pages apart: an id of the other kind is 404', async () => {
      const other = kind === 'post' ? 'pages' : 'posts';
      const { id } = (await create({ title: 'Mine only' })).json[kind];
      expect((await service.request('DELETE', `/${other}/${id}`)).status).toBe(404);
      expect(
        (await service.request('PUT', `/${other}/${id}`, { body: { title: 'x' } })).status,
      ).toBe(404);
    });
  });
});

describe('slug changes on update', () => {
  it('lets a record take a free slug back without counting its own', async () => {
    const first = await service.request('POST', '/posts', {
      body: { title: 'Reclaim', slug: 'reclaim' },
    });
    const second = await service.request('POST', '/posts', { body: { title: 'Reclaim' } });
    expect(second.json.post.slug).toBe('reclaim-2');
    await service.request('DELETE', `/posts/${first.json.post.id}`);
    // 'reclaim' stays reserved by the trashed record, so the second keeps its own slug.
    await service.request('PUT', `/posts/${second.json.post.id}`, { body: { slug: 'reclaim' } });
    expect((await service.request('GET', '/posts/reclaim-2')).json.post.id).toBe(
      second.json.post.id,
    );
    expect((await service.request('GET', '/posts/reclaim-3')).status).toBe(404);
  });
});

describe('requests the HTTP parser rejects', () => {
  it('answers an unknown method with the JSON error shape', async () => {
    const { connect } = await import('node:net');
    const url = new URL(service.server.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () =>
        socket.write(`FOO /app/${service.subdomain}/posts HTTP/1.1\r\nHost: x\r\n\r\n`),
      );
      let data = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (data += chunk));
      socket.on('end', () => resolve(data)).on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      status: 'error',
      message: expect.any(String),
    });
  });
});
