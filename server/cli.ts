import { parseArgs } from 'node:util';
import { openDatabase, type Db } from './db/database';
import { ApiError } from './errors';
import { DEFAULT_DATA_FILE, DEFAULT_HOST, DEFAULT_PORT, startServer } from './index';
import {
  addCategory,
  addPublication,
  addTag,
  findPublication,
  issueToken,
  listPublications,
} from './publications';
import { RecordStore } from './records';
import { seedPublication } from './seed';

const USAGE = `Usage: npm run --silent server -- <command> [options]

  start [--port ${DEFAULT_PORT}] [--host ${DEFAULT_HOST}] [--data FILE] [--site-url TEMPLATE]
  publication add --subdomain S --name N [--domain D] [--author NAME] [--data FILE]
  publication list [--data FILE]
  publication token --subdomain S [--revoke-others] [--data FILE]
  tag add --subdomain S --name N [--data FILE]
  category add --subdomain S --name N [--data FILE]
  seed --subdomain S --posts N --pages M [--seed K] [--data FILE]
  restore --subdomain S --id ID [--data FILE]

The data file defaults to ${DEFAULT_DATA_FILE}.`;

class UsageError extends Error {}

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  data: { type: 'string' },
  'site-url': { type: 'string' },
  subdomain: { type: 'string' },
  name: { type: 'string' },
  domain: { type: 'string' },
  author: { type: 'string' },
  posts: { type: 'string' },
  pages: { type: 'string' },
  seed: { type: 'string' },
  id: { type: 'string' },
  'revoke-others': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

function required(values: Values, name: 'subdomain' | 'name' | 'posts' | 'pages' | 'id'): string {
  const value = values[name];
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

function count(raw: string | undefined, name: string, fallback?: number): number {
  if (raw === undefined && fallback !== undefined) return fallback;
  if (raw === undefined || !/^\d+$/.test(raw))
    throw new UsageError(`--${name} takes a whole number`);
  return Number(raw);
}

const print = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value)}\n`);
};

function withDb<T>(values: Values, run: (db: Db) => T): T {
  const db = openDatabase(values.data ?? DEFAULT_DATA_FILE);
  try {
    return run(db);
  } finally {
    db.close();
  }
}

function publicationId(db: Db, subdomain: string): number {
  const publication = findPublication(db, subdomain);
  if (!publication) throw new ApiError(404, `No publication with subdomain "${subdomain}"`);
  return publication.id;
}

async function start(values: Values): Promise<void> {
  const port = count(values.port, 'port', DEFAULT_PORT);
  if (port > 65535) throw new UsageError('--port must be at most 65535');
  const server = await startServer({
    dataFile: values.data ?? DEFAULT_DATA_FILE,
    port,
    host: values.host ?? DEFAULT_HOST,
    siteUrlTemplate: values['site-url'],
  });
  process.stdout.write(`listening on ${server.url}\n`);
  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
  });
  const [command, sub] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  switch (`${command}${sub ? ` ${sub}` : ''}`) {
    case 'start':
      return start(values);
    case 'publication add':
      return withDb(values, (db) => {
        const { publication, token } = addPublication(db, {
          subdomain: required(values, 'subdomain'),
          name: required(values, 'name'),
          domain: values.domain ?? null,
          authorName: values.author,
        });
        print({ subdomain: publication.subdomain, name: publication.name, token });
      });
    case 'publication list':
      return withDb(values, (db) => {
        for (const { subdomain, name, domain } of listPublications(db))
          print({ subdomain, name, domain });
      });
    case 'publication token':
      return withDb(values, (db) => {
        const subdomain = required(values, 'subdomain');
        print({ subdomain, token: issueToken(db, subdomain, values['revoke-others'] ?? false) });
      });
    case 'tag add':
    case 'category add':
      return withDb(values, (db) => {
        const id = publicationId(db, required(values, 'subdomain'));
        const add = command === 'tag' ? addTag : addCategory;
        print(add(db, id, required(values, 'name')));
      });
    case 'seed':
      return withDb(values, (db) => {
        const subdomain = required(values, 'subdomain');
        const started = performance.now();
        const result = seedPublication(db, {
          subdomain,
          posts: count(values.posts, 'posts', 0),
          pages: count(values.pages, 'pages', 0),
          seed: count(values.seed, 'seed', 1),
        });
        const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
        print({ subdomain, ...result, seconds });
      });
    case 'restore':
      return withDb(values, (db) => {
        const id = count(required(values, 'id'), 'id');
        const row = new RecordStore(db).restore(
          publicationId(db, required(values, 'subdomain')),
          id,
        );
        print({ id: row.id, kind: row.kind, slug: row.slug, title: row.title });
      });
    default:
      throw new UsageError(`Unknown command "${positionals.join(' ')}"`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  const message = error instanceof Error ? error.message : String(error);
  const details =
    error instanceof ApiError && error.errors
      ? ` (${Object.entries(error.errors)
          .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
          .join('; ')})`
      : '';
  process.stderr.write(`error: ${message}${details}\n`);
  process.exit(1);
});
