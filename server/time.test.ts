import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { isoOrNull, isoTimestamp } from './time';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

describe('isoTimestamp', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each([
    [0, '1970-01-01T00:00:00.000+00:00'],
    [Date.UTC(2026, 10, 21, 14, 47, 20, 123), '2026-11-21T14:47:20.123+00:00'],
    // Milliseconds always take three digits, even when they are zero or few.
    [Date.UTC(2026, 0, 2, 3, 4, 5), '2026-01-02T03:04:05.000+00:00'],
    [Date.UTC(2026, 0, 2, 3, 4, 5, 7), '2026-01-02T03:04:05.007+00:00'],
    // Before 1970, as a record moved from an older service may be.
    [-1, '1969-12-31T23:59:59.999+00:00'],
  ])('%i is %s', (epochMs, expected) => {
    expect(isoTimestamp(epochMs)).toBe(expected);
  });

  it('says UTC with an explicit offset, never Z, whatever zone the server runs in', () => {
    // Late on New Year's Eve in UTC is already the next year in Kolkata, and the day before in
    // Honolulu: a local rendering would change the date.
    const at = Date.UTC(2025, 11, 31, 23, 30);
    for (const tz of ['UTC', 'Asia/Kolkata', 'Pacific/Honolulu', 'Europe/London']) {
      process.env.TZ = tz;
      expect(isoTimestamp(at), tz).toBe('2025-12-31T23:30:00.000+00:00');
    }
  });

  it('reads back as the same instant, to the millisecond', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_135_596_800_000, max: 253_402_300_799_999 }), (ms) => {
        const text = isoTimestamp(ms);
        expect(text).toMatch(ISO);
        expect(Date.parse(text)).toBe(ms);
      }),
    );
  });

  it('throws on a time that is no time, rather than writing "Invalid Date"', () => {
    expect(() => isoTimestamp(Number.NaN)).toThrow(RangeError);
  });
});

describe('isoOrNull', () => {
  it('keeps null as null: a draft never published, a record not deleted', () => {
    expect(isoOrNull(null)).toBeNull();
  });

  it('takes 0 as the epoch, not as missing', () => {
    expect(isoOrNull(0)).toBe('1970-01-01T00:00:00.000+00:00');
  });

  it('writes any other time as isoTimestamp does', () => {
    const at = Date.UTC(2026, 4, 6, 7, 8, 9, 10);
    expect(isoOrNull(at)).toBe(isoTimestamp(at));
    expect(isoOrNull(at)).toBe('2026-05-06T07:08:09.010+00:00');
  });
});
