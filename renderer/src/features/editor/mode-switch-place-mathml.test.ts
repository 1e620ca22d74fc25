// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { typedBothWays } from '../../testing/stored-place';
import { afterWords as by } from '../../testing/stored-place';
import { textCountBefore } from './writer-place';

// Review R21 (fixed). The editor drops a <math> (MathML) with its words, as it drops an inline <svg>; but
// the count reads a <math>'s token words (<mi>, <mo>, <annotation>'s TeX) as text: `math` is in
// none of writer-place.ts TAG's whole elements, DROPPED_WHOLE, nor mode-switch-place.ts DROPPED.
// Every place after it is as many characters late in source, and a caret shortly after it is put
// inside the <math>: the letter typed there is nowhere in the post. Wikipedia's formulas pasted
// into a post carry a <math> beside their fallback image; KaTeX's rendered HTML (static sites,
// Ghost's HTML card) carries one in `.katex-mathml`.
describe('a formula pasted from Wikipedia (<math> beside its fallback image)', () => {
  const source =
    '<p>The value <span class="mwe-math-element"><span class="mwe-math-mathml-inline mwe-math-mathml-a11y" style="display: none;"><math xmlns="http://www.w3.org/1998/Math/MathML" alttext="{\\displaystyle x^{2}}"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">{\\displaystyle x^{2}}</annotation></semantics></math></span><img src="https://wikimedia.org/api/rest_v1/media/math/render/svg/abc" class="mwe-math-fallback-image-inline" alt="{\\displaystyle x^{2}}"></span> grows fast, as shown here.</p>\n<p>Last words.</p>';

  it('the editor drops the <math>, and the count leaves it out too', () => {
    expect(editorDocument(source).textBetween(0, 30, '|', '[img]')).toContain(
      'The value [img] grows',
    );
    expect(textCountBefore(source, source.indexOf(' grows'))).toBe('The value '.length);
  });

  it('a letter typed in Visual after "grows" lands after "grows" in source', () => {
    const { source: shown, visual } = typedBothWays(source, by('grows'));
    expect(visual).toBe('The value [img] grows^ fast, as shown here.|Last words.');
    expect(shown).toBe(visual);
  });
});

describe('KaTeX’s rendered HTML (its MathML copy beside the HTML one)', () => {
  const source =
    '<p>Euler: <span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msup><mi>e</mi><mrow><mi>i</mi><mi>π</mi></mrow></msup></mrow><annotation encoding="application/x-tex">e^{i\\pi}</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="base"><span class="mord mathnormal">e</span></span></span></span> equals minus one, the end.</p>\n<p>Last words.</p>';

  it('a letter typed in Visual after "equals" is not lost in source', () => {
    const { source: shown, visual } = typedBothWays(source, by('equals'));
    expect(visual).toBe('Euler: e equals^ minus one, the end.|Last words.');
    expect(shown).toBe(visual);
  });
});
