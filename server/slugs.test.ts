import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseSlug, firstFreeSlug, SLUG_FALLBACK, SLUG_MAX_LENGTH, slugify } from './slugs';

const SLUG_SHAPE = /^([a-z0-9]+(-[a-z0-9]+)*)?$/;

// Any scalar value; far faster to generate than fc.string({ unit: 'binary' }).
const anyString = (maxLength: number): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        fc.integer({ min: 0, max: 0x7f }),
        fc.integer({ min: 0x80, max: 0xd7ff }),
        fc.integer({ min: 0xe000, max: 0x10ffff }),
      ),
      { maxLength },
    )
    .map((points) => String.fromCodePoint(...points));

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['Ten  spaces -- and / slashes', 'ten-spaces-and-slashes'],
    ['2026: A Year in Review', '2026-a-year-in-review'],
    ["it's", 'it-s'],
    ['---', ''],
    ['UPPER lower MiXeD', 'upper-lower-mixed'],
  ])('%j becomes %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it.each([
    ['Über', 'uber'],
    ['Café résumé', 'cafe-resume'],
    ['Straße', 'strasse'],
    ['Æsir and æther', 'aesir-and-aether'],
    ['Ørsted søster', 'orsted-soster'],
    ['Łódź', 'lodz'],
    ['Œuvre', 'oeuvre'],
    ['Þórr', 'thorr'],
    ['Đorđe', 'dorde'],
    ['naïve coöperation', 'naive-cooperation'],
    ['Ａｂｃ １２３', 'abc-123'],
    ['ﬁsh', 'fish'],
  ])('folds %j to ASCII %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it.each([['!!!'], ['🎉🎉🎉'], ['你好世界'], ['—'], ['  '], ['']])(
    'has nothing usable in %j, so it returns the empty string',
    (input) => {
      expect(slugify(input)).toBe('');
    },
  );

  it('keeps latin words found among emoji and CJK', () => {
    expect(slugify('🎉 Launch 日本 day 🎉')).toBe('launch-day');
  });

  it('cuts a long slug at a hyphen so that no word is split', () => {
    const words = Array.from({ length: 30 }, (_, i) => `word${i}`);
    const slug = slugify(words.join(' '));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.length).toBeGreaterThan(SLUG_MAX_LENGTH / 2);
    // Every part is a whole word of the input, in order, with nothing partial at the end.
    expect(slug.split('-')).toEqual(words.slice(0, slug.split('-').length));
  });

  it('cuts exactly at the limit when the slug is one unbroken word', () => {
    expect(slugify('a'.repeat(200))).toBe('a'.repeat(SLUG_MAX_LENGTH));
  });

  it('falls back to a hard cut when the only hyphen is too early to be a good cut', () => {
    const slug = slugify(`ab ${'c'.repeat(200)}`);
    expect(slug).toBe(`ab-${'c'.repeat(SLUG_MAX_LENGTH - 3)}`);
  });

  it('keeps a word that ends exactly at the limit', () => {
    // The hyphen right after the limit is the best cut: nothing is lost before it.
    const input = `${'a'.repeat(40)} ${'b'.repeat(SLUG_MAX_LENGTH - 41)} ccc`;
    expect(slugify(input)).toBe(`${'a'.repeat(40)}-${'b'.repeat(SLUG_MAX_LENGTH - 41)}`);
  });

  it('honours a custom maximum length', () => {
    expect(slugify('one two three four', 9)).toBe('one-two');
  });

  it('always yields lowercase ASCII words joined by single hyphens, and is idempotent', () => {
    const anyText = fc.oneof(
      anyString(120),
      fc.string({ unit: 'grapheme', maxLength: 120 }),
      fc
        .array(fc.constantFrom('Ü', 'ß', 'Æ', 'ø', 'Ł', 'é', '-', ' ', 'a', 'Z', '9', '🎉', '中'), {
          maxLength: 150,
        })
        .map((chars) => chars.join('')),
    );
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 120 }), (input, max) => {
        const slug = slugify(input, max);
        expect(slug).toMatch(SLUG_SHAPE);
        expect(slug.length).toBeLessThanOrEqual(max);
        expect(slugify(slug, max)).toBe(slug);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('baseSlug', () => {
  it('uses the title when it has letters or digits', () => {
    expect(baseSlug('My First Post', 'ignored body text')).toBe('my-first-post');
  });

  it('uses the first eight words of the text when the title is empty', () => {
    expect(baseSlug('', 'One two three four five six seven eight nine ten')).toBe(
      'one-two-three-four-five-six-seven-eight',
    );
  });

  it('uses the text when the title has nothing slug-worthy', () => {
    expect(baseSlug('🎉🎉', 'Party time\nat noon')).toBe('party-time-at-noon');
  });

  it("falls back to 'untitled' when neither title nor text yields a slug", () => {
    expect(SLUG_FALLBACK).toBe('untitled');
    expect(baseSlug('', '')).toBe('untitled');
    expect(baseSlug('!!!', '你好 世界')).toBe('untitled');
    expect(baseSlug('   ', '   \n  ')).toBe('untitled');
  });

  it('never returns an empty slug', () => {
    fc.assert(
      fc.property(anyString(40), anyString(40), (title, text) => {
        const slug = baseSlug(title, text);
        expect(slug).not.toBe('');
        expect(slug).toMatch(SLUG_SHAPE);
      }),
    );
  });
});

describe('firstFreeSlug', () => {
  it('returns the base when it is free', () => {
    expect(firstFreeSlug('post', [])).toBe('post');
    expect(firstFreeSlug('post', ['post-2', 'post-3'])).toBe('post');
  });

  it('numbers from 2 when the base is taken', () => {
    expect(firstFreeSlug('post', ['post'])).toBe('post-2');
    expect(firstFreeSlug('post', ['post', 'post-2'])).toBe('post-3');
  });

  it('fills the smallest gap rather than going past the highest number', () => {
    expect(firstFreeSlug('post', ['post', 'post-2', 'post-4', 'post-5'])).toBe('post-3');
    expect(firstFreeSlug('post', ['post', 'post-3'])).toBe('post-2');
  });

  it('is not fooled by slugs that merely share the prefix', () => {
    expect(firstFreeSlug('post', ['post', 'post-2x', 'posting', 'post-2-2'])).toBe('post-2');
  });

  it('accepts any iterable of taken slugs', () => {
    expect(firstFreeSlug('a', new Set(['a', 'a-2']))).toBe('a-3');
  });

  it('returns the smallest free candidate, for any taken set', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 12 })), (numbers) => {
        const taken = numbers.map((n) => (n === 1 ? 'base' : `base-${n}`));
        const slug = firstFreeSlug('base', taken);
        expect(taken).not.toContain(slug);
        const n = slug === 'base' ? 1 : Number(slug.slice('base-'.length));
        for (let smaller = 1; smaller < n; smaller++) expect(numbers).toContain(smaller);
      }),
    );
  });
});
