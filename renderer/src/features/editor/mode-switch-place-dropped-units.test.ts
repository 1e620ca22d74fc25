// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { afterImage, typedBothWays } from '../../testing/stored-place';

// c950738: pastTags takes one step per unit of the source (a <style>, <script> or <svg> read
// whole), as many as tagsIn counts in the editor's HTML, which has none for what the editor drops.
// Where the alignment is refused (a pretty-printed post), `near` is returned one unit short per
// dropped element: before the image the caret was after.
const ind = (n: number) => '\n' + ' '.repeat(n);
const imgs = (n: number, gap: string) =>
  Array.from({ length: n }, (_, i) => `<img src="${i}.png">`).join(gap);
const post = (between: string) =>
  `<div>${ind(80)}<p>Intro</p>${ind(80)}${between}${ind(80)}<p>${ind(80)}${imgs(4, ind(80))}${ind(80)}More words.</p></div>`;

describe('a pretty-printed post, an element the editor drops before a row of images', () => {
  it('a <style>: caret after the first image', () => {
    const { source, visual } = typedBothWays(
      post('<style>p { color: red; }</style>'),
      afterImage(0),
    );
    expect(visual).toContain('Intro|[img]^ [img]');
    expect(source).toBe(visual);
  });

  it('a <script>: caret after the first image', () => {
    const { source, visual } = typedBothWays(post('<script>var a = 1;</script>'), afterImage(0));
    expect(source).toBe(visual);
  });
});
