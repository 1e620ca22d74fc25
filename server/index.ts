import type { FastifyInstance } from 'fastify';
import { openDatabase, type Db } from './db/database';
import { buildApp } from './http/app';

export { migrate, openDatabase, SchemaTooNewError, type Db } from './db/database';
export type { Migration } from './db/migrations';
export { buildApp, BODY_LIMIT_BYTES } from './http/app';
export { ApiError } from './errors';
export {
  addCategory,
  addPublication,
  addTag,
  findPublication,
  issueToken,
  listPublications,
  type Publication,
} from './publications';
export { RecordStore } from './records';
export { prng, seedPublication } from './seed';
export { slugify, SLUG_FALLBACK, SLUG_MAX_LENGTH } from './slugs';

export const DEFAULT_DATA_FILE = '.data/publishing.db';
export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';

export interface StartOptions {
  dataFile: string;
  port?: number;
  host?: string;
  siteUrlTemplate?: string;
  logger?: boolean;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:8787: the service's base_url. */
  url: string;
  port: number;
  host: string;
  db: Db;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Opens the data file and serves the publishing API; `port: 0` picks a free port. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const db = openDatabase(options.dataFile);
  const host = options.host ?? DEFAULT_HOST;
  const app = buildApp({ db, siteUrlTemplate: options.siteUrlTemplate, logger: options.logger });
  try {
    await app.listen({ port: options.port ?? DEFAULT_PORT, host });
  } catch (error) {
    db.close();
    throw error;
  }
  const address = app.server.address();
  const port =
    typeof address === 'object' && address ? address.port : (options.port ?? DEFAULT_PORT);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closed = false;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    host,
    db,
    app,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      db.close();
    },
  };
}
