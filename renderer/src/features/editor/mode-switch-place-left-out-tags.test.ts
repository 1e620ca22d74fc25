// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { afterImage, by, typedBothWays } from '../../testing/stored-place';
import { textCountBefore } from './writer-place';

// Review R16: the window's centre is the count's place advanced past as many of the source's tags
// as the editor writes between its own count's place and the caret. HTML lets a post leave out
// `</p>`, `</li>`, `</td>` (hand-written and older posts do): the editor writes them, so it
// counted more tags than the source has there, and the advance ran on into the words after the
// caret, to the next tag however far that was; the alignment's window missed the caret, and that
// far place stood: a paragraph, list item or cell later. It now stops before any words, and
// where no alignment is found the count's own place stands.
const words = 'Long words here. '.repeat(60);

describe('a caret just after an image, in a post that leaves out optional end tags', () => {
  it('<p> without </p>: stays after the image, not ~1000 characters on', () => {
    const { source, visual } = typedBothWays(
      `<p>Intro<p><img src="a.png">${words}<p>Next para.</p>`,
      afterImage(0),
    );
    expect(visual.startsWith('Intro|[img]^Long words')).toBe(true);
    expect(source).toBe(visual);
  });

  it('<li> without </li>: stays in the second item, not at the start of the third', () => {
    const { source, visual } = typedBothWays(
      `<ul><li>one<li><img src="a.png"> ${words}<li>three</ul>`,
      afterImage(0),
    );
    expect(visual.startsWith('one|[img]^ Long words')).toBe(true);
    expect(source).toBe(visual);
  });

  it('<td> without </td>: stays in the second cell, not in the third', () => {
    const { source, visual } = typedBothWays(
      `<table><tr><td>one<td><img src="a.png"> ${words}<td>three</table>`,
      afterImage(0),
    );
    expect(visual.startsWith('one|[img]^ Long words')).toBe(true);
    expect(source).toBe(visual);
  });
});

// The same in markup with every end tag written: the editor writes the `<tbody>` a table was
// written without (the parser adds it), one tag more than the source has before the cell.
describe('a table written without <tbody>, the caret after an image in a cell', () => {
  it('a letter typed in source shows after the image, not above the table', () => {
    const { source, visual } = typedBothWays(
      `<p>Intro</p>\n<table><tr><td><img src="a.png"> ${words}</td><td>x</td></tr></table>\n<p>After</p>`,
      afterImage(0),
    );
    expect(visual.startsWith('Intro|[img]^ Long words')).toBe(true);
    expect(source.slice(0, 30)).toBe(visual.slice(0, 30));
  });
});

// Review R17: R16's stop before any words read a style sheet's rules as words (the caret after
// the image below it got a line of its own), and its fallback to the count's own place landed
// inside earlier words where the count ran early: past `&nbsp` and `&copy` written without their
// `;`, which the parser reads as one character each (the count now does too).
describe('markup and references before an image', () => {
  it('a legacy reference without ";" earlier, the caret after an image', () => {
    const { source, visual } = typedBothWays(
      `<p>Price:&nbsp10 &copy 2010</p>\n<p>Intro words here</p>\n<p><img src="a.png">More words.</p>`,
      afterImage(0),
    );
    expect(visual).toContain('[img]^More');
    expect(source).toBe(visual);
  });

  it('a long style sheet kept between the words and an image', () => {
    const css = `.post-body p { margin: 0 0 1em 0; line-height: 1.6; color: #333; }\n`.repeat(8);
    const { source, visual } = typedBothWays(
      `<p>Intro words here</p>\n<style>${css}</style>\n<p><img src="a.png">More words.</p>`,
      afterImage(0),
    );
    expect(visual).toContain('[img]^More');
    expect(source).toBe(visual);
  });

  it('an image whose alt holds ">"', () => {
    const { source, visual } = typedBothWays(
      `<p>Intro words here</p>\n<p><img alt="a > b" src="a.png">More words.</p>`,
      afterImage(0),
    );
    expect(source).toBe(visual);
  });

  it('by words after the drift', () => {
    const { source, visual } = typedBothWays(
      `<p>Price:&nbsp10 &copy 2010</p>\n<p>Intro words here</p>\n<p>More words.</p>`,
      by('More'),
    );
    expect(source).toBe(visual);
  });

  it('a number written without its ";" is one character of the count too', () => {
    const source = '<p>&#169 2010 &#xA9 2011</p>\n<p>Intro words here</p>';
    expect(textCountBefore(source, source.indexOf('here'))).toBe('© 2010 © 2011Intro words'.length);
  });
});
