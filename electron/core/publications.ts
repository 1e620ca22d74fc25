import { QuireError } from '../../shared/errors';
import { encryptedOrLocal } from '../../shared/contract';
import { PublishingApiClient } from './api/client';

export interface PublicationCheck {
  baseUrl: string;
  subdomain: string;
  token: string;
}

const clientOf = (check: PublicationCheck, fetchImpl?: typeof fetch) =>
  new PublishingApiClient({
    baseUrl: check.baseUrl,
    subdomain: check.subdomain,
    token: () => check.token,
    fetch: fetchImpl,
    attempts: 1,
    timeoutMs: 10_000,
  });

/**
 * The service's own name for a publication already checked, or undefined: a nicety for a blank
 * Name, so no failure of it (a slow page list, a record gone meanwhile) refuses the publication.
 */
export async function serviceNameOf(
  check: PublicationCheck,
  fetchImpl?: typeof fetch,
): Promise<string | undefined> {
  try {
    return await clientOf(check, fetchImpl).publicationName();
  } catch {
    return undefined;
  }
}

/**
 * Asks the service for one post with the given token, and turns every failure into a sentence
 * that says exactly what is wrong: the address, the subdomain, the token, or the service itself.
 */
export async function checkPublication(
  check: PublicationCheck,
  fetchImpl?: typeof fetch,
): Promise<void> {
  const api = clientOf(check, fetchImpl);
  try {
    await api.list('post', { limit: 1 });
  } catch (error) {
    if (!(error instanceof QuireError)) throw error;
    const say = (message: string, fields?: Record<string, string[]>): QuireError =>
      new QuireError(
        { kind: error.kind, message, ...(fields ? { fields } : {}) },
        { cause: error },
      );
    switch (error.kind) {
      case 'offline': {
        // Something answered, but not as https asks: "Nothing answered" sent the writer to their
        // connection (a review: https:// given for a local service that speaks http://).
        const tls = secureConnectionFailure(error);
        if (!tls)
          throw say(`Cannot reach ${check.baseUrl}. Check the address and your connection.`, {
            baseUrl: ['Nothing answered at this address.'],
          });
        const plain = await speaksPlainHttp(check, fetchImpl);
        if (plain)
          throw say(
            `${check.baseUrl} does not speak https: the service on this computer answers at ${plain}.`,
            {
              baseUrl: [`This service speaks http://, not https://: give ${plain}.`],
            },
          );
        throw say(`The secure connection to ${check.baseUrl} failed (${tls}).`, {
          baseUrl: ['Something answers here, but its secure connection (TLS) failed.'],
        });
      }
      case 'timeout':
        throw say(`${check.baseUrl} did not answer within 10 seconds.`, {
          baseUrl: ['No answer from this address within 10 seconds.'],
        });
      case 'unauthorized':
        throw say(`The service refused this token for "${check.subdomain}".`, {
          token: ['The service refused this token.'],
        });
      case 'not-found':
        throw say(`There is no publication "${check.subdomain}" at ${check.baseUrl}.`, {
          subdomain: ['No publication by this name at this address.'],
        });
      case 'not-publishing-api':
        if (error.status !== undefined && error.status >= 300 && error.status < 400)
          throw say(error.message, {
            baseUrl: ['This address redirects elsewhere: give the address it moves to.'],
          });
        throw say(`${check.baseUrl} answered, but it is not the publishing API.`, {
          baseUrl: ['This address answers, but not as the publishing API.'],
        });
      default:
        throw say(`The service failed while checking: ${error.message}`);
    }
  }
}

/** The TLS error in a failed call's causes (Node's OpenSSL codes, Chromium's net errors), if one. */
function secureConnectionFailure(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as Error & { code?: unknown }).code;
    const said = `${typeof code === 'string' ? code : ''} ${cause.message}`;
    const found = /\b(ERR_SSL_\w+|ERR_TLS_\w+|\w*CERT\w*|UNABLE_TO_\w+|EPROTO)\b/.exec(said);
    if (found) return found[1];
  }
  return undefined;
}

/**
 * The http:// address of a service on this computer given as https://, when that one answers.
 * Only on this computer: elsewhere a token is never offered unencrypted, not even to ask.
 */
async function speaksPlainHttp(
  check: PublicationCheck,
  fetchImpl?: typeof fetch,
): Promise<string | undefined> {
  const plain = check.baseUrl.replace(/^https:/i, 'http:');
  if (plain === check.baseUrl || !encryptedOrLocal(plain)) return undefined;
  try {
    await clientOf({ ...check, baseUrl: plain }, fetchImpl).list('post', { limit: 1 });
    return plain;
  } catch (error) {
    return error instanceof QuireError && error.kind !== 'offline' && error.kind !== 'timeout'
      ? plain
      : undefined;
  }
}
