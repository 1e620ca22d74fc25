import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../index';
import { addPublication } from '../publications';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, for malformed-body tests; wins over `body`. */
  rawBody?: string;
  /** `null` sends no Authorization header; default is the publication's token. */
  token?: string | null;
  headers?: Record<string, string>;
}

export interface TestService {
  server: RunningServer;
  dir: string;
  dataFile: string;
  subdomain: string;
  token: string;
  /** Calls `{url}/app/{subdomain}{path}` (or an absolute path starting with `//`). */
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<Reply<T>>;
  close(): Promise<void>;
}

/** A real reference server on an ephemeral port with a fresh SQLite file and one publication. */
export async function startTestService(subdomain = 'test-blog'): Promise<TestService> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-server-'));
  const dataFile = join(dir, 'publishing.db');
  const server = await startServer({ dataFile, port: 0 });
  const { token } = addPublication(server.db, { subdomain, name: 'Test Blog' });
  return {
    server,
    dir,
    dataFile,
    subdomain,
    token,
    async request(method, path, options = {}) {
      const url = path.startsWith('//')
        ? `${server.url}${path.slice(1)}`
        : `${server.url}/app/${subdomain}${path}`;
      const headers: Record<string, string> = { ...options.headers };
      const bearer = options.token === undefined ? token : options.token;
      if (bearer !== null) headers.authorization ??= `Bearer ${bearer}`;
      let body: string | undefined = options.rawBody;
      if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(url, { method, headers, body });
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json: json as never };
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
