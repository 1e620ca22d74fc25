import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPublication, issueToken } from '../publications';
import { startTestService, type TestService } from '../testing/harness';

let service: TestService;
let otherToken: string;

beforeAll(async () => {
  service = await startTestService('first');
  otherToken = addPublication(service.server.db, { subdomain: 'second', name: 'Second' }).token;
  await service.request('POST', '/posts', { body: { title: 'Mine', slug: 'mine' } });
});

afterAll(() => service.close());

const routes = [
  ['GET', '/posts'],
  ['GET', '/posts/mine'],
  ['POST', '/posts'],
  ['PUT', '/posts/1'],
  ['DELETE', '/posts/1'],
  ['GET', '/pages'],
] as const;

describe('authentication', () => {
  it.each(routes)('%s %s without a token is 401 with a Bearer challenge', async (method, path) => {
    const reply = await service.request(method, path, {
      token: null,
      body: method === 'POST' || method === 'PUT' ? { title: 'x' } : undefined,
    });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(reply.json).toEqual({ status: 'error', message: expect.any(String) });
  });

  it.each(routes)('%s %s with a wrong token is 401', async (method, path) => {
    const reply = await service.request(method, path, { token: 'quire_not-a-real-token' });
    expect(reply.status).toBe(401);
  });

  it('rejects another publication’s token and changes nothing there', async () => {
    const before = await service.request('GET', '/posts/mine');
    for (const [method, path] of routes) {
      const reply = await service.request(method, path, {
        token: otherToken,
        body: method === 'POST' || method === 'PUT' ? { title: 'hijack' } : undefined,
      });
      expect(reply.status).toBe(401);
    }
    const after = await service.request('GET', '/posts/mine');
    expect(after.json).toEqual(before.json);
    expect((await service.request('GET', '/posts')).json.posts.meta.total).toBe(1);
  });

  it('accepts the scheme case-insensitively but not other schemes', async () => {
    const lower = await service.request('GET', '/posts', {
      token: null,
      headers: { authorization: `bearer ${service.token}` },
    });
    expect(lower.status).toBe(200);
    const basic = await service.request('GET', '/posts', {
      token: null,
      headers: { authorization: `Basic ${service.token}` },
    });
    expect(basic.status).toBe(401);
  });

  it('lets a publication’s own token in on its own subdomain', async () => {
    const reply = await service.request('GET', '//app/second/posts', { token: otherToken });
    expect(reply.status).toBe(200);
    expect(reply.json.posts.meta.total).toBe(0);
  });

  it('answers 404 for an unknown subdomain', async () => {
    const reply = await service.request('GET', '//app/no-such-blog/posts');
    expect(reply.status).toBe(404);
    expect(reply.json.message).toContain('no-such-blog');
  });

  it('keeps old tokens valid when a new one is issued, unless revoked', async () => {
    const fresh = issueToken(service.server.db, 'second');
    expect((await service.request('GET', '//app/second/posts', { token: fresh })).status).toBe(200);
    expect((await service.request('GET', '//app/second/posts', { token: otherToken })).status).toBe(
      200,
    );
    const rotated = issueToken(service.server.db, 'second', true);
    expect((await service.request('GET', '//app/second/posts', { token: otherToken })).status).toBe(
      401,
    );
    expect((await service.request('GET', '//app/second/posts', { token: fresh })).status).toBe(401);
    expect((await service.request('GET', '//app/second/posts', { token: rotated })).status).toBe(
      200,
    );
  });

  it('stores tokens hashed, never in plain text', () => {
    const stored = service.server.db
      .prepare('SELECT token_hash FROM tokens')
      .pluck()
      .all() as string[];
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).not.toContain(service.token);
    expect(stored.every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
  });
});
