import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  pageOffset,
  paginationMeta,
  parseDraftFlag,
  parsePageRequest,
} from './pagination';

describe('parsePageRequest', () => {
  it('defaults to page 1 with 20 per page', () => {
    expect(DEFAULT_PER_PAGE).toBe(20);
    expect(parsePageRequest({})).toEqual({ page: 1, perPage: 20 });
  });

  it('reads page and limit from query strings', () => {
    expect(parsePageRequest({ page: '3', limit: '15' })).toEqual({ page: 3, perPage: 15 });
    expect(parsePageRequest({ page: '007', limit: '01' })).toEqual({ page: 7, perPage: 1 });
  });

  it('caps limit at 100', () => {
    expect(MAX_PER_PAGE).toBe(100);
    expect(parsePageRequest({ limit: '100' }).perPage).toBe(100);
    expect(parsePageRequest({ limit: '101' }).perPage).toBe(100);
    expect(parsePageRequest({ limit: '1000000' }).perPage).toBe(100);
  });

  it.each([
    '0',
    '-1',
    '-20',
    'abc',
    '',
    ' ',
    '2.5',
    '1e2',
    '0x10',
    '+5',
    'Infinity',
    'NaN',
    '１０',
  ])('falls back to the defaults for page=%j and limit=%j', (raw) => {
    expect(parsePageRequest({ page: raw, limit: raw })).toEqual({ page: 1, perPage: 20 });
  });

  it('ignores values that are not strings, as a query parser never produces them', () => {
    expect(parsePageRequest({ page: 3, limit: 50 })).toEqual({ page: 1, perPage: 20 });
    expect(parsePageRequest({ page: null, limit: { a: '1' } })).toEqual({ page: 1, perPage: 20 });
  });

  it('uses the first value of a repeated parameter', () => {
    expect(parsePageRequest({ page: ['2', '9'], limit: ['5', '50'] })).toEqual({
      page: 2,
      perPage: 5,
    });
    expect(parsePageRequest({ page: ['x', '9'], limit: [] })).toEqual({ page: 1, perPage: 20 });
  });

  it('tolerates whitespace around a number', () => {
    expect(parsePageRequest({ page: ' 4 ', limit: '\t10\n' })).toEqual({ page: 4, perPage: 10 });
  });

  it('keeps a large page number bounded, so the offset stays a safe integer', () => {
    const { page, perPage } = parsePageRequest({ page: '900719925474099', limit: '100' });
    expect(page).toBeGreaterThan(1);
    expect(Number.isSafeInteger(pageOffset({ page, perPage }))).toBe(true);
  });

  // limit=10^20 is a number greater than 100, so the documented cap applies: 100, not the default.
  it('caps a limit too large for a safe integer at 100', () => {
    expect(parsePageRequest({ limit: '99999999999999999999' }).perPage).toBe(MAX_PER_PAGE);
    expect(parsePageRequest({ limit: '9'.repeat(400) }).perPage).toBe(MAX_PER_PAGE);
  });

  // A client asking for page 10^20 is past the end, exactly like one asking for page 10^15.
  it('treats a page too large for a safe integer like any other very large page', () => {
    const large = parsePageRequest({ page: '1000000000000000' }).page;
    expect(parsePageRequest({ page: '99999999999999999999' }).page).toBe(large);
    expect(parsePageRequest({ page: '9'.repeat(400) }).page).toBe(large);
  });

  it('always yields a usable page request, whatever the query holds', () => {
    const raw = fc.oneof(
      fc.string(),
      fc.stringMatching(/^\s*-?\d{0,25}(\.\d*)?\s*$/),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(raw, raw, (page, limit) => {
        const request = parsePageRequest({ page, limit });
        expect(Number.isSafeInteger(request.page)).toBe(true);
        expect(request.page).toBeGreaterThanOrEqual(1);
        expect(Number.isInteger(request.perPage)).toBe(true);
        expect(request.perPage).toBeGreaterThanOrEqual(1);
        expect(request.perPage).toBeLessThanOrEqual(MAX_PER_PAGE);
        expect(Number.isSafeInteger(pageOffset(request))).toBe(true);
      }),
    );
  });
});

