/**
 * The benchmark's yardstick: a bare node:http server that answers with bytes captured from the
 * real server, so the difference in req/s is everything our stack does beyond writing them.
 *
 * Usage: bare-server.ts ROUTES.json [--port 0] [--host 127.0.0.1]
 * ROUTES.json: [{ "path": "/app/x/posts", "file": "list.body", "headers": { ... } }, ...]
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

export interface BareRoute {
  /** Matched against the path without its query, so any `?page=` gets the same bytes. */
  path: string;
  file: string;
  headers: Record<string, string>;
}

const { values, positionals } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string' } },
  allowPositionals: true,
});
const [routesFile] = positionals;
if (!routesFile) {
  process.stderr.write('usage: bare-server.ts ROUTES.json [--port P] [--host H]\n');
  process.exit(2);
}

const routes = new Map(
  (JSON.parse(readFileSync(routesFile, 'utf8')) as BareRoute[]).map((route) => {
    const body = readFileSync(route.file);
    return [route.path, { body, headers: { ...route.headers, 'content-length': body.length } }];
  }),
);

const server = createServer((request, response) => {
  const url = request.url ?? '/';
  const query = url.indexOf('?');
  const route = routes.get(query === -1 ? url : url.slice(0, query));
  if (!route) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, route.headers).end(route.body);
});

server.listen(Number(values.port ?? 0), values.host ?? '127.0.0.1', () => {
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  process.stdout.write(`listening on http://${address.address}:${address.port}\n`);
});

const stop = (): void => {
  server.close(() => process.exit(0));
  // Keep-alive connections from the load generator would otherwise hold close() open.
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
