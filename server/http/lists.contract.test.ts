import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { MAX_PAGE } from '../pagination';

let service: TestService;
// Created oldest first; ids ascend with creation.
const created: Record<'posts' | 'pages', { id: number; status: string }[]> = {
  posts: [],
  pages: [],
};

beforeAll(async () => {
  service = await startTestService();
  for (const plural of ['posts', 'pages'] as const) {
    for (let i = 0; i < 45; i++) {
      const status = i % 3 === 0 ? 'draft' : 'publish';
      const reply = await service.request('POST', `/${plural}`, {
        body: { title: `${plural} ${i}`, status },
      });
      created[plural].push({ id: reply.json[plural.slice(0, -1)].id, status });
    }
  }
});

afterAll(() => service.close());

describe.each(['posts', 'pages'] as const)('GET /%s', (plural) => {
  const list = (query = '') => service.request('GET', `/${plural}${query}`);
  const ids = (reply: { json: any }) => reply.json[plural].data.map((r: { id: number }) => r.id);
  const newestFirst = () => created[plural].map((r) => r.id).reverse();

  it('defaults to 20 per page, newest first, with the full meta', async () => {
    const reply = await list();
    expect(reply.status).toBe(200);
    expect(reply.json[plural].meta).toEqual({
      total: 45,
      per_page: 20,
      current_page: 1,
      last_page: 3,
      first_page: 1,
      first_page_url: '/?page=1',
      last_page_url: '/?page=3',
      next_page_url: '/?page=2',
      previous_page_url: null,
    });
    expect(ids(reply)).toEqual(newestFirst().slice(0, 20));
  });

  it('lists full records without schema and publication', async () => {
    const record = (await list('?limit=1')).json[plural].data[0];
    expect(record).toHaveProperty('content_text');
    expect(record).toHaveProperty('tags');
    expect(record).toHaveProperty('author');
    expect(record).toHaveProperty(plural === 'posts' ? 'post_type' : 'page_type');
    expect(record).not.toHaveProperty('schema');
    expect(record).not.toHaveProperty('publication');
  });

  it('walks every page exactly once with page and limit', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 5; page++) {
      const reply = await list(`?limit=10&page=${page}`);
      const meta = reply.json[plural].meta;
      expect(meta).toMatchObject({ current_page: page, per_page: 10, total: 45, last_page: 5 });
      expect(meta.next_page_url).toBe(page < 5 ? `/?page=${page + 1}` : null);
      expect(meta.previous_page_url).toBe(page > 1 ? `/?page=${page - 1}` : null);
      seen.push(...ids(reply));
    }
    expect(seen).toEqual(newestFirst());
  });

  it('caps limit at 100', async () => {
    const reply = await list('?limit=1000');
    expect(reply.json[plural].meta.per_page).toBe(100);
    expect(ids(reply)).toHaveLength(45);
  });

  it.each([
    ['?page=0', 1, 20],
    ['?page=-3', 1, 20],
    ['?page=abc&limit=xyz', 1, 20],
    ['?limit=0', 1, 20],
    ['?limit=-5', 1, 20],
    ['?page=2.5', 1, 20],
    ['?page=2000000000', 2_000_000_000, 20],
    ['?page=99999999999999999999', MAX_PAGE, 20],
    ['?page=2&page=3&limit=5', 2, 5],
  ])('reads %s leniently (page %i, %i per page)', async (query, page, perPage) => {
    const reply = await list(query);
    expect(reply.status).toBe(200);
    expect(reply.json[plural].meta).toMatchObject({ current_page: page, per_page: perPage });
  });

  it('returns empty data with a correct meta past the last page', async () => {
    const reply = await list('?page=9&limit=10');
    expect(reply.status).toBe(200);
    expect(reply.json[plural].data).toEqual([]);
    expect(reply.json[plural].meta).toMatchObject({
      total: 45,
      current_page: 9,
      last_page: 5,
      next_page_url: null,
      previous_page_url: '/?page=8',
    });
  });

  it.each(['true', '1', 'TRUE'])('lists drafts only with draft=%s', async (flag) => {
    const reply = await list(`?draft=${flag}&limit=100`);
    const drafts = created[plural]
      .filter((r) => r.status === 'draft')
      .map((r) => r.id)
      .reverse();
    expect(reply.json[plural].meta.total).toBe(drafts.length);
    expect(ids(reply)).toEqual(drafts);
    expect(reply.json[plural].data.every((r: { status: string }) => r.status === 'draft')).toBe(
      true,
    );
  });

  it.each(['false', '0', 'maybe'])('lists every status with draft=%s', async (flag) => {
    expect((await list(`?draft=${flag}`)).json[plural].meta.total).toBe(45);
  });

  it('shows a new record at once: the list is never served stale after a write', async () => {
    const first = await list('?limit=1');
    const reply = await service.request('POST', `/${plural}`, { body: { title: 'Fresh' } });
    const id = reply.json[plural.slice(0, -1)].id;
    const second = await list('?limit=1');
    expect(ids(second)).toEqual([id]);
    expect(second.json[plural].meta.total).toBe(first.json[plural].meta.total + 1);
    await service.request('DELETE', `/${plural}/${id}`);
    expect((await list('?limit=1')).json[plural].meta.total).toBe(first.json[plural].meta.total);
  });
});

describe('an empty publication', () => {
  it('has one empty page', async () => {
    const empty = await startTestService('empty-blog');
    try {
      const reply = await empty.request('GET', '/posts');
      expect(reply.json.posts).toEqual({
        meta: {
          total: 0,
          per_page: 20,
          current_page: 1,
          last_page: 1,
          first_page: 1,
          first_page_url: '/?page=1',
          last_page_url: '/?page=1',
          next_page_url: null,
          previous_page_url: null,
        },
        data: [],
      });
    } finally {
      await empty.close();
    }
  });
});
