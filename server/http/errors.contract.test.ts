import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';

let service: TestService;
let id: number;

beforeAll(async () => {
  service = await startTestService();
  id = (await service.request('POST', '/posts', { body: { title: 'Stable', slug: 'stable' } })).json
    .post.id;
});

afterAll(() => service.close());

const snapshot = () => service.server.db.prepare('SELECT * FROM records ORDER BY id').all();

describe('errors', () => {
  it.each([
    ['POST', '/posts'],
    ['PUT', '/posts/ID'],
    ['POST', '/pages'],
  ])('%s %s with malformed JSON is 400 and changes nothing', async (method, path) => {
    const before = snapshot();
    for (const rawBody of ['{"title":', '{title: "x"}', 'nul', '{"title":"a"}}']) {
      const reply = await service.request(method, path.replace('ID', String(id)), { rawBody });
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual({
        status: 'error',
        message: 'The request body is not valid JSON',
      });
    }
    expect(snapshot()).toEqual(before);
  });

  it.each([['[]'], ['"text"'], ['42'], ['null']])(
    'a body of %s is 400: it must be a JSON object',
    async (rawBody) => {
      const reply = await service.request('POST', '/posts', { rawBody });
      expect(reply.status).toBe(400);
      expect(reply.json.status).toBe('error');
    },
  );

  it.each(['application/x-www-form-urlencoded', 'text/plain'])(
    'a body that is not JSON (%s) is 415',
    async (type) => {
      const reply = await service.request('POST', '/posts', {
        rawBody: '{"title":"x"}',
        headers: { 'content-type': type },
      });
      expect(reply.status).toBe(415);
      expect(reply.json.status).toBe('error');
    },
  );

  it('a body over 10 MiB is 413 and stores nothing', async () => {
    const before = snapshot();
    const content = 'a'.repeat(10 * 1024 * 1024 + 1);
    const reply = await service.request('POST', '/posts', { body: { title: 'Huge', content } });
    expect(reply.status).toBe(413);
    expect(reply.json).toEqual({ status: 'error', message: expect.stringContaining('10 MiB') });
    expect(snapshot()).toEqual(before);
  });

  it('a body just under 10 MiB is accepted', async () => {
    const content = `<p>${'word '.repeat(2 * 1024 * 1024 - 100)}</p>`;
    const reply = await service.request('POST', '/posts', {
      body: { title: 'Big but fine', content },
    });
    expect(reply.status).toBe(201);
  });

  it.each([
    ['GET', '/comments'],
    ['GET', '//app'],
    ['GET', '//nothing/here'],
    ['PATCH', '/posts/1'],
    ['POST', '/posts/1'],
  ])('%s %s is 404 with the error shape', async (method, path) => {
    const reply = await service.request(method, path);
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ status: 'error', message: expect.any(String) });
  });

  it('a prototype-pollution body is refused and pollutes nothing', async () => {
    const reply = await service.request('POST', '/posts', {
      rawBody: '{"title":"x","__proto__":{"polluted":true}}',
    });
    expect(reply.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('oversized fields are 422 and change nothing', async () => {
    const before = snapshot();
    const reply = await service.request('PUT', `/posts/${id}`, {
      body: { title: 't'.repeat(501), slug: 's'.repeat(201) },
    });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.json.errors).sort()).toEqual(['slug', 'title']);
    expect(snapshot()).toEqual(before);
  });
});
