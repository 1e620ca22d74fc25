import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QuireError } from '../../../shared/errors';
import { startTestService, type TestService } from '../../../server/testing/harness';
import { startFaultProxy, type FaultProxy } from '../testing/fault-proxy';
import {
  landedNothing,
  neverSent,
  PublishingApiClient,
  refusedOnce,
  type ApiClientOptions,
} from './client';

let service: TestService;
let proxy: FaultProxy;

beforeAll(async () => {
  service = await startTestService('client-blog');
  proxy = await startFaultProxy(service.server.url);
});

afterAll(async () => {
  await proxy.close();
  await service.close();
});

beforeEach(() => proxy.setPolicy(() => ({ type: 'pass' })));

const client = (options: Partial<ApiClientOptions> = {}) =>
  new PublishingApiClient({
    baseUrl: proxy.url,
    subdomain: service.subdomain,
    token: () => service.token,
    timeoutMs: 2_000,
    backoff: { baseMs: 5, maxMs: 20 },
    ...options,
  });

async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof QuireError ? error.kind : `not a QuireError: ${String(error)}`;
  }
}

const postCount = async () => (await client().list('post', { limit: 1 })).meta.total;

describe('PublishingApiClient against the reference server', () => {
  it('creates, reads, lists, updates and deletes', async () => {
    const api = client();
    const created = await api.create('post', {
      title: 'Round trip',
      content: '<p>Hi</p>',
      slug: 'round-trip',
    });
    expect(created).toMatchObject({ slug: 'round-trip', recovered: false });
    const record = await api.getBySlug('post', 'round-trip');
    expect(record).toMatchObject({
      id: created.id,
      title: 'Round trip',
      status: 'draft',
      featured: false,
    });
    await api.update('post', created.id, { status: 'publish' });
    expect((await api.getBySlug('post', 'round-trip')).status).toBe('publish');
    const page = await api.list('post', { limit: 5 });
    expect(page.records.map((r) => r.id)).toContain(created.id);
    await api.delete('post', created.id);
    expect(await api.findBySlug('post', 'round-trip')).toBeUndefined();
    await expect(api.delete('post', created.id)).resolves.toBeUndefined();
  });

  it('maps failures to typed kinds', async () => {
    expect(await kindOf(client({ token: () => 'wrong' }).list('post'))).toBe('unauthorized');
    expect(await kindOf(client({ subdomain: 'nope' }).list('post'))).toBe('not-found');
    expect(await kindOf(client().getBySlug('post', 'missing'))).toBe('not-found');
    const invalid = await client()
      .create('post', { title: '', content: '', slug: 'empty' })
      .catch((error: QuireError) => error);
    expect(invalid).toMatchObject({ kind: 'validation', fields: { title: [expect.any(String)] } });
    expect(await kindOf(client({ baseUrl: 'http://127.0.0.1:1' }).list('post'))).toBe('offline');
  });

  it('times out, and tells a cancel from a timeout', async () => {
    proxy.setPolicy(() => ({ type: 'delay', ms: 500 }));
    expect(await kindOf(client({ timeoutMs: 100, attempts: 1 }).list('post'))).toBe('timeout');
    const controller = new AbortController();
    const pending = client().list('post', {}, { signal: controller.signal });
    controller.abort();
    expect(await kindOf(pending)).toBe('cancelled');
  });

  it('recognises an address that is not the publishing API', async () => {
    const html = createServer((_req, res) => res.end('<html>hello</html>'));
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    try {
      const port = (html.address() as AddressInfo).port;
      expect(await kindOf(client({ baseUrl: `http://127.0.0.1:${port}` }).list('post'))).toBe(
        'not-publishing-api',
      );
    } finally {
      html.close();
    }
  });

  it('refuses an answer past its size limit instead of holding it all in memory', async () => {
    // A real endless answer: a misconfigured proxy streaming without end.
    let sent = 0;
    const endless = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const more = (): void => {
        while (sent < 64 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
        if (sent < 64 * 1024 * 1024) res.once('drain', more);
        else res.end();
      };
      more();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const port = (endless.address() as AddressInfo).port;
      const capped = client({ baseUrl: `http://127.0.0.1:${port}`, maxAnswerBytes: 1024 * 1024 });
      const refused = await capped.list('post').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(QuireError);
      expect((refused as QuireError).message).toContain('larger than 1 MiB');
      // Stopped reading soon after the limit, not at the end of the stream.
      expect(sent).toBeLessThan(16 * 1024 * 1024);
    } finally {
      endless.closeAllConnections();
      endless.close();
    }
  });

  it('never repeats the token when a service echoes the request in its error', async () => {
    // A stand-in for a misbehaving proxy in front of the service: the reference server does not echo.
    const echo = createServer((req, res) => {
      res.writeHead(req.method === 'PUT' ? 422 : 401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          message: `Rejected ${req.headers.authorization}`,
          errors: { title: [`bad with ${req.headers.authorization}`] },
        }),
      );
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const api = client({
        baseUrl: `http://127.0.0.1:${(echo.address() as AddressInfo).port}`,
        token: () => 'quire_secret_token_1234',
      });
      const refused = await api.list('post').catch((error: unknown) => error as QuireError);
      expect(refused).toBeInstanceOf(QuireError);
      expect((refused as QuireError).message).toBe('Rejected Bearer [token]');
      const invalid = await api
        .update('post', 1, { title: 'x' })
        .catch((error: unknown) => error as QuireError);
      expect(JSON.stringify((invalid as QuireError).toData())).not.toContain('secret_token');
      expect((invalid as QuireError).fields?.title).toEqual(['bad with Bearer [token]']);
    } finally {
      echo.close();
    }
  });

  it('retries a GET after 500s and resets', async () => {
    let n = 0;
    proxy.setPolicy(() =>
      ++n <= 2 ? { type: n === 1 ? 'error-500' : 'reset' } : { type: 'pass' },
    );
    await expect(client().list('page')).resolves.toHaveProperty('meta');
    expect(n).toBe(3);
  });

  it('asks a list once when told not to retry', async () => {
    let n = 0;
    proxy.setPolicy(() => (++n === 1 ? { type: 'reset' } : { type: 'pass' }));
    expect(await kindOf(client().list('page', {}, { retry: false }))).toBe('offline');
    expect(n).toBe(1);
  });

  it('retries an update whose answer was lost: it lands once', async () => {
    const api = client();
    const { id } = await api.create('post', { title: 'Retried update', slug: 'retried-update' });
    const start = proxy.log.length;
    let dropped = false;
    proxy.setPolicy(({ method }) => {
      if (method === 'PUT' && !dropped) {
        dropped = true;
        return { type: 'drop-response' };
      }
      return { type: 'pass' };
    });
    await api.update('post', id, { title: 'Retried update, done' });
    expect((await api.getBySlug('post', 'retried-update')).title).toBe('Retried update, done');
    expect(proxy.log.slice(start).filter((entry) => entry.request.method === 'PUT')).toHaveLength(
      2,
    );
  });

  it('never creates twice when the answer to a create is lost', async () => {
    const before = await postCount();
    const start = proxy.log.length;
    let dropped = false;
    proxy.setPolicy(({ method }) => {
      if (method === 'POST' && !dropped) {
        dropped = true;
        return { type: 'drop-response' };
      }
      return { type: 'pass' };
    });
    const created = await client().create('post', {
      title: 'Exactly once',
      content: '<p>x</p>',
      slug: 'exactly-once',
    });
    expect(created).toMatchObject({ slug: 'exactly-once', recovered: true });
    expect(proxy.log.slice(start).filter((entry) => entry.request.method === 'POST')).toHaveLength(
      1,
    );
    expect(await postCount()).toBe(before + 1);
  });

  it('moves to the next slug when a different record holds the one chosen', async () => {
    const api = client();
    await api.create('post', { title: 'Someone else', slug: 'taken-slug' });
    const mine = await api.create('post', { title: 'Mine', slug: 'taken-slug' });
    expect(mine.slug).toBe('taken-slug-2');
  });

  it('does not retry a create that failed for sure', async () => {
    proxy.setPolicy(({ method }) => (method === 'POST' ? { type: 'error-500' } : { type: 'pass' }));
    const before = proxy.log.length;
    expect(
      await kindOf(client({ attempts: 3 }).create('post', { title: 'Never', slug: 'never-made' })),
    ).toBe('server');
    const posts = proxy.log.slice(before).filter((entry) => entry.request.method === 'POST');
    // Each attempt looked the slug up first, and a retry the newest records too (a create may
    // land under slug-2); three attempts, three POSTs, none blind.
    expect(posts).toHaveLength(3);
    expect(
      proxy.log
        .slice(before)
        .map(({ request }) => `${request.method} ${request.url.replace(/^.*\//, '')}`),
    ).toEqual([
      'GET never-made',
      'POST posts',
      'GET never-made',
      'GET posts?page=1&limit=100',
      'POST posts',
      'GET never-made',
      'GET posts?page=1&limit=100',
      'POST posts',
    ]);
  });
});

