// @vitest-environment jsdom
import { Fragment, Slice } from '@tiptap/pm/model';
import { describe, expect, it, vi } from 'vitest';
import { editorDocument } from './editor-content';
import { sourcePlaceOf, visualPlaceOf } from './mode-switch-place';
import { textCountBefore } from './writer-place';
import { afterChild, by, storedCaret, type Doc } from '../../testing/stored-place';

// Whole corpus posts, at many carets: seconds in jsdom, three times that on a loaded machine
// (a review saw the 20 s default run out beside another suite).
vi.setConfig({ testTimeout: 60_000 });

// Review R11: the caret's place across a switch to HTML source, in a post as stored (not yet the
// editor's own HTML), where 7ac7b17's alignment, or the count before it, lost it.

const stored = import.meta.glob<string>('./corpus/*.html', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The document's text with "^" where a caret set at `offset` of the source lands. */
const landing = (source: string, offset: number) => {
  const doc = editorDocument(source);
  const { from } = visualPlaceOf(source, doc, offset, offset);
  return `${doc.textBetween(0, from, '|')}^${doc.textBetween(from, doc.content.size, '|')}`;
};

describe('a custom element named video-… or audio-… (Video.js’s <video-js>) is not a <video>', () => {
  // TAG's `<(…|video|audio)\b` takes `<video-js` for a <video> and skips to a `</video>` that
  // never comes: everything after it is out of the post for the count (7ac7b17's regression; the
  // same \b already misread <svg-…>, <title-…>, <style-…> and the like).
  const source =
    '<p>Intro.</p>\n<video-js controls class="video-js"><source src="https://x.test/v.mp4"></video-js>\n<p>After the clip.</p>\n<p>Last words.</p>';

  it('counts the words after it', () => {
    expect(textCountBefore(source, source.indexOf('Last'))).toBe('Intro.After the clip.'.length);
  });

  it('a caret in the words after it stays at those words in source', () => {
    expect(storedCaret(source, by('After the'))).toContain('<p>After the^ clip.</p>');
    expect(storedCaret(source, by('Last', true))).toContain('<p>^Last words.</p>');
  });

  it('a source caret in the words after it stays at those words in Visual', () => {
    expect(landing(source, source.indexOf(' clip'))).toBe('Intro.|After the^ clip.|Last words.');
  });

  it('the same for an <audio-player>', () => {
    const audio =
      '<p>Intro.</p>\n<audio-player src="https://x.test/a.mp3"></audio-player>\n<p>After the clip.</p>';
    expect(storedCaret(audio, by('After the'))).toContain('<p>After the^ clip.</p>');
  });
});

describe('a caret just after an image, with a line end after it in the source, stays before the line end', () => {
  // placeInReplacement (7ac7b17) skips the source's white space after the image's `<img … />`
  // unless the caret "ends a word"; an image is no word, so the caret went past the line end to
  // the next words: a letter typed there joins "by" ("Xby") instead of following the image.
  it('an image written `<img … />` among words', () => {
    const source = '<p>Rated\n<img src="https://x.test/s.png" alt="stars" />\nby readers.</p>';
    expect(storedCaret(source, afterChild('Rated', 1))).toBe(
      '<p>Rated\n<img src="https://x.test/s.png" alt="stars" />^\nby readers.</p>',
    );
  });

  it('an image after a line break', () => {
    const source = '<p>One<br />\n<img src="https://x.test/s.png" alt="s" />\nTwo</p>';
    expect(storedCaret(source, afterChild('One', 2))).toBe(
      '<p>One<br />\n<img src="https://x.test/s.png" alt="s" />^\nTwo</p>',
    );
  });

  it('an image in a link', () => {
    const source =
      '<p>See <a href="https://x.test/">\n<img src="https://x.test/b.png" alt="b" />\n</a> by us.</p>';
    expect(storedCaret(source, afterChild('See', 1))).toBe(
      '<p>See <a href="https://x.test/">\n<img src="https://x.test/b.png" alt="b" />^\n</a> by us.</p>',
    );
  });

  it('comes back to the same caret', () => {
    const source = '<p>Rated\n<img src="https://x.test/s.png" alt="stars" />\nby readers.</p>';
    const doc = editorDocument(source);
    const from = afterChild('Rated', 1)(doc);
    const [at] = sourcePlaceOf(source, doc, from, from);
    expect(visualPlaceOf(source, doc, at, at).from).toBe(from);
  });
});

describe('a caret just after an image opening an indented paragraph stays after the image', () => {
  // The alignment matched the editor's space after the image with the indent before it, and the
  // check after it counts only text (an image is none): the caret went to the far side of the image.
  // Not 7ac7b17's: the same before it.
  it('as WordPress or a hand writes it', () => {
    const source =
      '<p>We walked.</p>\n<p>\n  <img src="https://x.test/r.jpg" alt="r" />\n  By nine.</p>';
    expect(storedCaret(source, afterChild('By nine', 0))).toBe(
      '<p>We walked.</p>\n<p>\n  <img src="https://x.test/r.jpg" alt="r" />^\n  By nine.</p>',
    );
  });
});

describe('after a few mdBook listings with a file name, a caret keeps its place (not 7ac7b17’s)', () => {
  // The editor keeps the line end between `</span>` and `<pre>` of a listing's file name as a
  // space of text ("Filename: src/main.rs "); walkText does not count it. Each listing puts the
  // source's count one more behind the document's; past two, the check after the alignment
  // (|off| <= 1) refuses every right place, and the count's place stands, a character off per
  // listing (43-real-rust-book-reference-cycles: 109 of 120 sampled carets, up to 11 off).
  const listing =
    '<figure class="listing">\n<span class="file-name">Filename: src/main.rs</span>\n<pre class="playground"><code class="language-rust">fn main() {}\n</code></pre>\n</figure>\n';
  const source = `<p>Intro.</p>\n${listing}${listing}${listing}${listing}<p>The words after.</p>\n`;

  it('a caret ending a word after them stays at that word', () => {
    expect(storedCaret(source, by('The words'))).toContain('<p>The words^ after.</p>');
  });
});

// A letter typed at the source's caret shows where one typed at the visual caret would, at
// carets spread over two long real posts (review R11 counted 109 of 120 off in the second).
describe('a letter typed at the caret lands at the same words, in the Rust book’s pages', () => {
  it.each(['42-real-rust-book-ownership', '43-real-rust-book-reference-cycles'])('%s', (name) => {
    const source = stored[`./corpus/${name}.html`]!;
    const doc = editorDocument(source);
    const all: number[] = [];
    doc.descendants((node, pos) => {
      if (!node.isTextblock) return true;
      for (let at = 1; at <= node.content.size + 1; at += 1) all.push(pos + at);
      return false;
    });
    const carets = all.filter((_, i) => i % Math.ceil(all.length / 40) === 0);
    const off = carets.filter((from) => {
      const [at] = sourcePlaceOf(source, doc, from, from);
      const typed = editorDocument(`${source.slice(0, at)}\uE001${source.slice(at)}`);
      const shown = typed.textBetween(0, typed.content.size, '|').indexOf('\uE001');
      return shown !== doc.textBetween(0, from, '|').length;
    });
    expect(off).toEqual([]);
  });
});

describe('the start of a quote’s cite line in 38-wordpress-block-editor (7ac7b17’s regression)', () => {
  // The editor keeps `<!-- /wp:paragraph -->` at the start of the cite's line. Right before
  // 7ac7b17; after it, the caret at that line's start lands between `</p>` and the line end
  // after it, outside the paragraph and the cite: a letter typed there shows as " X…" (a space
  // the visual editor has not). Found by the corpus measure; not reduced.
  it('is not left between the paragraph’s close and the line end after it', () => {
    const source = stored['./corpus/38-wordpress-block-editor.html']!;
    const lineStart = (doc: Doc) => {
      let at = -1;
      doc.descendants((node, pos) => {
        if (at < 0 && node.isTextblock && node.textContent.includes('Proverb')) at = pos + 1;
        return at < 0;
      });
      return at;
    };
    expect(storedCaret(source, lineStart)).not.toContain('ago.</p>^');
  });
});

// Review R12 of R11's fix.
/** What the visual editor shows after a letter typed at the source's place, and at the caret. */
const typedBothWays = (source: string, find: (doc: Doc) => number) => {
  const doc = editorDocument(source);
  const from = find(doc);
  const [at] = sourcePlaceOf(source, doc, from, from);
  const typed = editorDocument(`${source.slice(0, at)}\uE001${source.slice(at)}`);
  const mark = doc.type.schema.text('\uE001', doc.resolve(from).marks());
  const inVisual = doc.replace(from, from, new Slice(Fragment.from(mark), 0, 0));
  return {
    source: typed.textBetween(0, typed.content.size, '|', '[img]'),
    visual: inVisual.textBetween(0, inVisual.content.size, '|', '[img]'),
  };
};

/** The first position of a textblock whose first child is an image. */
const afterFirstImage = (doc: Doc) => {
  let found = -1;
  doc.descendants((node, pos) => {
    if (found >= 0) return false;
    if (node.isTextblock && node.firstChild?.type.name === 'image') {
      found = pos + 1 + node.firstChild.nodeSize;
      return false;
    }
    return true;
  });
  return found;
};

/** The start of the first code block. */
const codeStart = (doc: Doc) => {
  let found = -1;
  doc.descendants((node, pos) => {
    if (found < 0 && node.type.name === 'codeBlock') found = pos + 1;
    return found < 0;
  });
  return found;
};

describe('a caret at the start of a listing whose first line is indented, stored as `<pre>` and a line end', () => {
  // The HTML parser drops a line end just after `<pre>`; the editor writes none. A caret before
  // the first line's indent has white space after it, so R11's `spaceNext` keeps it before
  // the source's own run (the `\n`), i.e. right after `<pre>`: a letter typed there makes that
  // line end text, and the listing gains an empty first line. Right before R11's change.
  const source = '<p>Intro.</p>\n<pre>\n  indented();\nnext();</pre>\n<p>After.</p>';

  it('stays after the line end the parser drops', () => {
    expect(storedCaret(source, codeStart)).toContain('<pre>\n^  indented();');
  });

  it('a letter typed there opens no new line in the listing', () => {
    const { source: shown, visual } = typedBothWays(source, codeStart);
    expect(shown).toBe(visual);
  });

  it('the same with attributes on the <pre>', () => {
    const withClass = '<p>Intro.</p>\n<pre class="x">\n    four();\n</pre>\n<p>After.</p>';
    expect(storedCaret(withClass, codeStart)).toContain('<pre class="x">\n^    four();');
  });
});

describe('39-blogger-classic: the caret just after the separator’s image (review R12)', () => {
  // The count's place is before the whole separator (an image holds no text), so the source's
  // window barely reaches the image. With tags equal by name, `<br>`/`<br />`, `<a …>` and the like
  // match far more, and the diff aligns the words after the caret with the post's first line
  // ("Spring at ^last", 45 characters of text off): refused, and the count's place stands, at the
  // end of the line before, the image's near side and another block. Right before R11's change.
  it('stays after the image', () => {
    const source = stored['./corpus/39-blogger-classic.html']!;
    expect(storedCaret(source, afterFirstImage)).toContain('width="320" />^</a></div>');
  });

  it('a letter typed there shows after the image, not at the end of the first line', () => {
    const source = stored['./corpus/39-blogger-classic.html']!;
    const { source: shown, visual } = typedBothWays(source, afterFirstImage);
    expect(shown).toBe(visual);
  });
});

describe('a caret after a space, before a tag the source names otherwise', () => {
  // The editor's one space matched the first of the source's `\n  `; the caret, after it and
  // before `<strong>` (the source's `<b>`, another name), stays in the middle of the run: a
  // letter typed there shows after a space of its own ("Alpha X beta", not "Alpha Xbeta").
  const source = '<p><span class="w">Alpha\n  <b>beta</b>\n  gamma</span>\n  delta</p>';
  const beforeBeta = () => 7; // after "Alpha ", before "beta"

  it('goes after the whole white-space run', () => {
    expect(storedCaret(source, beforeBeta)).toContain('Alpha\n  ^<b>beta');
  });

  it('a letter typed there lands before "beta"', () => {
    const { source: shown, visual } = typedBothWays(source, beforeBeta);
    expect(shown).toBe(visual);
  });
});

// Review R13: "in a listing" was read from the editor's HTML (the last `<pre` before the caret
// against the last `</pre`), and a kept comment that only mentions `<pre>` made every caret after
// it one in a listing; it is asked of the document now.
const NOTE = '<!-- code samples: use <pre> with a language class -->\n';

describe('a kept comment that mentions <pre> is taken for an open listing (review R13)', () => {
  const words = '<p><span class="w">Alpha\n  <b>beta</b>\n  gamma</span>\n  delta</p>';

  it('control: without the comment, R12 puts the caret past the run', () => {
    expect(storedCaret(words, by('beta', true))).toContain('Alpha\n  ^<b>beta');
  });

  it('with the comment, the caret after a space still goes past the run', () => {
    expect(storedCaret(NOTE + words, by('beta', true))).toContain('Alpha\n  ^<b>beta');
  });

  it('with the comment, a letter typed there lands before "beta"', () => {
    const { source, visual } = typedBothWays(NOTE + words, by('beta', true));
    expect(source).toBe(visual);
  });

  it('with the comment, a caret after an image stays before the line end (R11 spaceNext)', () => {
    const source = `${NOTE}<p>Rated\n<img src="https://x.test/s.png" alt="stars" />\nby readers.</p>`;
    expect(storedCaret(source, afterChild('Rated', 1))).toContain(
      '<img src="https://x.test/s.png" alt="stars" />^\nby readers.',
    );
  });

  it('with the comment, the image opening an indented paragraph: caret stays after the image', () => {
    const source = `${NOTE}<p>We walked.</p>\n<p>\n  <img src="https://x.test/r.jpg" alt="r" />\n  By nine.</p>`;
    expect(storedCaret(source, afterChild('By nine', 0))).toContain(
      '<img src="https://x.test/r.jpg" alt="r" />^\n  By nine.</p>',
    );
  });
});

describe('a kept comment that mentions <pre>: a letter typed after the image (review R13)', () => {
  it('shows right after the image, as in Visual', () => {
    const source = `${NOTE}<p>We walked.</p>\n<p>\n  <img src="https://x.test/r.jpg" alt="r" />\n  By nine.</p>`;
    const { source: shown, visual } = typedBothWays(source, afterChild('By nine', 0));
    expect(shown).toBe(visual);
  });
});
