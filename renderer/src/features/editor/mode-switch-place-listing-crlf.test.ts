// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { afterWords, restoredBefore, typedBothWays } from '../../testing/stored-place';

const AFTER = '</pre>\n<p>Last then words.</p>';
const shown = (html: string) => {
  const doc = editorDocument(html);
  return doc.textBetween(0, doc.content.size, '|');
};

// A post stored with Windows line ends (as a form's textarea sends them): the parser folds each
// written `\r\n` of a listing into one line end, and the count took two, a character early a line
// (found while fixing R26).
describe('a listing with written `\\r\\n` line ends', () => {
  const listing = '<pre>let a = 1;\r\nlet b = 2;\r\nlet c = 3;' + AFTER;

  it('the editor reads each as one line end', () => {
    expect(shown(listing)).toBe('let a = 1;\nlet b = 2;\nlet c = 3;|Last then words.');
  });

  it('a letter typed in Visual after "then" lands there in source', () => {
    const { source, visual } = typedBothWays(listing, afterWords('then'));
    expect(visual).toBe('let a = 1;\nlet b = 2;\nlet c = 3;|Last then^ words.');
    expect(source).toBe(visual);
  });

  it('a written `\\r` before a referenced `\\n` is two line ends, as the parser reads it', () => {
    const two = '<pre>a\r&#10;b\rc' + AFTER;
    expect(shown(two)).toBe('a\n\nb\nc|Last then words.');
    expect(restoredBefore(two, ' words')).toMatch(/then$/);
  });
});

// Review R26 (left then, fixed since): `<pre>` with a line end and then `&#13;` and another is two
// line ends the editor drops (the first by the parser, the second by its parse of the sanitiser's
// output, which writes the `\r` raw just after `<pre>`), and the count took one.
describe('a referenced carriage return after the line end dropped just after `<pre>`', () => {
  it.each([
    ['<pre>\n&#13;\nx y', 'x y'],
    ['<pre>\n&#13;x y', 'x y'],
    ['<pre>&#10;&#13;\nx y', 'x y'],
    ['<pre>\r\n&#13;&#10;x y', 'x y'],
    // Only one more: the next is a line end of the listing's.
    ['<pre>\n&#13;&#13;x y', '\nx y'],
    // A `\r` the first: it is the one dropped, and the next is the listing's.
    ['<pre>&#13;\n&#13;\nx y', '\nx y'],
    ['<pre>\r\n\r\nx y', '\nx y'],
  ])('%j is dropped as the editor drops it', (head, words) => {
    expect(shown(head + AFTER)).toBe(`${words}|Last then words.`);
    expect(restoredBefore(head + AFTER, ' words')).toMatch(/then$/);
  });
});
