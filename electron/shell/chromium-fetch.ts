import type { ClientRequest, ClientRequestConstructorOptions, IncomingMessage } from 'electron';
import { Readable } from 'node:stream';

/** Electron's `net.request`, or a stand-in shaped like it (tests). */
export type NetRequest = (options: ClientRequestConstructorOptions) => ClientRequest;

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

function responseOf(message: IncomingMessage, method: string): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers))
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  const body =
    NULL_BODY_STATUS.has(message.statusCode) || method === 'HEAD'
      ? null
      : (Readable.toWeb(message as unknown as Readable) as ReadableStream<Uint8Array>);
  return new Response(body, {
    status: message.statusCode,
    statusText: message.statusMessage,
    headers,
  });
}

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
      // Electron's IncomingMessage is a Readable, though its types do not say so.
      let answer: Readable | undefined;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        outcome();
      };
      // Heard until the body has been read: a body that stops coming is ended by the client's
      // time limit, or its reader waited for ever (a review found sync rounds, and a quit, hung).
      const onAbort = () => {
        settle(() => reject(signal?.reason));
        answer?.destroy(signal?.reason instanceof Error ? signal.reason : undefined);
        req.abort();
      };
      const stopListening = () => signal?.removeEventListener('abort', onAbort);
      const req = request({ method, url, redirect });
      new Headers(init.headers).forEach((value, name) => req.setHeader(name, value));
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('redirect', (status: number, _method: string, location: string) => {
        if (redirect !== 'manual') return;
        stopListening();
        settle(() => resolve(new Response(null, { status, headers: { location } })));
        req.abort();
      });
      req.on('response', (message: IncomingMessage) => {
        answer = message as unknown as Readable;
        answer.once('end', stopListening);
        answer.once('close', stopListening);
        let response: Response;
        try {
          response = responseOf(message, method);
        } catch (error) {
          // An answer fetch cannot hold (a status outside 200–599): refused, never left pending
          // nor thrown into Electron's callback.
          stopListening();
          settle(() => reject(error));
          req.abort();
          return;
        }
        settle(() => resolve(response));
      });
      req.on('error', (error: Error) => {
        stopListening();
        settle(() => reject(error));
      });
      if (init.body !== undefined && init.body !== null) {
        if (typeof init.body !== 'string') {
          stopListening();
          settle(() => reject(new TypeError('chromiumFetch sends text bodies only')));
          req.abort();
          return;
        }
        req.write(init.body);
      }
      req.end();
    });
}
