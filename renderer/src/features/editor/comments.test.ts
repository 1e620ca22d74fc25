// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { safeCommentText } from './comments';
import { editorDocument } from './editor-content';
import { documentHtml, editorExtensions } from './extensions';
import { markupLoss, sameHtml, visualRoundTrip } from './fidelity';
import { cleanPastedHtml } from './paste';
import { sanitizeHtml } from './sanitize';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

describe('comments between blocks', () => {
  it('are kept as they came, spaces and all: WordPress block markers, an author’s note', () => {
    for (const html of [
      '<!-- wp:paragraph --><p>Words.</p><!-- /wp:paragraph -->',
      '<!-- wp:image {"id":12,"sizeSlug":"large"} --><figure class="wp-block-image size-large"><img src="https://example.com/a.jpg" alt=""></figure><!-- /wp:image -->',
      '<h2>Old</h2><!-- Old headings. Do not remove or links may break. --><p>x</p>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
  });

  it("among a line's words are kept where they stand", () => {
    for (const html of [
      '<p>See <a href="ch02.html">“Comparing”</a><!-- ignore --> in Chapter 2.</p>',
      '<p><em>a<!-- note -->b</em></p>',
      '<ul><li><!-- x -->One</li></ul>',
      '<h2>Title<!-- t --></h2>',
      '<pre><code>let a;<!-- note -->\nlet b;</code></pre>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(sameHtml(visualRoundTrip(html), html), visualRoundTrip(html)).toBe(true);
    }
  });

  it('where the editor holds no words (between items, before a block) are named as lost', () => {
    expect(markupLoss('<ul><!-- x --><li>One</li></ul>')).toEqual(['<!-- comments -->']);
    expect(markupLoss('<ul><li><!-- x --><p>One</p></li></ul>')).toEqual(['<!-- comments -->']);
  });

  it("among a line's words show as a quiet mark, not as text to edit", () => {
    editor = new Editor({
      extensions: editorExtensions,
      content: editorDocument('<p>a<!-- i -->b</p>').toJSON(),
    });
    const mark = editor.view.dom.querySelector('p .html-comment');
    expect(mark?.textContent).toBe('<!-- i -->');
    expect(mark?.getAttribute('contenteditable')).toBe('false');
    expect(editor.state.doc.textContent).toBe('ab');
  });

  it('show as a quiet line the writer can select, not as text to edit', () => {
    editor = new Editor({
      extensions: editorExtensions,
      content: sanitizeHtml('<!-- wp:paragraph --><p>Words.</p>'),
    });
    const line = editor.view.dom.querySelector('.html-comment');
    expect(line?.textContent).toBe('<!-- wp:paragraph -->');
    expect(line?.getAttribute('contenteditable')).toBe('false');
    expect(editor.state.doc.firstChild?.type.name).toBe('htmlComment');
  });

  it('never let markup out of a comment: text that would end it early is refused', () => {
    for (const text of ['--><script>alert(1)</script>', '>x', '->x', 'a--!>b', 'a<!--b', 'a<!-'])
      expect(safeCommentText(text), text).toBe(false);
    expect(safeCommentText(' wp:paragraph ')).toBe(true);
  });

  it('make no script of a crafted comment element in a paste', () => {
    // A page pasted with such an element, crafted: no comment is made of it, and no script.
    const crafted = `<div data-html-comment="${encodeURIComponent('--><script>alert(1)</script><!--')}"></div><p>x</p>`;
    editor = new Editor({ extensions: editorExtensions, content: cleanPastedHtml(crafted).html });
    expect(documentHtml(editor.state.doc)).toBe('<p>x</p>');
  });
});
