import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
import { resolve } from 'node:path';
import { locateRendererFile, RENDERER_HEADERS } from '../core/renderer-files';
import type { Core } from '../core/service';

/**
 * The session travels in a header, never a cookie: browsers send a cookie for 127.0.0.1 to every
 * port of it, so any other local server the browser visits would receive it. The page learns it
 * from the launch address's fragment, which is never sent anywhere.
 */
export const SESSION_HEADER = 'x-quire-session';
// The contract takes a post of 10 Mi characters; as JSON, in UTF-8, one may need up to six bytes
// for each (`\u0001`). A call larger still is refused with an answer, never a reset connection.
const MAX_BODY = 64 * 1024 * 1024;

class TooLarge extends Error {}

export interface BrowserHost {
  /** The address to open, the session in its fragment; the page moves it out of the URL. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

export interface HostOptions {
  core: Core;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  port?: number;
  /** Fixed for tests; random per launch otherwise. */
  secret?: string;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  response.end(text);
}

const refuse = (response: ServerResponse, status: number, message: string): void =>
  send(response, status, { ok: false, error: { kind: 'unauthorized', message } });

function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolvePromise, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Read to the end, kept no further: the page then hears why, not a reset.
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > MAX_BODY) return reject(new TooLarge());
      try {
        resolvePromise(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
      } catch (error) {
        reject(error);
      }
    });
    request.on('error', reject);
  });
}

/**
 * Serves the renderer and the core's contract on 127.0.0.1 only. Every request must name this
 * host (no DNS rebinding); calls and events must come from this origin (no cross-site requests;
 * a foreign page cannot send the custom header without a CORS preflight, which is never granted)
 * and carry the session header. The renderer's files are the public build and need no session.
 */
export async function startBrowserHost(options: HostOptions): Promise<BrowserHost> {
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const rendererDir = resolve(options.rendererDir);
  let allowedHosts: string[] = [];
  let allowedOrigins: string[] = [];

  const serveFile = (response: ServerResponse, pathname: string): void => {
    const found = locateRendererFile(rendererDir, pathname);
    if (found.kind === 'not-found') return refuse(response, 404, 'Not found');
    if (found.kind === 'not-built')
      return send(response, 500, { error: 'The renderer is not built: run npm run build' });
    // The file may be gone by now (a build emptying out/renderer) or unreadable: a stream's
    // 'error' with no listener ends the process, and the core with the writer's session in it
    // (a security review, 2026-11-22). Before it opens, that is an answer; after, a cut reply.
    const file = createReadStream(found.path);
    const failed = (error: NodeJS.ErrnoException): void => {
      if (response.headersSent) return void response.destroy();
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR')
        return refuse(response, 404, 'Not found');
      console.error('quire web host: cannot read', found.path, error);
      send(response, 500, { ok: false, error: { kind: 'internal', message: 'Host error' } });
    };
    file.once('error', failed);
    file.once('open', () => {
      file.off('error', failed);
      response.writeHead(200, { ...RENDERER_HEADERS, 'content-type': found.contentType });
      // Destroys both on a failure either side: a read that fails part way, a page gone.
      pipeline(file, response, () => {});
    });
  };

  const events = (request: IncomingMessage, response: ServerResponse): void => {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    const unsubscribe = options.core.subscribe((event) =>
      response.write(`data: ${JSON.stringify(event)}\n\n`),
    );
    const keepAlive = setInterval(() => response.write(': ping\n\n'), 25_000);
    request.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
    });
  };

  const server: Server = createServer(async (request, response) => {
    try {
      if (!allowedHosts.includes(request.headers.host ?? ''))
        return refuse(response, 421, 'Unknown host');
      const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
      const requestOrigin = request.headers.origin;
      if (requestOrigin !== undefined && !allowedOrigins.includes(requestOrigin))
        return refuse(response, 403, 'Foreign origin');

      if (url.pathname.startsWith('/api/')) {
        const session = request.headers[SESSION_HEADER];
        if (typeof session !== 'string' || !sameSecret(session, secret))
          return refuse(response, 401, 'Open the address printed when the host started');
      }

      if (url.pathname.startsWith('/api/call/')) {
        if (request.method !== 'POST') return refuse(response, 405, 'Calls are POST');
        if (!request.headers['content-type']?.startsWith('application/json'))
          return refuse(response, 415, 'Calls are JSON');
        let body: unknown;
        try {
          body = await readJson(request);
        } catch (error) {
          if (error instanceof TooLarge)
            return send(response, 413, {
              ok: false,
              error: { kind: 'bad-input', message: 'This is too large to save (over 64 MB)' },
            });
          return send(response, 400, {
            ok: false,
            error: { kind: 'bad-input', message: 'The body is not valid JSON' },
          });
        }
        let name: string;
        try {
          name = decodeURIComponent(url.pathname.slice('/api/call/'.length));
        } catch {
          return refuse(response, 404, 'No such call');
        }
        const input = (body as { input?: unknown } | null)?.input;
        return send(response, 200, await options.core.dispatch(name, input));
      }
      if (url.pathname === '/api/events' && request.method === 'GET')
        return events(request, response);
      if (url.pathname.startsWith('/api/')) return refuse(response, 404, 'No such call');
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return refuse(response, 405, 'Not allowed');
      return serveFile(response, url.pathname);
    } catch (error) {
      console.error('quire web host:', error);
      if (!response.headersSent)
        send(response, 500, { ok: false, error: { kind: 'internal', message: 'Host error' } });
      else response.end();
    }
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolvePromise());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  allowedOrigins = allowedHosts.map((host) => `http://${host}`);
  return {
    url: `${origin}/#session=${secret}`,
    origin,
    close: () =>
      new Promise<void>((resolvePromise) => {
        server.closeAllConnections();
        server.close(() => resolvePromise());
      }),
  };
}