describe('parseDraftFlag', () => {
  it.each(['true', '1', 'TRUE', 'True', ' true ', ['true', 'false'], ['1']])(
    'treats %j as drafts only',
    (raw) => {
      expect(parseDraftFlag(raw)).toBe(true);
    },
  );

  it.each([
    undefined,
    '',
    'false',
    '0',
    'yes',
    'on',
    '2',
    'truee',
    ['false', 'true'],
    [],
    true,
    1,
    null,
  ])('treats %j as every status', (raw) => {
    expect(parseDraftFlag(raw)).toBe(false);
  });
});

describe('paginationMeta', () => {
  it('fills every field of the spec meta on a middle page', () => {
    expect(paginationMeta(95, { page: 2, perPage: 20 })).toEqual({
      total: 95,
      per_page: 20,
      current_page: 2,
      last_page: 5,
      first_page: 1,
      first_page_url: '/?page=1',
      last_page_url: '/?page=5',
      next_page_url: '/?page=3',
      previous_page_url: '/?page=1',
    });
  });

  it('has no previous page on the first page', () => {
    const meta = paginationMeta(95, { page: 1, perPage: 20 });
    expect(meta.previous_page_url).toBeNull();
    expect(meta.next_page_url).toBe('/?page=2');
  });

  it('has no next page on the last page', () => {
    const meta = paginationMeta(95, { page: 5, perPage: 20 });
    expect(meta.next_page_url).toBeNull();
    expect(meta.previous_page_url).toBe('/?page=4');
    expect(meta.last_page_url).toBe('/?page=5');
  });

  it('counts an exactly full last page without an extra empty page', () => {
    expect(paginationMeta(100, { page: 1, perPage: 20 }).last_page).toBe(5);
    expect(paginationMeta(101, { page: 1, perPage: 20 }).last_page).toBe(6);
  });

  it('has one (empty) page when there are no records', () => {
    expect(paginationMeta(0, { page: 1, perPage: 20 })).toEqual({
      total: 0,
      per_page: 20,
      current_page: 1,
      last_page: 1,
      first_page: 1,
      first_page_url: '/?page=1',
      last_page_url: '/?page=1',
      next_page_url: null,
      previous_page_url: null,
    });
  });

  it('reports a page past the end as asked, pointing back towards the data', () => {
    const meta = paginationMeta(30, { page: 7, perPage: 20 });
    expect(meta.current_page).toBe(7);
    expect(meta.last_page).toBe(2);
    expect(meta.next_page_url).toBeNull();
    expect(meta.previous_page_url).toBe('/?page=6');
  });

  it('keeps its invariants for any total and request', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: MAX_PER_PAGE }),
        (total, page, perPage) => {
          const meta = paginationMeta(total, { page, perPage });
          expect(meta.total).toBe(total);
          expect(meta.per_page).toBe(perPage);
          expect(meta.current_page).toBe(page);
          expect(meta.first_page).toBe(1);
          expect(meta.last_page).toBeGreaterThanOrEqual(1);
          // The last page holds at least one record, and all records fit in last_page pages.
          expect(meta.last_page * perPage).toBeGreaterThanOrEqual(total);
          if (total > 0) expect((meta.last_page - 1) * perPage).toBeLessThan(total);
          expect(meta.last_page_url).toBe(`/?page=${meta.last_page}`);
          expect(meta.next_page_url).toBe(page < meta.last_page ? `/?page=${page + 1}` : null);
          expect(meta.previous_page_url).toBe(page > 1 ? `/?page=${page - 1}` : null);
        },
      ),
    );
  });
});

describe('pageOffset', () => {
  it('skips the records of the earlier pages', () => {
    expect(pageOffset({ page: 1, perPage: 20 })).toBe(0);
    expect(pageOffset({ page: 3, perPage: 25 })).toBe(50);
  });
});
