import type { ClientRequest, ClientRequestConstructorOptions, IncomingMessage } from 'electron';
import { Readable } from 'node:stream';

/** Electron's `net.request`, or a stand-in shaped like it (tests). */
export type NetRequest = (options: ClientRequestConstructorOptions) => ClientRequest;

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * `fetch` over Chromium's network stack (the system proxy and certificates apply), for the API
 * client. Not `net.fetch`: with `redirect: 'manual'` it rejects "Redirect was cancelled", so a
 * service that moved was reported as unreachable, its changes held as if offline (a review,
 * 2026-11-22, reading Electron's net-client-request.ts). Here a redirect is answered as Node's
 * fetch answers it: the 3xx itself, with its Location, never followed.
 */
export function chromiumFetch(request: NetRequest): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = (init.method ?? 'GET').toUpperCase();
      const redirect = init.redirect ?? 'follow';
      const signal = init.signal ?? undefined;
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        outcome();
      };
      const onAbort = () => {
        settle(() => reject(signal?.reason));
        req.abort();
      };
      const req = request({ method, url, redirect });
      new Headers(init.headers).forEach((value, name) => req.setHeader(name, value));
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('redirect', (status: number, _method: string, location: string) => {
        if (redirect !== 'manual') return;
        settle(() => resolve(new Response(null, { status, headers: { location } })));
        req.abort();
      });
      req.on('response', (message: IncomingMessage) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(message.headers))
          headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        const body =
          NULL_BODY_STATUS.has(message.statusCode) || method === 'HEAD'
            ? null
            : (Readable.toWeb(message as unknown as Readable) as ReadableStream<Uint8Array>);
        settle(() =>
          resolve(
            new Response(body, {
              status: message.statusCode,
              statusText: message.statusMessage,
              headers,
            }),
          ),
        );
      });
      req.on('error', (error: Error) => settle(() => reject(error)));
      if (init.body !== undefined && init.body !== null) {
        if (typeof init.body !== 'string') {
          settle(() => reject(new TypeError('chromiumFetch sends text bodies only')));
          req.abort();
          return;
        }
        req.write(init.body);
      }
      req.end();
    });
}
