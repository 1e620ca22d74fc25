// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { afterImage, by, typedBothWays } from '../../testing/stored-place';
import { textCountBefore } from './writer-place';

// Review R18: markup read as the HTML parser reads it, in the count and in the switch's place.
// writer-place.ts TAG (read by the count, outsideMarkup and, since c950738, pastTags):
// `<!-->` and `<!--->` are whole (empty) comments to the parser, and a `<!…>` or `<?…>` (a
// bogus comment: CDATA, PHP) ends at its first `>` whatever quotes it holds. TAG runs the first
// on to the next `-->`, the second to a closing quote, through the words after them.
describe('comments as the parser ends them', () => {
  it('`<!-->` is a whole comment: the words after it count', () => {
    const source = '<p>A <!--> B --> C</p>';
    expect(textCountBefore(source, source.length)).toBe('A  B --> C'.length);
  });

  it('a letter typed after an image past `<!-->` lands after the image', () => {
    const { source, visual } = typedBothWays(
      '<p>Intro words here</p>\n<!-->\n<p><img src="a.png">More words. --> end</p>',
      afterImage(0),
    );
    expect(source).toBe(visual);
  });

  it('a `<?php … ?>` holding a quoted ">": a letter typed after "More" lands there', () => {
    const { source, visual } = typedBothWays(
      '<p>Intro words here</p>\n<?php echo "a>b"; ?>\n<p>More "words" here.</p>',
      by('More'),
    );
    expect(source).toBe(visual);
  });
});

// writer-place.ts TAG reads a `"` or `'` anywhere in a tag as opening a quoted value (the parser:
// only just after `=`). A stray quote (`width="100%""`, an unquoted `title=Bob's`) runs the tag on
// to the next such quote, through the words after it: they are out of the count, and every place
// after it is that many characters early (pastTags reads through unitEnd too since c950738).
describe('a stray quote inside a tag', () => {
  it('the count reads the words after `<table width="100%"">`', () => {
    const source =
      '<p>Intro</p>\n<table width="100%""><tr><td>Cell words "x"</td></tr></table>\n<p>Last</p>';
    expect(textCountBefore(source, source.length)).toBe('IntroCell words "x"Last'.length);
  });

  it('a letter typed after "Last" lands after "Last"', () => {
    const { source, visual } = typedBothWays(
      '<p>Intro</p>\n<table width="100%""><tr><td>Cell words "x"</td></tr></table>\n<p>Last words.</p>',
      by('Last'),
    );
    expect(source).toBe(visual);
  });

  it('the same past an unquoted title holding an apostrophe', () => {
    const { source, visual } = typedBothWays(
      `<p>Intro <a href=x.html title=Bob's>Bob</a> words</p>\n<p>Last words don't.</p>`,
      by('Last'),
    );
    expect(source).toBe(visual);
  });
});

// writer-place.ts TAG reads a <textarea>'s tags as tags, but its insides are text to the parser
// (the editor shows `<b>y</b>` as those letters): every place after it is that many characters
// early to the count.
it('a letter typed after "Last", past a <textarea> holding markup, lands after "Last"', () => {
  const { source, visual } = typedBothWays(
    '<p>Intro</p>\n<textarea>x <b>y</b> z</textarea>\n<p>Last words here.</p>',
    by('Last'),
  );
  expect(source).toBe(visual);
});

// writer-place.ts REFERENCE tries `[a-zA-Z][a-zA-Z\d]*;` before the legacy names: any run of
// letters ending in ";" is one character of the count, though the parser knows no such name and
// reads the longest old name it begins with (`&notit;` is "¬it;", `&ampfoo;` is "&foo;").
describe('a name ending in ";" that is no name, beginning with an old one', () => {
  it('the count reads `&notit;` as the parser does: four characters', () => {
    const source = '<p>A &notit; B</p>';
    expect(textCountBefore(source, source.length)).toBe('A ¬it; B'.length);
  });

  it('a letter typed after "More" lands after "More" (the caret went 3 characters on)', () => {
    const { source, visual } = typedBothWays(
      '<p>Intro &notit; words here</p>\n<p>More words.</p>',
      by('More'),
    );
    expect(visual).toContain('More^ words.');
    expect(source).toBe(visual);
  });

  it('the same past `&ampfoo;` (parser: "&foo;")', () => {
    const { source, visual } = typedBothWays(
      '<p>Q&ampA; words here</p>\n<p>More words.</p>',
      by('More'),
    );
    expect(source).toBe(visual);
  });
});
