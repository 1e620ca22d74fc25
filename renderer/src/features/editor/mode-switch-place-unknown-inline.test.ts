// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { afterWords, restoredBefore, typedBothWays } from '../../testing/stored-place';

// Review R24 (fixed; an older miss, not an R23 regression; not the known-left button/select/object/picture).
// walkText (writer-place.ts:254) takes every tag not in INLINE (:174-175) for a block's edge and
// drops the white space on both sides of it. ProseMirror's parse treats every element outside its
// block list (and its rules) as inline and keeps that white space. MathJax 3's CHTML output
// (`<mjx-container>`, `<mjx-math>`, …) and `<ruby>`/`<rt>`/`<rp>` (CJK posts) are such elements:
// each among words costs the count its spaces, one per formula (the `<math>` inside is already
// dropped whole), two per ruby; past two, the alignment (mode-switch-place.ts:347-348, ±1) is
// refused and the caret lands in the wrong word.
const mjx = (v: string) =>
  `<mjx-container class="MathJax CtxtMenu_Attached_0" jax="CHTML" style="font-size: 113.1%; position: relative;"><mjx-math class="MJX-TEX" aria-hidden="true"><mjx-mi class="mjx-i"><mjx-c class="mjx-c1D465 TEX-I"></mjx-c></mjx-mi></mjx-math><mjx-assistive-mml unselectable="on" display="inline"><math xmlns="http://www.w3.org/1998/Math/MathML"><mi>${v}</mi></math></mjx-assistive-mml></mjx-container>`;

describe('MathJax 3 (CHTML) formulas among words', () => {
  const source = `<p>Let ${mjx('x')} and ${mjx('y')} be two numbers, then add them.</p>\n<p>Last words.</p>`;

  it('the editor keeps the words around them, a space on each side', () => {
    const doc = editorDocument(source);
    expect(doc.textBetween(0, doc.content.size, '|')).toBe(
      'Let and be two numbers, then add them.|Last words.',
    );
  });

  it('a letter typed in Visual after "then" lands after "then" in source', () => {
    const { source: shown, visual } = typedBothWays(source, afterWords('then'));
    expect(visual).toBe('Let and be two numbers, then^ add them.|Last words.');
    expect(shown).toBe(visual);
  });

  it('a restored visual place (sourceRangeAt) after "then" is after "then"', () => {
    expect(restoredBefore(source, ' add')).toMatch(/then$/);
  });
});

describe('ruby among words (Japanese, Chinese posts)', () => {
  const source =
    '<p>Kanji <ruby>漢字<rp>(</rp><rt>kanji</rt><rp>)</rp></ruby> is hard then easy.</p>';

  it('a letter typed in Visual after "then" lands after "then" in source', () => {
    const { source: shown, visual } = typedBothWays(source, afterWords('then'));
    expect(visual).toBe('Kanji 漢字(kanji) is hard then^ easy.');
    expect(shown).toBe(visual);
  });
});
