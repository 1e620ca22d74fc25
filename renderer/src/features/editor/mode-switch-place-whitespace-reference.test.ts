// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { afterWords, restoredBefore, typedBothWays } from '../../testing/stored-place';
import { visualRangeOf } from './writer-place';

// Review R24 (fixed; an older miss, not an R23 regression). walkText (writer-place.ts:257-268) counts a
// reference as the characters it decodes to, as words. A reference that decodes to white space
// (`&#13;`, `&#10;`, `&#9;`, `&#32;`) is white space to ProseMirror's parse: collapsed with the
// white space beside it, dropped at a block's edge. WordPress posts that went through PHP's
// DOMDocument (importers, XML-RPC clients) carry `&#13;` at every line end: each counted one
// character, the caret drifts a character early per line, and past two the alignment
// (mode-switch-place.ts:347-348, ±1) is refused and the count's place stands.
const inLines =
  '<p>One two.&#13;\nThree four.&#13;\nFive six.&#13;\nSeven then eight.</p>\n<p>Last words.</p>';
const atEnds =
  '<p>One two.&#13;</p>\n<p>Three four.&#13;</p>\n<p>Five six.&#13;</p>\n<p>Seven then eight.</p>';

describe('`&#13;` at line ends (WordPress through DOMDocument)', () => {
  it('the editor reads it as white space', () => {
    const doc = editorDocument(inLines);
    expect(doc.textBetween(0, doc.content.size, '|')).toBe(
      'One two. Three four. Five six. Seven then eight.|Last words.',
    );
  });

  it('a letter typed in Visual after "then" lands after "then" in source (inside a paragraph)', () => {
    const { source, visual } = typedBothWays(inLines, afterWords('then'));
    expect(visual).toBe('One two. Three four. Five six. Seven then^ eight.|Last words.');
    expect(source).toBe(visual);
  });

  it('a letter typed in Visual after "then" lands after "then" in source (at paragraph ends)', () => {
    const { source, visual } = typedBothWays(atEnds, afterWords('then'));
    expect(visual).toBe('One two.|Three four.|Five six.|Seven then^ eight.');
    expect(source).toBe(visual);
  });

  it('a restored visual place (sourceRangeAt) after "then" is after "then"', () => {
    expect(restoredBefore(inLines, ' eight')).toMatch(/then$/);
  });

  it('the count\'s way back (visualRangeOf) from the source after "then" is after "then"', () => {
    const doc = editorDocument(inLines);
    const at = inLines.indexOf(' eight');
    const sel = visualRangeOf(inLines, doc, at, at);
    expect(doc.textBetween(0, sel.from)).toMatch(/then$/);
  });
});

// In a listing ProseMirror keeps white space, but reads `\r\n` as one line end: `&#13;` then the
// line end is one character, counted two (each line of a WordPress code block a character early).
describe('`&#13;` at line ends of a listing', () => {
  const listing =
    '<pre><code>let a = 1;&#13;\nlet b = 2;&#13;\nlet c = 3;&#13;\n</code></pre>\n<p>Last then words.</p>';

  it('a letter typed in Visual after "then" below the listing lands after "then" in source', () => {
    const { source, visual } = typedBothWays(listing, afterWords('then'));
    expect(visual).toBe('let a = 1;\nlet b = 2;\nlet c = 3;\n|Last then^ words.');
    expect(source).toBe(visual);
  });
});
