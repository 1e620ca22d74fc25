// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { typedBothWays, type Doc } from '../../testing/stored-place';

// Review R14: the carets the survey before it left off (corpus posts 14, 24 and 39), reduced or
// as found.
const stored = import.meta.glob<string>('./corpus/*.html', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const end = (doc: Doc) => doc.content.size - 1;

describe('the end of a post that ends in a bare image and a line end (corpus 14, 24)', () => {
  // The editor writes nothing after the caret; the source's final line end was taken as a run
  // of its own after every common unit, and its far side chosen: a letter typed there stood on a
  // line of its own.
  it('a letter typed there lands right after the image, as in Visual', () => {
    const source =
      '<p>The harbour at dawn:</p><img src="https://x.test/harbour.jpg" alt="Boats">\n';
    const { source: shown, visual } = typedBothWays(source, end);
    expect(visual).toBe('The harbour at dawn:|[img]^');
    expect(shown).toBe(visual);
  });

  it('the same past a link round the image (its `</a>` is the source’s own)', () => {
    const source =
      '<p>The harbour at dawn:</p><a href="https://x.test/big.jpg"><img src="https://x.test/harbour.jpg" alt="Boats"></a>\n\n';
    const { source: shown, visual } = typedBothWays(source, end);
    expect(visual).toBe('The harbour at dawn:|[img]^');
    expect(shown).toBe(visual);
  });
});

describe('39-blogger-classic: the caret after `<a name="more">`, before "The rest"', () => {
  // The count's place is the end of "lake." (images hold no text); the source's window reached
  // only 300 characters past it, and the separator's markup is longer: the real place was out of
  // reach, and the alignment picked an image's far side, in the block before.
  it('a letter typed there lands before "The rest"', () => {
    const source = stored['./corpus/39-blogger-classic.html']!.replace(/\r\n?/g, '\n');
    const before = (doc: Doc) => {
      let from = -1;
      doc.descendants((node, pos) => {
        if (from < 0 && node.isText && node.text!.startsWith('The rest')) from = pos;
        return from < 0;
      });
      return from;
    };
    const { source: shown, visual } = typedBothWays(source, before);
    expect(visual).toContain('[img][img]^The rest');
    expect(shown).toBe(visual);
  });
});
