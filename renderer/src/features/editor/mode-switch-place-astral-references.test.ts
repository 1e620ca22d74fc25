// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { typedBothWays } from '../../testing/stored-place';
import { afterWords as by } from '../../testing/stored-place';
import { textCountBefore } from './writer-place';

// Review R21 (fixed). WordPress on a utf8 (not utf8mb4) database stores every emoji as a numeric reference
// (wp_encode_emoji: `&#x1f389;`); other editors write `&#128512;`. The count (writer-place.ts
// unitEnd/walkText) takes a reference as one character, but an emoji past U+FFFF is two UTF-16
// units in ProseMirror's text (`doc.textBetween(…).length`, textPlace). Past two of them the
// alignment's check (`Math.abs(off) <= 1`, mode-switch-place.ts) refuses the right place and the
// count's place stands: one character late per emoji before the caret.
describe('emoji written as numeric references (WordPress wp_encode_emoji)', () => {
  const source =
    '<!-- wp:paragraph -->\n<p>Party &#x1f389; time &#x1f600; and more words &#x1f44d; here.</p>\n<!-- /wp:paragraph -->';

  it('the count reads an astral reference as the editor does: two UTF-16 units', () => {
    const doc = editorDocument(source);
    const words = doc.textContent; // "Party 🎉 time 😀 and more words 👍 here." (with the comment)
    const before = source.indexOf(' and more');
    expect(textCountBefore(source, before)).toBe('Party 🎉 time 😀'.length);
    expect(words).toContain('Party 🎉 time 😀 and');
  });

  it('a letter typed in Visual after "and" lands after "and" in source too', () => {
    const { source: shown, visual } = typedBothWays(source, by('time 😀 and'));
    expect(visual).toContain('Party 🎉 time 😀 and^ more words');
    expect(shown).toBe(visual);
  });

  it('the same with decimal references (`&#128512;`)', () => {
    const decimal = '<p>Hi &#128512; and &#128513; then the last words.</p>';
    const { source: shown, visual } = typedBothWays(decimal, by('then'));
    expect(visual).toBe('Hi 😀 and 😁 then^ the last words.');
    expect(shown).toBe(visual);
  });
});
