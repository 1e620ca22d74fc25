import { describe, expect, it } from 'vitest';
import { wordDiff, type DiffPart } from './word-diff';

const side = (parts: DiffPart[], which: 'mine' | 'theirs') =>
  parts
    .filter((part) => part.change !== (which === 'mine' ? 'added' : 'removed'))
    .map((part) => part.text)
    .join('');

describe('wordDiff', () => {
  it('gives each side back exactly as written, spaces included', () => {
    const pairs: [string, string][] = [
      ['A local change.', 'A local change here.'],
      ['One local change.', 'One local change. And theirs too.'],
      ['<p>x</p>', '<p>x local change.</p>'],
      ['two  spaces', 'two spaces'],
      ['line\nbreak', 'line break'],
      ['', 'all new'],
      ['one two three four', 'one 2 three 4'],
      ['a b c', 'x y z'],
    ];
    for (const [mine, theirs] of pairs) {
      const parts = wordDiff(mine, theirs);
      expect(side(parts, 'mine')).toBe(mine);
      expect(side(parts, 'theirs')).toBe(theirs);
    }
  });

  it('gives each side back exactly for 500 generated pairs of words, spaces and stops', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = ['walk', 'river', 'the', '.', ',', ' ', '  ', '\n', 'x'];
    const text = () =>
      Array.from({ length: Math.floor(next() * 12) }, () => pieces[Math.floor(next() * 9)]).join(
        '',
      );
    for (let i = 0; i < 500; i++) {
      const [mine, theirs] = [text(), text()];
      const parts = wordDiff(mine, theirs);
      expect([side(parts, 'mine'), side(parts, 'theirs')]).toEqual([mine, theirs]);
    }
  });

  it('marks the words that differ, not the ones both have', () => {
    expect(wordDiff('The version from this laptop.', 'The version from the other laptop.')).toEqual(
      [
        { text: 'The version from ', change: 'same' },
        { text: 'this', change: 'removed' },
        { text: 'the other', change: 'added' },
        { text: ' ', change: 'same' },
        { text: 'laptop.', change: 'same' },
      ],
    );
  });
});
