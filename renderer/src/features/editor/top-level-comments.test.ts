// @vitest-environment jsdom
// Words at the top level of a post are kept bare. A comment among them (WordPress's and
// Blogger's <!--more-->) is among them too: as a line of its own it parted them into two bare
// lines, each trimmed, saved side by side, and the words either side ran together (a review).
import { describe, expect, it } from 'vitest';
import { markupLoss, visualRoundTrip } from './fidelity';

const readerText = (html: string) => {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return body.textContent ?? '';
};

describe('a <!--more--> among a post’s bare top-level words', () => {
  for (const [post, words] of [
    ['Intro words <!--more--> the rest.<p>Para</p>', 'words the'],
    ['First paragraph.\n\nSecond paragraph.\n<!--more-->\nThird.', 'paragraph. Third'],
  ] as const)
    it(`keeps "${words}" apart: ${JSON.stringify(post)}`, () => {
      const saved = visualRoundTrip(post);
      expect(readerText(saved).replace(/\s+/g, ' ')).toContain(words);
    });
});

describe('paragraphs parted by blank lines alone (WordPress classic)', () => {
  it('are held, and blank lines elsewhere part nothing to lose', () => {
    // Held by the visual editor (classic-paragraphs.test.ts): nothing to name.
    expect(markupLoss('First paragraph.\n\nSecond paragraph.')).toEqual([]);
    expect(markupLoss('<p>a</p>\n\n<p>b</p>')).toEqual([]);
    expect(markupLoss('<p>a\n\nb</p>')).toEqual([]);
    expect(markupLoss('<pre><code>a\n\nb</code></pre>')).toEqual([]);
  });
});