describe('a write that never left this computer', () => {
  /** A loopback port nothing listens on: connecting is refused, nothing is sent. */
  async function closedOrigin(): Promise<string> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return `http://127.0.0.1:${port}`;
  }

  it('is told so when every try was refused before connecting', async () => {
    const api = client({ baseUrl: await closedOrigin(), attempts: 3 });
    const failed = await api.update('post', 1, { title: 'x' }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(QuireError);
    expect((failed as QuireError).kind).toBe('offline');
    expect(neverSent(failed)).toBe(true);
  });

  it('is not, when an earlier try reached the service (its answer lost)', async () => {
    const closed = await closedOrigin();
    proxy.setPolicy(() => ({ type: 'reset' }));
    let tries = 0;
    const api = client({
      attempts: 2,
      // The first try through the proxy, which takes it and resets; the second finds nothing
      // listening.
      fetch: (url, init) =>
        fetch(tries++ === 0 ? url : String(url).replace(proxy.url, closed), init),
    });
    const failed = await api.update('post', 1, { title: 'x' }).catch((error: unknown) => error);
    expect(tries).toBe(2);
    expect((failed as QuireError).kind).toBe('offline');
    expect(neverSent(failed)).toBe(false);
  });

  it('a create is not, when an earlier try reached the service', async () => {
    const closed = await closedOrigin();
    proxy.setPolicy((request) =>
      request.method === 'POST' ? { type: 'reset' } : { type: 'pass' },
    );
    let posts = 0;
    const api = client({
      attempts: 2,
      fetch: (url, init) =>
        fetch(
          init?.method === 'POST' && posts++ > 0 ? String(url).replace(proxy.url, closed) : url,
          init,
        ),
    });
    const failed = await api
      .create('post', { title: 'Lost or not', content: '', slug: 'lost-or-not' })
      .catch((error: unknown) => error);
    expect(posts).toBe(2);
    expect((failed as QuireError).kind).toBe('offline');
    expect(neverSent(failed)).toBe(false);
  });
});

