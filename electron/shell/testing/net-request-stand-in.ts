import { EventEmitter } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { ClientRequest, ClientRequestConstructorOptions } from 'electron';

// TEST DOUBLE: no Electron binary runs here, so Electron's `net.request` is played over
// node:http, with what Electron's own ClientRequest (lib/common/api/net-client-request.ts) does
// that Node's does not: a redirect is an event, and under `redirect: 'manual'` a redirect
// nobody follows ends the request with the error "Redirect was cancelled"; a network failure
// is an Error whose message is Chromium's `net::ERR_*` name, with no code.

const NET_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'net::ERR_CONNECTION_REFUSED',
  ECONNRESET: 'net::ERR_CONNECTION_RESET',
  ENOTFOUND: 'net::ERR_NAME_NOT_RESOLVED',
};

class StandInRequest extends EventEmitter {
  private readonly headers: Record<string, string> = {};
  private readonly chunks: string[] = [];
  private aborted = false;
  private following: (() => void) | undefined;
  private current: ReturnType<typeof httpRequest> | undefined;

  constructor(private readonly options: ClientRequestConstructorOptions) {
    super();
  }

  setHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return true;
  }

  end(): this {
    this.send(String(this.options.url), String(this.options.method ?? 'GET'));
    return this;
  }

  followRedirect(): void {
    if (!this.following)
      throw new Error('followRedirect() called, but was not waiting for a redirect');
    this.following();
  }

  abort(): void {
    if (!this.aborted) process.nextTick(() => this.emit('abort'));
    this.aborted = true;
    this.current?.destroy();
  }

  private fail(error: Error): void {
    if (!this.aborted) this.emit('error', error);
  }

  private send(url: string, method: string): void {
    const body = this.chunks.join('');
    const outgoing = httpRequest(url, { method, headers: this.headers });
    this.current = outgoing;
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      this.fail(new Error(NET_ERRORS[error.code ?? ''] ?? 'net::ERR_FAILED')),
    );
    outgoing.on('response', (message: IncomingMessage) => {
      const status = message.statusCode ?? 0;
      const location = message.headers.location;
      if (status >= 300 && status < 400 && location) {
        message.resume();
        this.redirect(status, method, new URL(location, url).href, message);
        return;
      }
      this.emit('response', message);
    });
    if (body) outgoing.write(body);
    outgoing.end();
  }

  private redirect(status: number, method: string, to: string, message: IncomingMessage): void {
    const policy = this.options.redirect ?? 'follow';
    if (policy === 'error') {
      this.fail(new Error("Attempted to redirect, but redirect policy was 'error'"));
      return;
    }
    let followed = policy === 'follow';
    this.following = () => (followed = true);
    try {
      this.emit('redirect', status, method, to, message.headers);
    } finally {
      this.following = undefined;
    }
    if (followed) this.send(to, method);
    else this.fail(new Error('Redirect was cancelled'));
  }
}

export const netRequestStandIn = (options: ClientRequestConstructorOptions): ClientRequest =>
  new StandInRequest(options) as unknown as ClientRequest;
