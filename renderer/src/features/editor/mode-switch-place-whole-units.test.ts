// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { afterImage, typedBothWays } from '../../testing/stored-place';

// c950738: pastTags now reads the source unit by unit (unitEnd: an <iframe>, <video>, <audio>,
// <svg> or comment whole), but the count of steps it takes is tagsIn(own…), which counts the
// editor's HTML tag by tag (`<iframe …></iframe>` is two, `<video><source></video>` three, a
// comment holding `<p>…</p>` three). Where the alignment is refused (a pretty-printed post: too
// many edits), `near` is returned, one step per surplus tag past the caret.
const ind = (n: number) => '\n' + ' '.repeat(n);
const imgs = (n: number, gap: string) =>
  Array.from({ length: n }, (_, i) => `<img src="${i}.png">`).join(gap);

const post = (between: string) =>
  `<div>${ind(80)}<p>Intro</p>${ind(80)}${between}${ind(80)}<p>${ind(80)}${imgs(4, ind(80))}${ind(80)}More words.</p></div>`;

describe('a pretty-printed post, an embed between the words and a row of images', () => {
  it('an <iframe> (two tags in the editor, one unit in the source): caret after the first image', () => {
    const { source, visual } = typedBothWays(
      post(`<iframe src="https://www.youtube.com/embed/abc">${ind(80)}</iframe>`),
      afterImage(0),
    );
    expect(visual).toContain('[img]|[img]^ [img]');
    expect(source).toBe(visual);
  });

  it('a <video> with a <source> (three tags in the editor, one unit in the source)', () => {
    const { source, visual } = typedBothWays(
      post(`<video controls>${ind(80)}<source src="v.mp4">${ind(80)}</video>`),
      afterImage(0),
    );
    expect(source).toBe(visual);
  });

  it('a kept comment holding tags: caret after the first image', () => {
    const { source, visual } = typedBothWays(
      post(`<!-- <p>old</p><p>older</p> -->`),
      afterImage(0),
    );
    expect(source).toBe(visual);
  });
});
