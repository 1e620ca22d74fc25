import { QuireError, type FieldErrors } from '../../../shared/errors';

interface ServiceErrorBody {
  message?: unknown;
  errors?: unknown;
  id?: unknown;
}

/** A record the service had and has deleted (410), with its id when the answer names it. */
export class GoneRecordError extends QuireError {
  constructor(
    message: string,
    readonly recordId: number | undefined,
  ) {
    super({ kind: 'not-found', status: 410, message });
  }
}

function fieldErrors(raw: unknown, clean: (text: string) => string): FieldErrors | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const fields: FieldErrors = {};
  for (const [field, messages] of Object.entries(raw)) {
    const list = Array.isArray(messages) ? messages : [messages];
    fields[clean(field)] = list.map((message) => clean(String(message)));
  }
  return fields;
}

/** What a service said, the token it echoed (a proxy repeating the request's headers) taken out. */
export const withoutToken = (text: string, token: string | undefined): string =>
  token && token.length >= 4 ? text.split(token).join('[token]') : text;

/**
 * Maps an HTTP failure of the publishing service to an error kind the app can act on. The
 * service's own words are kept, without the token: a service or proxy that echoes the request's
 * headers must not put it on screen or into the drafts' stored last error.
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  token?: string,
  keySaidBack = false,
): QuireError {
  const clean = (text: string): string => withoutToken(text, token);
  const parsed = (typeof body === 'object' && body !== null ? body : {}) as ServiceErrorBody;
  const serviceMessage = typeof parsed.message === 'string' ? clean(parsed.message) : undefined;
  const say = (fallback: string): string => serviceMessage ?? fallback;
  if (status === 401 || status === 403)
    return new QuireError({
      kind: 'unauthorized',
      status,
      message: say('The service refused the access token'),
    });
  // 410: a record that was there and is deleted (the reference server's answer to a create's
  // key whose record was deleted since), naming it only when it says the key back: a gateway's
  // own 410 naming an id of its own was taken for the deletion of that record, and the writer's
  // post, restored, was made again beside it (review 47).
  if (status === 410)
    return new GoneRecordError(
      say('Deleted on the service'),
      keySaidBack && typeof parsed.id === 'number' && Number.isSafeInteger(parsed.id)
        ? parsed.id
        : undefined,
    );
  if (status === 404)
    return new QuireError({ kind: 'not-found', status, message: say('Not found') });
  if (status === 409 || status === 412)
    return new QuireError({
      kind: 'conflict',
      status,
      message: say('The record changed on the service'),
    });
  if (status === 422)
    return new QuireError({
      kind: 'validation',
      status,
      message: say('The service did not accept the record'),
      fields: fieldErrors(parsed.errors, clean),
    });
  // Too many requests, or too slow a request: the service is there and will take it later.
  if (status >= 500 || status === 429 || status === 408)
    return new QuireError({
      kind: 'server',
      status,
      message: say(`The service failed (HTTP ${status})`),
    });
  return new QuireError({
    kind: 'bad-input',
    status,
    message: say(`The service refused the request (HTTP ${status})`),
  });
}

export const notPublishingApi = (detail: string): QuireError =>
  new QuireError({
    kind: 'not-publishing-api',
    message: `The address answered, but not like the publishing API: ${detail}`,
  });
