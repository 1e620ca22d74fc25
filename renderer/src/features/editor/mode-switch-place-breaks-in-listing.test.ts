// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { typedBothWays } from '../../testing/stored-place';
import { afterWords as by } from '../../testing/stored-place';
import { textCountBefore } from './writer-place';

// Review R21 (fixed). Medium's export (and Blogger posts pasted from it) writes a code block's lines as
// `<br>` inside `<pre>`; the editor's code block reads each as a line end, one character of its
// text. The count (writer-place.ts walkText, `if (BREAK.test(tag)) words = false`) reads a `<br>`
// as no character, in a listing too: every caret after one is a character late in source.
describe('a listing whose lines are joined by <br> (Medium export)', () => {
  const source =
    '<p class="graf graf--p">Intro words.</p><pre class="graf graf--pre">const a = 1;<br>const b = 2;<br>return a;</pre><p class="graf graf--p">After words.</p>';

  it('the count reads each <br> in a listing as a line end', () => {
    expect(textCountBefore(source, source.indexOf('return'))).toBe(
      'Intro words.const a = 1;\nconst b = 2;\n'.length,
    );
  });

  it('a letter typed in Visual after "return" lands after "return" in source', () => {
    const { source: shown, visual } = typedBothWays(source, by('return'));
    expect(visual).toBe('Intro words.|const a = 1;\nconst b = 2;\nreturn^ a;|After words.');
    expect(shown).toBe(visual);
  });

  it('a letter typed in Visual after "After" lands after "After" in source', () => {
    const { source: shown, visual } = typedBothWays(source, by('After'));
    expect(visual).toBe('Intro words.|const a = 1;\nconst b = 2;\nreturn a;|After^ words.');
    expect(shown).toBe(visual);
  });
});
