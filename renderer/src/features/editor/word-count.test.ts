import { describe, expect, it } from 'vitest';
import { countLine, countText } from './word-count';

describe('countText', () => {
  it('counts runs between spaces, a lone dash or mark not as a word', () => {
    expect(countText('The tide — as ever — turns. 42 boats, 3.5 knots …')).toEqual({
      words: 9,
      minutes: 1,
    });
    expect(countText('  \n ')).toEqual({ words: 0, minutes: 0 });
  });

  it('counts Chinese and Japanese a character a word, their punctuation not', () => {
    // 我爱读书 (4), 。 not; コーヒーを飲みました (10, the long-vowel mark with its word).
    expect(countText('我爱读书。').words).toBe(4);
    expect(countText('コーヒーを飲みました。').words).toBe(10);
    expect(countText('Tokyo 東京 trip').words).toBe(4);
  });

  it('reads unspaced text by the character, spaced text by the word', () => {
    // 600 characters of Chinese: two minutes, where 600 words of English take three.
    expect(countText('书'.repeat(600)).minutes).toBe(2);
    expect(countText('word '.repeat(600)).minutes).toBe(3);
    expect(countText('word '.repeat(200) + '书'.repeat(300)).minutes).toBe(2);
  });

  it('says the count as the editor shows it', () => {
    expect(countLine({ words: 1, minutes: 1 })).toBe('1 word · 1 min read');
    expect(countLine({ words: 250, minutes: 2 })).toBe('250 words · 2 min read');
  });
});
