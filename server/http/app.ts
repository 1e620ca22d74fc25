import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { authorForToken, findPublication } from '../publications';
import { RecordStore } from '../records';
import { ResponseCache } from './response-cache';
import { registerRecordRoutes } from './routes';

export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

export interface AppOptions {
  db: Db;
  /** Public site address for JSON-LD when a publication has no domain; `{subdomain}` is replaced. */
  siteUrlTemplate?: string;
  /** Log requests to stderr (pino); off by default so the CLI prints only its own lines. */
  logger?: boolean;
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** The reference publishing service as a Fastify app; `listen` is the caller's business. */
export function buildApp(options: AppOptions): FastifyInstance {
  const { db } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1_000 },
    // Error details are ours to shape; fastify's own JSON parser keeps its prototype guards.
    return503OnClosing: true,
    // A malformed URL or an over-long parameter never reaches the error handler: shape it here.
    // Requests Node's parser rejects (an unknown method, a broken request line) get our shape too.
    clientErrorHandler: (_error, socket) => {
      if (!socket.writable) return socket.destroy();
      const body = JSON.stringify(new ApiError(400, 'The request could not be parsed').toBody());
      socket.end(
        'HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      (reply as FastifyReply).code(status).send(new ApiError(status, error.message).toBody());
    },
  });
  const records = new RecordStore(db);
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const cache = new ResponseCache(() => dataVersion.get() as number);

  app.decorateRequest('publication', null as never);
  app.decorateRequest('authorId', 0);

  // Runs before the body is read, so an unauthenticated caller learns nothing about its body.
  app.addHook('onRequest', async (request, reply) => {
    const subdomain = (request.params as { subdomain?: string } | undefined)?.subdomain;
    if (subdomain === undefined) return;
    const publication = findPublication(db, subdomain);
    if (!publication) throw new ApiError(404, `No publication with subdomain "${subdomain}"`);
    const token = bearerToken(request.headers.authorization);
    const authorId = token ? authorForToken(db, publication.id, token) : undefined;
    if (authorId === undefined) {
      reply.header('www-authenticate', 'Bearer realm="quire"');
      throw new ApiError(
        401,
        token
          ? 'The access token is not valid for this publication'
          : 'An access token is required',
      );
    }
    request.publication = publication;
    request.authorId = authorId;
  });

  registerRecordRoutes(app, { records, cache, siteUrlTemplate: options.siteUrlTemplate });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(
        new ApiError(404, `No route for ${request.method} ${request.url.split('?')[0]}`).toBody(),
      );
  });

  // Bodies are JSON only: Fastify's own text/plain reader would take one, and the route would then
  // call it "not a JSON object" (400) instead of naming the content type (415).
  app.removeContentTypeParser('text/plain');
  // A DELETE has no body (spec 4.5): one saying `Content-Type: application/json` with none, as
  // many clients send on every request, was refused as malformed JSON, nothing deleted (review
  // S1). Every other body goes to Fastify's own parser, its prototype guards kept.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.method === 'DELETE' && body === '') return done(null, undefined);
    json(request, body as string, done);
  });
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).send(error.toBody());
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply
        .code(413)
        .send(new ApiError(413, 'The request body is larger than 10 MiB').toBody());
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply
        .code(415)
        .send(
          new ApiError(
            415,
            'Request bodies must be JSON (Content-Type: application/json)',
          ).toBody(),
        );
    if (status === 400 && (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP')))
      return reply.code(400).send(new ApiError(400, 'The request body is not valid JSON').toBody());
    if (status >= 400 && status < 500)
      return reply.code(status).send(new ApiError(status, error.message).toBody());
    request.log.error(error);
    if (!options.logger) console.error(error);
    return reply.code(500).send(new ApiError(500, 'Internal server error').toBody());
  });

  return app;
}
