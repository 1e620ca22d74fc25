// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { afterWords, typedBothWays } from '../../testing/stored-place';
import { sourceRangeAt, visualRangeOf } from './writer-place';

// Review R22 (fixed). walkText (writer-place.ts:229-230) now adds a reference's decoded length at once,
// but checks `count === chars` (:225) only before a unit: a caret between the characters of a
// reference that decodes to two (`&fjlig;` is "fj", `&NotEqualTilde;`, `&ThickSpace;`, …) is
// never met, and the walk runs on to the end of the post. Before 05f80ba it was one character
// off; now the letter typed lands at the post's end, and afterText is no longer monotonic for
// textBefore's binary search (writer-place.ts:325).
describe('a caret between the two characters of `&fjlig;`', () => {
  const source = '<p>Hi &fjlig;ord then the words.</p>\n<p>Last words.</p>';

  it('the editor reads it as "fj"', () => {
    const doc = editorDocument(source);
    expect(doc.textBetween(0, doc.content.size, '|')).toBe('Hi fjord then the words.|Last words.');
  });

  it('a restored visual place 4 characters in is in the first line, by the reference', () => {
    const [at] = sourceRangeAt(source, { mode: 'visual', from: 0, to: 0, textBefore: 4 });
    expect(at).toBeLessThanOrEqual(source.indexOf('ord'));
  });

  it('a letter typed in Visual after "Hi f" stays in the first line', () => {
    const { source: shown, visual } = typedBothWays(source, afterWords('Hi f'));
    expect(visual).toBe('Hi f^jord then the words.|Last words.');
    expect(shown.split('|')[0]).toContain('^');
  });

  it('the count\'s way back (visualRangeOf) from the source after "ord" is after "ord"', () => {
    const doc = editorDocument(source);
    const at = source.indexOf(' then');
    const sel = visualRangeOf(source, doc, at, at);
    expect(doc.textBetween(0, sel.from)).toBe('Hi fjord');
  });
});
