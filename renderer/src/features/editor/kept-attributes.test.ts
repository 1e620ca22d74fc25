// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { documentHtml, editorExtensions } from './extensions';
import { markupLoss, sameHtml, visualRoundTrip } from './fidelity';
import { sanitizeHtml } from './sanitize';

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

  it('a bare <span>, which carries nothing, is named like any other loss', () => {
    expect(markupLoss('<p><span>x</span></p>')).toEqual(['<span>']);
  });
});

describe('sameHtml', () => {
  it('reads attributes in any order, and formatting of the same words nested either way, as the same', () => {
    expect(sameHtml('<p id="a" class="b">x</p>', '<p class="b" id="a">x</p>')).toBe(true);
    expect(sameHtml('<sup><a href="#fn1">1</a></sup>', '<a href="#fn1"><sup>1</sup></a>')).toBe(
      true,
    );
    expect(sameHtml('<b><i>x</i></b>', '<em><strong>x</strong></em>')).toBe(true);
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
