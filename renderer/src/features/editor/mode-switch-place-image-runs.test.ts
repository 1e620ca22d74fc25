// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { afterImage, typedBothWays } from '../../testing/stored-place';

// Review R15: a run of Blogger's separator images, as stored. R14's window, stretched past the
// markup before the caret, took in the whole run; alike by tag name, another photo was matched,
// and past the diff's bound the caret went before the run. The window is now centred past as
// many of the source's tags as the editor writes before the caret.
const img = (i: number) =>
  `<img border="0" data-original-height="1200" data-original-width="1600" height="480" src="https://blogger.googleusercontent.com/img/b/R29vZ2xl/AVvXsEh${i}abcdefghijklmnopqrstuvwxyz/s640/IMG_${1000 + i}.jpg" width="640" />`;
const separator = (i: number) =>
  `<div class="separator" style="clear: both; text-align: center;">\n<a href="https://blogger.googleusercontent.com/img/b/R29vZ2xl/AVvXsEh${i}/s1600/IMG_${1000 + i}.jpg" style="margin-left: 1em; margin-right: 1em;">${img(i)}</a></div>\n`;
const photos = (n: number) =>
  `<p>Photos from the trip to the lake:</p>\n${Array.from({ length: n }, (_, i) => separator(i)).join('')}<p>The end of the trip.</p>\n`;

describe('Blogger: a run of separator images, as stored', () => {
  it('two photos, the caret after the first: a letter typed in source lands after the first', () => {
    const { source, visual } = typedBothWays(photos(2), afterImage(0));
    expect(visual).toBe('Photos from the trip to the lake:|[img]^|[img]|The end of the trip.');
    expect(source).toBe(visual);
  });

  it('five photos, the caret after the fourth', () => {
    const { source, visual } = typedBothWays(photos(5), afterImage(3));
    expect(visual).toBe(
      'Photos from the trip to the lake:|[img]|[img]|[img]|[img]^|[img]|The end of the trip.',
    );
    expect(source).toBe(visual);
  });

  it('forty photos, the caret after the 31st: not one off, nor before the whole run', () => {
    const { source, visual } = typedBothWays(photos(40), afterImage(30));
    expect(visual).toContain(`lake:|${'[img]|'.repeat(30)}[img]^|[img]`);
    expect(source).toBe(visual);
  });

  it('figures with captions: the caret after the third image', () => {
    const cap = (i: number) =>
      `<figure><img src="${i}.png" alt="photo ${i}"><figcaption>Caption number ${i} <em>here</em></figcaption></figure>\n`;
    const { source, visual } = typedBothWays(
      `<p>Intro</p>\n${[0, 1, 2, 3].map(cap).join('')}<p>End</p>`,
      afterImage(2),
    );
    expect(source).toBe(visual);
  });
});
