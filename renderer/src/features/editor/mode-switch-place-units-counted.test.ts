// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { afterImage, typedBothWays } from '../../testing/stored-place';

// Review R18 (a regression of R17's fix): units of markup counted alike on both sides.
// c950738: pastTags reads the source's comment as one unit (unitEnd), but takes as many steps as
// tagsIn counts tags in the editor's HTML, where `<[^<>]*>` finds every tag inside the kept
// comment. A comment of commented-out markup before a row of images sends the window's centre
// one image per tag in it past the caret; past the window's reach, another image is matched.
// Passes at 8eb5add (c950738~1): its pastTags stopped at the comment.
const row = Array.from(
  { length: 12 },
  (_, i) => `<img src="https://blogger.googleusercontent.com/img/b/photo-${i}.jpg" width="400">`,
).join('');
it('a caret after the first of a row of images, past a comment of old markup', () => {
  const old = '<p>old <b>text</b></p>'.repeat(6);
  const source = `<p>Intro words here</p>\n<!-- ${old} -->\n<p>${row}More words.</p>`;
  const { source: shown, visual } = typedBothWays(source, afterImage(0));
  expect(visual).toContain('Intro words here|[img]|[img]^[img]');
  expect(shown).toBe(visual);
});

// c950738: pastTags reads a source's <iframe>…</iframe> (or <video>…</video>) as one unit, but
// takes as many steps as tagsIn counts in the editor's HTML (two tags, or three with a <source>):
// the window's centre lands one (two) long images past the caret, beyond the window's reach of
// it, and the next photo is matched (the tags are alike by name). Both pass at 8eb5add.
const rows = `<p>${[0, 1, 2, 3, 4, 5].map((i) => `<img src="https://blogger.googleusercontent.com/img/b/R29vZ2xl/AVvXsEh${'x'.repeat(260)}/s400/photo-${i}.jpg">`).join('')}`;

it('an <iframe> before a row of long images: caret after the first photo', () => {
  const source = `<p>Intro words here</p>\n<iframe src="https://www.youtube.com/embed/abc" width="560" height="315"></iframe>\n${rows}More words.</p>`;
  const { source: shown, visual } = typedBothWays(source, afterImage(0));
  expect(shown).toBe(visual);
});

it('a <video> with a <source> before them: caret after the first photo', () => {
  const source = `<p>Intro words here</p>\n<video controls><source src="https://x.test/v.mp4"></video>\n${rows}More words.</p>`;
  const { source: shown, visual } = typedBothWays(source, afterImage(0));
  expect(shown).toBe(visual);
});
