// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { typedBothWays } from '../../testing/stored-place';
import { unitEnd } from './writer-place';
import { afterWords } from '../../testing/stored-place';

// Review R21 (fixed), in b0b37ed's self-closing check (writer-place.ts unitEnd: SVG_TAG, then
// `svg?.endsWith('/>')`). An unquoted attribute value takes a `/` as its own (the parser's
// unquoted-value state): `<svg width=24 height=24/>` is `height="24/"`, no self-closing tag, and
// the <svg> runs on, its words dropped by the editor. ATTRIBUTES' unquoted value `[^\s>]*` takes the
// `/` too, but the tag, ending in `/>`, passes for one that closes itself: the words the editor
// dropped are counted, and a caret after them is put that many characters late in source, here
// past the post's end (the letter typed there is lost). Minified markup writes attributes
// unquoted.
describe('an <svg> whose last attribute is unquoted, just before `/>`', () => {
  const source =
    '<p>Icon <svg width=24 height=24/> then words here and more.</p>\n<p>Last words.</p>';

  it('the editor reads it as no self-closing tag (the words after it are the svg’s)', () => {
    const doc = editorDocument(source);
    expect(doc.textBetween(0, doc.content.size, '|')).toBe('Icon|Last words.');
  });

  it('nor does unitEnd: the svg runs on', () => {
    const at = source.indexOf('<svg');
    expect(unitEnd(source, at)).toBeGreaterThan(source.indexOf('more.'));
  });

  it('a letter typed in Visual after "Last" lands after "Last" in source', () => {
    const { source: shown, visual } = typedBothWays(source, afterWords('Last'));
    expect(visual).toBe('Icon|Last^ words.');
    expect(shown).toBe(visual);
  });
});
