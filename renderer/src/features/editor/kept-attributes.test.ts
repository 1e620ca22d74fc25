// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { documentHtml, editorExtensions } from './extensions';
import { markupLoss, sameHtml, visualRoundTrip } from './fidelity';
import { sanitizeHtml } from './sanitize';
import { editorDocument } from './editor-content';
import { after } from '../../testing/editor-keys';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

describe("a post's classes, styles and phrase markup", () => {
  it('are saved as they came', () => {
    for (const html of [
      '<h2 class="wp-block-heading has-text-align-center">A heading</h2>',
      '<p class="graf graf--p">A <strong class="markup--strong">Medium</strong> paragraph.</p>',
      '<p style="text-align: center">Centered</p><p><span style="color: #a33">Red</span> words.</p>',
      '<ol class="footnotes"><li id="fn1">Note.</li></ol>',
      '<p>See<sup id="fnref1"><a href="#fn1">1</a></sup>.</p>',
      '<blockquote cite="https://example.com/source"><p>Quoted, <cite>Someone</cite>.</p></blockquote>',
      '<p lang="fr" dir="ltr">Bonjour.</p><p>Press <kbd>Ctrl</kbd>+<kbd>S</kbd>, <mark>marked</mark>, <abbr title="HyperText Markup Language">HTML</abbr>, <q cite="https://example.com">quoted</q>, <small>small print</small>, <time datetime="2026-11-22">today</time>.</p>',
      '<p><img src="https://images.example.com/a-800.jpg" srcset="https://images.example.com/a-400.jpg 400w, https://images.example.com/a-800.jpg 800w" sizes="(max-width: 600px) 400px, 800px" alt="Field" loading="lazy" decoding="async" class="wp-image-12"></p>',
      '<pre class="playground"><code class="language-rust">fn main() {}</code></pre>',
      '<p>Listing <span class="caption">4-1</span> and <span id="ferris">Ferris</span>.</p>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(sameHtml(html, visualRoundTrip(html)), `${html}\n${visualRoundTrip(html)}`).toBe(true);
    }
  });

  it('stay out of the page while editing: data there, never a class or style of the app', () => {
    editor = new Editor({
      extensions: editorExtensions,
      content: sanitizeHtml('<p class="toolbar" style="color: red">Words</p>'),
    });
    const line = editor.view.dom.querySelector('p');
    expect(line?.getAttribute('class')).toBeNull();
    expect(line?.getAttribute('style')).toBeNull();
    expect(line?.getAttribute('data-kept-class')).toBe('toolbar');
    expect(documentHtml(editor.state.doc)).toBe('<p class="toolbar" style="color: red">Words</p>');
  });

  it("go with a paragraph's both halves when Enter splits it, as its look does", () => {
    editor = new Editor({
      extensions: editorExtensions,
      content: sanitizeHtml('<p class="graf">OneTwo</p>'),
    });
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 4)));
    editor.commands.enter();
    expect(documentHtml(editor.state.doc)).toBe('<p class="graf">One</p><p class="graf">Two</p>');
  });

  it('make no bold or italics of a style: the post had none', () => {
    for (const html of [
      '<p style="font-weight:bold">All bold</p>',
      '<p><span style="font-style: italic;">Blogger</span> and <span style="text-decoration: underline;">u</span></p>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
  });

  it('stay on the block they came on: a block Enter makes after it is plain', () => {
    for (const [html, words] of [
      ['<h2 class="wp-block-heading">Title</h2>', 'Title'],
      ['<p class="has-drop-cap">Once</p>', 'Once'],
    ] as const) {
      editor?.destroy();
      editor = new Editor({ extensions: editorExtensions, content: sanitizeHtml(html) });
      editor.commands.setTextSelection(1 + words.length);
      editor.commands.enter();
      editor.commands.insertContent('Next');
      expect(documentHtml(editor.state.doc)).toBe(`${html}<p>Next</p>`);
    }
  });

  it('end where they end: typing after a styled phrase or a key is plain', () => {
    editor = new Editor({
      extensions: editorExtensions,
      content: sanitizeHtml('<p><span style="color: #a33">Red</span></p><p><kbd>Ctrl</kbd></p>'),
    });
    editor.commands.setTextSelection(4);
    editor.commands.insertContent(' more');
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    editor.commands.insertContent('+S');
    expect(documentHtml(editor.state.doc)).toBe(
      '<p><span style="color: #a33">Red</span> more</p><p><kbd>Ctrl</kbd>+S</p>',
    );
  });

  it('keep a span around formatting outside it, and a span inside formatting inside it', () => {
    for (const html of [
      // WordPress's classic editor.
      '<p><strong><span style="color: #ff0000;">Update:</span></strong> fixed.</p>',
      '<p><em><span style="font-weight: 400;">Quoted</span></em></p>',
      '<p>See<sup><span id="fnref1">1</span></sup>.</p>',
      // mdBook's captions.
      '<p><span class="caption">Figure 4-1: a <code>String</code> in memory</span></p>',
      // A span in a span.
      '<p><span style="color:red">red <span lang="fr">rouge</span> red</span></p>',
      '<p><strong><span style="color:red">a</span></strong><span style="color:red"> b</span></p>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
  });

  it('are named when the editor would split formatting inside the same formatting', () => {
    // Three spans deep: the two outer ones are both around formatting, and one of a kind.
    expect(
      markupLoss(
        '<p><span class="a">a <span class="b">b <span class="c">c</span></span></span></p>',
      ),
    ).toContain('<span> inside <span>');
    expect(markupLoss('<p><b>a <strong>b</strong></b></p>')).toContain('<strong> inside <strong>');
  });

  it('twin elements stay apart when the one between them is deleted', () => {
    const e = (editor = new Editor({
      extensions: editorExtensions,
      content: editorDocument(
        '<p>Press <kbd>Ctrl</kbd><kbd>Shift</kbd><kbd>P</kbd> now</p>',
      ).toJSON(),
    }));
    const end = after(e, 'Shift');
    e.view.dispatch(
      e.state.tr.setSelection(TextSelection.create(e.state.doc, end - 'Shift'.length, end)),
    );
    e.commands.deleteSelection();
    expect(documentHtml(e.state.doc)).toBe('<p>Press <kbd>Ctrl</kbd><kbd>P</kbd> now</p>');
  });

  it('keep a span around a link around it, and one inside a link inside it', () => {
    for (const html of [
      '<p><span class="note"><a href="https://example.com/">a link</a> noted</span></p>',
      // WordPress's coloured link.
      '<p><a href="https://e.com/"><span style="color: #ff0000;"><strong>Red link</strong></span></a></p>',
      '<p><a href="https://e.com/"><span style="color: #ff0000;">Red <em>link</em></span></a></p>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
  });

  it('twin elements side by side stay two, not one run', () => {
    for (const html of [
      '<p>Press <kbd>⌘</kbd><kbd>C</kbd> to copy.</p>',
      '<p><code>a</code><code>b</code></p>',
      '<p><span class="badge">rust</span><span class="badge">go</span><span class="badge">c</span></p>',
      '<p><a href="https://example.com/">a</a><a href="https://example.com/">b</a></p>',
      '<pre><code><span class="boring">fn main() {\n</span><span class="boring">let a;\n</span>b</code></pre>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
  });

  it('on a summary and a caption are kept too', () => {
    for (const html of [
      '<details><summary class="toggle">More</summary><p>x</p></details>',
      '<figure class="wp-block-image"><img src="https://example.com/a.jpg" alt=""><figcaption class="wp-element-caption">A</figcaption></figure>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
  });

  it('a bare <span>, which carries nothing, is named like any other loss', () => {
    expect(markupLoss('<p><span>x</span></p>')).toEqual(['<span>']);
  });
});

describe("an older editor's markup (Blogger's)", () => {
  it('keeps a link’s style, an image’s border and its own data, the post’s trbidi, and a place named by name', () => {
    for (const html of [
      '<p><a href="https://e.com/a.jpg" style="margin-left: 1em"><img border="0" data-original-width="1600" src="https://e.com/s.jpg"></a></p>',
      '<p><img src="https://e.com/s.jpg" align="left" hspace="5" vspace="2"></p>',
      '<div dir="ltr" trbidi="on"><p>Words</p></div>',
      '<p><a name="more"></a>The rest of the walk.</p>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(sameHtml(visualRoundTrip(html), html), visualRoundTrip(html)).toBe(true);
    }
  });

  it("keeps the editor's own data names out of an image's data", () => {
    const html = visualRoundTrip(
      '<p><img src="https://e.com/s.jpg" data-kept-class="x" data-pm-slice="1" data-size="big"></p>',
    );
    expect(html).toBe('<p><img data-size="big" src="https://e.com/s.jpg" class="x"></p>');
  });
});

describe('sameHtml', () => {
  it('counts spaces beside a block as nothing, but not inside a code block', () => {
    expect(
      sameHtml('<div>\nWords<br>\n<div>x</div>\n</div>', '<div>Words<br><div>x</div></div>'),
    ).toBe(true);
    expect(sameHtml('<pre>  x</pre>', '<pre>x</pre>')).toBe(false);
    expect(sameHtml('<p>a <em>b</em></p>', '<p>a<em>b</em></p>')).toBe(false);
  });

  it('reads attributes in any order, and formatting of the same words nested either way, as the same', () => {
    expect(sameHtml('<p id="a" class="b">x</p>', '<p class="b" id="a">x</p>')).toBe(true);
    expect(sameHtml('<sup><a href="#fn1">1</a></sup>', '<a href="#fn1"><sup>1</sup></a>')).toBe(
      true,
    );
    expect(sameHtml('<b><i>x</i></b>', '<em><strong>x</strong></em>')).toBe(true);
  });

  it('keeps apart nestings that look different: a highlight, a size or a class around a link', () => {
    expect(
      sameHtml(
        '<mark class="c"><a href="#">l</a></mark>',
        '<a href="#"><mark class="c">l</mark></a>',
      ),
    ).toBe(false);
    expect(
      sameHtml(
        '<small><span style="font-size:20px">x</span></small>',
        '<span style="font-size:20px"><small>x</small></span>',
      ),
    ).toBe(false);
  });

  it('still tells different markup apart', () => {
    // The link covers more words in one than the other.
    expect(sameHtml('<sup><a href="#n">1</a></sup>2', '<a href="#n"><sup>1</sup>2</a>')).toBe(
      false,
    );
    expect(sameHtml('<p class="a">x</p>', '<p class="b">x</p>')).toBe(false);
    expect(sameHtml('<p id="a">x</p>', '<p>x</p>')).toBe(false);
  });
});