it('never repeats the token a 200 answer echoes in its status (security review)', async () => {
  const echo = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: `${req.headers.authorization}` }));
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  try {
    const api = new PublishingApiClient({
      baseUrl: `http://127.0.0.1:${(echo.address() as AddressInfo).port}`,
      subdomain: 'blog',
      token: () => 'qs_secret_4f9a',
      attempts: 1,
    });
    const refused = await api
      .update('post', 1, { title: 'x' })
      .catch((error: unknown) => error as QuireError);
    expect(refused).toBeInstanceOf(QuireError);
    expect(JSON.stringify((refused as QuireError).toData())).not.toContain('qs_secret');
  } finally {
    echo.close();
  }
});

// Review 25: a write refused with 412 was kept as "sent", and taken for the writer's own landed
// words next round; one refused after an earlier try that may have landed must stay so.
describe('a write refused by the service', () => {
  const made = async (title: string) =>
    (
      await service.request('POST', '/posts', {
        body: { title, content: '<p>x</p>', slug: title.toLowerCase().replace(/ /g, '-') },
      })
    ).json.post.id as number;

  // Review 26: Chromium sends a request again on its own after a reused connection resets; the
  // 412 seen may be the resend's, the first try landed. Forgotten, the writer's own landed words
  // were met as a colleague's: a 412 at the only try seen is told apart, not "changed nothing".
  it('refused at its only try seen (412): told apart, not taken for "changed nothing"', async () => {
    const id = await made('Refused once');
    const failed = await client({ attempts: 3 })
      .update('post', id, { title: 'y' }, { ifMatch: '"stale"' })
      .catch((error: unknown) => error);
    expect((failed as QuireError).status).toBe(412);
    expect({ landedNothing: landedNothing(failed), refusedOnce: refusedOnce(failed) }).toEqual({
      landedNothing: false,
      refusedOnce: true,
    });
  });

  it('may have landed, refused after an earlier try that may have (the 412 may be its doing)', async () => {
    const id = await made('Refused after a try');
    let puts = 0;
    proxy.setPolicy((request) =>
      request.method === 'PUT' && puts++ === 0 ? { type: 'error-500' } : { type: 'pass' },
    );
    const failed = await client({ attempts: 3 })
      .update('post', id, { title: 'y' }, { ifMatch: '"stale"' })
      .catch((error: unknown) => error);
    expect((failed as QuireError).status).toBe(412);
    expect({ landedNothing: landedNothing(failed), refusedOnce: refusedOnce(failed) }).toEqual({
      landedNothing: false,
      refusedOnce: false,
    });
  });
});
