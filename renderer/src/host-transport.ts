import type { Transport } from '../../shared/bridge';
import { isQuireErrorData } from '../../shared/errors';
import type { CoreEvent, Envelope } from '../../shared/views';

const SESSION_KEY = 'quire.session';
const SESSION_HEADER = 'x-quire-session';

/**
 * The browser host's session, handed over in the launch address's fragment (never sent to a
 * server, never in a Referer) and kept for this tab only, so a reload keeps working. The fragment
 * is taken out of the address at once: it would otherwise sit in the history and in screenshots.
 */
export function takeLaunchSession(
  location: Pick<Location, 'hash' | 'pathname' | 'search'>,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  history: Pick<History, 'replaceState'>,
): string | null {
  const offered = new URLSearchParams(location.hash.replace(/^#/, '')).get('session');
  if (offered) {
    storage.setItem(SESSION_KEY, offered);
    history.replaceState(null, '', `${location.pathname}${location.search}`);
  }
  return storage.getItem(SESSION_KEY);
}

/** Splits a text/event-stream into the data of each complete message, and what is left over. */
export function eventStreamData(buffer: string): { data: string[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const data = blocks.flatMap((block) => {
    const lines = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    return lines.length > 0 ? [lines.join('\n')] : [];
  });
  return { data, rest };
}

/**
 * The host's answer as the contract's envelope. Anything else (a proxy's error page, a body cut
 * off) is said as an error the writer can read, never thrown as a JSON parser's complaint.
 */
export function envelopeFrom(status: number, text: string): Envelope<unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const ok = (parsed as { ok?: unknown } | undefined)?.ok;
  if (ok === true || (ok === false && isQuireErrorData((parsed as { error?: unknown }).error)))
    return parsed as Envelope<unknown>;
  return {
    ok: false,
    error: {
      kind: status >= 500 ? 'server' : 'internal',
      message: `The Quire host gave an answer that is not a result (HTTP ${status})`,
    },
  };
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * The contract over same-origin HTTP. Events come over a streamed fetch rather than
 * EventSource, which cannot send the session header; like EventSource it reconnects.
 */
export function httpTransport(session: string | null): Transport {
  const headers = (): Record<string, string> => (session ? { [SESSION_HEADER]: session } : {});
  return {
    async call(name, input) {
      let response: Response;
      try {
        response = await fetch(`/api/call/${encodeURIComponent(name)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers() },
          credentials: 'omit',
          body: JSON.stringify({ input }),
        });
      } catch {
        return { ok: false, error: { kind: 'offline', message: 'The Quire host is not running' } };
      }
      let text: string;
      try {
        text = await response.text();
      } catch {
        return {
          ok: false,
          error: { kind: 'offline', message: 'The Quire host stopped answering' },
        };
      }
      return envelopeFrom(response.status, text);
    },
    subscribe(listener) {
      const stop = new AbortController();
      void (async () => {
        for (let failures = 0; !stop.signal.aborted;) {
          try {
            const response = await fetch('/api/events', {
              headers: headers(),
              credentials: 'omit',
              signal: stop.signal,
            });
            if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
            failures = 0;
            const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
            let buffer = '';
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              const { data, rest } = eventStreamData(buffer + value);
              buffer = rest;
              for (const message of data) listener(JSON.parse(message) as CoreEvent);
            }
          } catch {
            failures += 1;
          }
          await wait(Math.min(500 * 2 ** failures, 10_000), stop.signal);
        }
      })();
      return () => stop.abort();
    },
  };
}
