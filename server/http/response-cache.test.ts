import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResponseCache, type CachedResponse } from './response-cache';

const body = (bytes: number, fill = 'x'): CachedResponse => ({
  body: Buffer.alloc(bytes, fill),
});

/** A cache whose data_version we move by hand, as another connection's commit would. */
function cacheWithVersion(maxBytes?: number): { cache: ResponseCache; bump(): void } {
  let version = 1;
  const cache = new ResponseCache(() => version, maxBytes);
  return {
    cache,
    bump() {
      version++;
    },
  };
}

describe('ResponseCache', () => {
  it('remembers a computed value until the data may have changed', () => {
    const { cache, bump } = cacheWithVersion();
    let computed = 0;
    const total = () => cache.remember('count', () => ++computed);
    expect([total(), total()]).toEqual([1, 1]);
    bump();
    expect(total()).toBe(2);
    cache.clear();
    expect([total(), total()]).toEqual([3, 3]);
  });

  it('returns what was stored, etag included', () => {
    const { cache } = cacheWithVersion();
    const stored = { body: Buffer.from('{"a":1}'), etag: '"1-2"' };
    cache.set('k', stored);
    expect(cache.get('k')).toEqual(stored);
    expect(cache.get('other')).toBeUndefined();
  });

  it('evicts the oldest entries once the total size passes the byte budget', () => {
    const { cache } = cacheWithVersion(100);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, body(25));
    expect(cache.size).toBe(4); // exactly at the budget: nothing goes yet

    cache.set('e', body(25));
    expect(cache.get('a')).toBeUndefined();
    expect(['b', 'c', 'd', 'e'].map((key) => cache.get(key) !== undefined)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('evicts as many old entries as it takes to fit a larger one', () => {
    const { cache } = cacheWithVersion(100);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']) cache.set(key, body(10));
    cache.set('big', body(25));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('d')).toBeDefined();
    expect(cache.get('big')).toBeDefined();
  });

  it('counts a read as a use, so the least recently used entry goes first', () => {
    const { cache } = cacheWithVersion(100);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, body(25));
    expect(cache.get('a')).toBeDefined();
    cache.set('e', body(25));
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('counts rewriting an entry as a use, so it is not the next to go', () => {
    const { cache } = cacheWithVersion(100);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, body(25));
    cache.set('a', body(25, 'y'));
    cache.set('e', body(25));
    expect(cache.get('a')?.body.toString()).toBe('y'.repeat(25));
    expect(cache.get('b')).toBeUndefined();
  });

  it('counts the bytes of a replaced entry only once', () => {
    const { cache } = cacheWithVersion(100);
    for (let i = 0; i < 20; i++) cache.set('same', body(25, String(i % 10)));
    cache.set('other1', body(25));
    cache.set('other2', body(25));
    cache.set('other3', body(25));
    // 'same' + three others is exactly the budget: a leak of the replaced bytes would evict.
    expect(cache.size).toBe(4);
    expect(cache.get('same')?.body.toString()).toBe('9'.repeat(25));
  });

  it('does not cache a body larger than a quarter of the budget', () => {
    const { cache } = cacheWithVersion(100);
    cache.set('small', body(10));
    cache.set('huge', body(26));
    expect(cache.get('huge')).toBeUndefined();
    // Refusing one body must not push out the rest.
    expect(cache.get('small')).toBeDefined();
    cache.set('quarter', body(25));
    expect(cache.get('quarter')).toBeDefined();
  });

  it('does not keep serving an older body for a key whose new body is too large to cache', () => {
    const { cache } = cacheWithVersion(100);
    cache.set('k', body(10, 'o'));
    cache.set('k', body(26, 'n'));
    // Whatever is returned for 'k' must be the latest body, or nothing.
    expect(cache.get('k')?.body.toString()).not.toBe('o'.repeat(10));
  });

  it('drops everything when data_version changes', () => {
    const { cache, bump } = cacheWithVersion();
    cache.set('a', body(10));
    cache.set('b', body(10));
    expect(cache.get('a')).toBeDefined();

    bump();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('notices a data_version change on a write too, not only on a read', () => {
    const { cache, bump } = cacheWithVersion();
    cache.set('stale', body(10));
    bump();
    cache.set('fresh', body(10));
    expect(cache.size).toBe(1);
    expect(cache.get('fresh')).toBeDefined();
    expect(cache.get('stale')).toBeUndefined();
  });

  it('stores no response read across another connection’s commit (review S1)', () => {
    const { cache, bump } = cacheWithVersion();
    const readFrom = cache.version();
    bump();
    cache.set('read-across', body(10), readFrom);
    expect(cache.get('read-across')).toBeUndefined();
    const readNow = cache.version();
    cache.set('read-after', body(10), readNow);
    expect(cache.get('read-after')).toBeDefined();
  });

  it('keeps entries stored after a version change until the next change', () => {
    const { cache, bump } = cacheWithVersion();
    bump();
    cache.set('a', body(10));
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('a')).toBeDefined();
    bump();
    expect(cache.get('a')).toBeUndefined();
  });

  it('clear() empties the cache and resets the byte count', () => {
    const { cache } = cacheWithVersion(100);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, body(25));
    cache.clear();
    expect(cache.size).toBe(0);
    for (const key of ['e', 'f', 'g', 'h']) cache.set(key, body(25));
    expect(cache.size).toBe(4);
  });

  it('matches a simple LRU model under any sequence of operations', () => {
    const MAX = 100;
    // Weighted so that runs are long enough between bumps to fill the cache and evict.
    const op = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('set' as const),
          key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
          // Oversize bodies have their own tests; here every body is cacheable.
          bytes: fc.integer({ min: 5, max: 25 }),
        }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('get' as const),
          key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('bump' as const) }) },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60, size: 'max' }), (ops) => {
        const { cache, bump } = cacheWithVersion(MAX);
        // Most recently used last.
        let model: { key: string; bytes: number }[] = [];
        for (const step of ops) {
          if (step.kind === 'bump') {
            bump();
            model = [];
            // Staleness is noticed lazily, on the next get or set, so size is not checked here.
            continue;
          }
          if (step.kind === 'get') {
            const hit = model.find((entry) => entry.key === step.key);
            expect(cache.get(step.key)?.body.length).toBe(hit?.bytes);
            if (hit) model = [...model.filter((entry) => entry !== hit), hit];
          } else {
            cache.set(step.key, body(step.bytes));
            model = [...model.filter((entry) => entry.key !== step.key), step];
            while (model.reduce((sum, entry) => sum + entry.bytes, 0) > MAX) model.shift();
          }
          expect(cache.size).toBe(model.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});
