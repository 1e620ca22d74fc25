import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createSocketServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../server/testing/harness';
import { QuireError } from '../../shared/errors';
import { PublishingApiClient } from '../core/api/client';
import { chromiumFetch } from './chromium-fetch';
import { netRequestStandIn } from './testing/net-request-stand-in';

// The client as the Electron app runs it: its fetch over (a stand-in for) Electron's net.request,
// against the real reference server. See testing/net-request-stand-in.ts for what is played.
const fetchInElectron = chromiumFetch(netRequestStandIn);

let service: TestService;
beforeAll(async () => {
  service = await startTestService('chromium-fetch');
});
afterAll(() => service.close());

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const clientAt = (baseUrl: string, options: { timeoutMs?: number } = {}) =>
  new PublishingApiClient({
    baseUrl,
    subdomain: service.subdomain,
    token: () => service.token,
    fetch: fetchInElectron,
    attempts: 1,
    ...options,
  });

describe('the API client over Electron’s network stack', () => {
  it('lists, creates and reads back against the reference server, the token sent', async () => {
    const client = clientAt(service.server.url);
    const made = await client.create('post', {
      title: 'Over Chromium',
      slug: 'over-chromium',
      content: '<p>words</p>',
    });
    const found = await client.findBySlug('post', made.slug);
    expect(found?.content).toBe('<p>words</p>');
    const page = await client.list('post', { limit: 5 });
    expect(page.records.map((post) => post.title)).toContain('Over Chromium');
  });

  it('says a moved service redirects, not that it cannot be reached, and follows nowhere', async () => {
    // net.fetch rejected "Redirect was cancelled" here, and the writer was told to check their
    // connection while the publication's changes waited as if offline.
    const asked: string[] = [];
    const moved = createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      response.writeHead(301, { location: 'https://www.example.com/app/blog/posts' });
      response.end();
    });
    const url = await listen(moved);
    try {
      const error = await clientAt(url)
        .list('post')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(QuireError);
      expect((error as QuireError).kind).toBe('not-publishing-api');
      expect((error as QuireError).status).toBe(301);
      expect((error as QuireError).message).toContain('redirects to https://www.example.com');
      expect(asked).toHaveLength(1);
    } finally {
      moved.close();
    }
  });

  it('passes Chromium’s own error on for a refused connection: offline, never sent', async () => {
    const closed = createServer();
    const url = await listen(closed);
    closed.close();
    const error = await clientAt(url)
      .list('post')
      .catch((caught: unknown) => caught);
    expect((error as QuireError).kind).toBe('offline');
    expect(((error as QuireError).cause as Error).message).toBe('net::ERR_CONNECTION_REFUSED');
  });
  // The second: the abort was no longer heard once the headers had come, and a sync round, and a
  // quit waiting for it, hung for ever (a review).
  it.each([
    ['a service that never answers', () => {}],
    [
      'a body that stops coming after its headers',
      (_request: IncomingMessage, response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"posts":');
      },
    ],
  ])('gives up on %s at the client’s time limit, as a timeout', async (_, answer) => {
    const slow = createServer(answer);
    const url = await listen(slow);
    try {
      const error = await clientAt(url, { timeoutMs: 300 })
        .list('post')
        .catch((caught: unknown) => caught);
      expect((error as QuireError).kind).toBe('timeout');
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });

  it('refuses an answer fetch cannot hold (status 600), neither pending nor thrown', async () => {
    const odd = createSocketServer((socket) =>
      socket.on('data', () => socket.write('HTTP/1.1 600 Odd\r\ncontent-length: 2\r\n\r\nhi')),
    );
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    const thrown: unknown[] = [];
    const onThrown = (error: unknown) => void thrown.push(error);
    process.on('uncaughtException', onThrown);
    try {
      const error = await fetchInElectron(
        `http://127.0.0.1:${(odd.address() as AddressInfo).port}/`,
        { signal: AbortSignal.timeout(5_000) },
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RangeError);
      expect(thrown).toEqual([]);
    } finally {
      process.off('uncaughtException', onThrown);
      odd.close();
    }
  });
});
