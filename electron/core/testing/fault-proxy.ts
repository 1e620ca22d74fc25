import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What happens to one request:
 * - pass: forwarded as is;
 * - drop-response: forwarded and handled by the server, then the client's socket is destroyed
 *   before any answer reaches it (the ambiguous failure);
 * - reset: the socket is destroyed before anything is forwarded;
 * - error-500: answered 500 without reaching the server;
 * - html-page: answered with a web page of that status, without reaching the server, as a host
 *   mid-deploy ("404 Not Found") or a proxy in front ("413 Request Entity Too Large") does;
 * - delay: forwarded after `ms`;
 * - hang: the connection is taken and never answered (a captive portal, a train's wifi).
 */
export type Fault =
  | { type: 'pass' }
  | { type: 'drop-response' }
  | { type: 'reset' }
  | { type: 'error-500' }
  | { type: 'html-page'; status: number }
  | { type: 'delay'; ms: number }
  | { type: 'hang' };

export interface ProxyRequest {
  method: string;
  url: string;
}

export interface FaultProxy {
  url: string;
  /** Requests seen, in order, with the fault each got. */
  log: { request: ProxyRequest; fault: Fault['type'] }[];
  setPolicy(policy: (request: ProxyRequest) => Fault): void;
  /**
   * Stands in for a service unlike the reference server: request headers it never sees (one
   * that ignores `idempotency-key`), and a clock `ms` off ours in its `Date` answers.
   */
  setService(options: {
    dropHeaders?: string[];
    clockShiftMs?: number;
    /** Reads answered from a cache this old (a CDN's): their first `Date`, and an `Age`. */
    cachedReadsAgeMs?: number;
    /** Every answer passed on with `Age: 0`, as Varnish and Fastly do. */
    ageZero?: boolean;
  }): void;
  close(): Promise<void>;
}

function readBody(message: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    message.on('data', (chunk: Buffer) => chunks.push(chunk));
    message.on('end', () => resolve(Buffer.concat(chunks)));
    message.on('error', reject);
  });
}

/** A test-only HTTP proxy on loopback that injects faults between a client and the real server. */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const targetUrl = new URL(target);
  let policy: (request: ProxyRequest) => Fault = () => ({ type: 'pass' });
  let service: {
    dropHeaders?: string[];
    clockShiftMs?: number;
    /** Reads answered from a cache this old (a CDN's): their first `Date`, and an `Age`. */
    cachedReadsAgeMs?: number;
    /** Every answer passed on with `Age: 0`, as Varnish and Fastly do. */
    ageZero?: boolean;
  } = {};
  const log: FaultProxy['log'] = [];

  const server: Server = createServer(async (req, res) => {
    const request = { method: req.method ?? 'GET', url: req.url ?? '/' };
    const fault = policy(request);
    log.push({ request, fault: fault.type });
    const body = await readBody(req);
    if (fault.type === 'reset') return req.socket.destroy();
    if (fault.type === 'hang') return;
    if (fault.type === 'error-500') {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end('{"status":"error","message":"injected failure"}');
    }
    if (fault.type === 'html-page') {
      res.writeHead(fault.status, { 'content-type': 'text/html' });
      return res.end(`<!doctype html><html><body><h1>${fault.status}</h1><hr>nginx</body></html>`);
    }
    if (fault.type === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    const upstream = forward(
      {
        hostname: targetUrl.hostname,
        port: targetUrl.port,
        method: request.method,
        path: request.url,
        headers: {
          ...Object.fromEntries(
            Object.entries(req.headers).filter(([name]) => !service.dropHeaders?.includes(name)),
          ),
          host: targetUrl.host,
        },
      },
      async (answer) => {
        const answerBody = await readBody(answer);
        if (fault.type === 'drop-response') return req.socket.destroy();
        if (res.destroyed) return;
        const headers = { ...answer.headers };
        if (service.clockShiftMs && headers.date)
          headers.date = new Date(Date.parse(headers.date) + service.clockShiftMs).toUTCString();
        if (service.ageZero) headers.age = '0';
        if (service.cachedReadsAgeMs && request.method === 'GET' && headers.date) {
          const age = service.cachedReadsAgeMs;
          headers.date = new Date(Date.parse(headers.date) - age).toUTCString();
          headers.age = String(Math.round(age / 1000));
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        res.end(answerBody);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    upstream.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    setPolicy(next) {
      policy = next;
    },
    setService(options) {
      service = options;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
