import { describe, expect, it } from 'vitest';
import { envelopeFrom, eventStreamData, takeLaunchSession } from './host-transport';

function tab(hash: string) {
  const stored = new Map<string, string>();
  const replaced: string[] = [];
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  };
  const history = {
    replaceState: (_: unknown, __: string, url?: string | URL | null) =>
      void replaced.push(String(url)),
  };
  return { location: { hash, pathname: '/', search: '' }, storage, history, replaced };
}

describe('takeLaunchSession', () => {
  it('keeps the session for the tab and takes it out of the address', () => {
    const t = tab('#session=abc_123-XYZ');
    expect(takeLaunchSession(t.location, t.storage, t.history)).toBe('abc_123-XYZ');
    expect(t.replaced).toEqual(['/']);
    // A reload: the address no longer has it, the tab does.
    t.location.hash = '';
    expect(takeLaunchSession(t.location, t.storage, t.history)).toBe('abc_123-XYZ');
    expect(t.replaced).toEqual(['/']);
  });

  it('has none when opened without one', () => {
    const t = tab('');
    expect(takeLaunchSession(t.location, t.storage, t.history)).toBeNull();
    expect(t.replaced).toEqual([]);
  });
});

describe('eventStreamData', () => {
  it('yields each complete message and keeps a partial one for the next chunk', () => {
    const first = eventStreamData(': connected\n\ndata: {"a":1}\n\ndata: {"b"');
    expect(first.data).toEqual(['{"a":1}']);
    const second = eventStreamData(`${first.rest}:2}\n\n: ping\n\n`);
    expect(second).toEqual({ data: ['{"b":2}'], rest: '' });
  });

  it('joins a message spread over several data lines, and reads CRLF', () => {
    expect(eventStreamData('data: one\r\ndata:two\r\n\r\n').data).toEqual(['one\ntwo']);
  });
});

describe('envelopeFrom', () => {
  it("passes the contract's envelopes through", () => {
    expect(envelopeFrom(200, '{"ok":true,"value":[1]}')).toEqual({ ok: true, value: [1] });
    const refused = { ok: false, error: { kind: 'not-found', message: 'No such draft' } };
    expect(envelopeFrom(404, JSON.stringify(refused))).toEqual(refused);
  });

  it('says an answer that is not an envelope as an error, rather than throwing', () => {
    expect(envelopeFrom(502, '<html>Bad gateway</html>')).toEqual({
      ok: false,
      error: {
        kind: 'server',
        message: 'The Quire host gave an answer that is not a result (HTTP 502)',
      },
    });
    expect(envelopeFrom(200, '{"ok":tr')).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(envelopeFrom(200, '{"ok":false,"error":"boom"}')).toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    });
    expect(envelopeFrom(200, '')).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });
});
