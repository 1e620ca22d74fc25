// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { after, key } from '../../testing/editor-keys';
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

  it("inside a quote, a wrapper, a cell or an item's sub-list are lines of their own there", () => {
    for (const html of [
      '<blockquote class="wp-block-quote"><!-- wp:paragraph --><p>Q</p><!-- /wp:paragraph --></blockquote>',
      '<div class="wp-block-column"><!-- wp:paragraph --><p>Left</p><!-- /wp:paragraph --></div>',
      '<table><tbody><tr><td><!-- c --><p>x</p></td></tr></tbody></table>',
      '<ul><li>Beans<!-- wp:list --><ul><li>runner</li></ul><!-- /wp:list --></li></ul>',
      '<details><summary>S</summary><!-- c --><p>x</p></details>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
  });

  it("between a list's items go with the item they frame, in their order", () => {
    for (const html of [
      '<ul><!-- wp:list-item --><li>a</li><!-- /wp:list-item --><!-- wp:list-item --><li>b</li><!-- /wp:list-item --></ul>',
      '<ol><li>a</li><!-- a note --><!-- /closing --><li>b</li></ol>',
      '<ul><li>a</li><!-- last --></ul>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
    editor = new Editor({
      extensions: editorExtensions,
      content: editorDocument(
        '<ul><!-- wp:list-item --><li>a</li><!-- /wp:list-item --><!-- wp:list-item --><li>b</li><!-- /wp:list-item --></ul>',
      ).toJSON(),
    });
    // A new item is plain; an item deleted takes its own comments with it.
    editor.commands.setTextSelection(after(editor, 'a'));
    expect(key(editor, 'Enter')).toBe(true);
    editor.commands.insertContent('new');
    expect(documentHtml(editor.state.doc)).toBe(
      '<ul><!-- wp:list-item --><li>a</li><!-- /wp:list-item --><li>new</li><!-- wp:list-item --><li>b</li><!-- /wp:list-item --></ul>',
    );
    const list = editor.state.doc.firstChild!;
    const start = 1 + list.child(0).nodeSize + list.child(1).nodeSize;
    editor.commands.deleteRange({ from: start, to: start + list.child(2).nodeSize });
    expect(documentHtml(editor.state.doc)).toBe(
      '<ul><!-- wp:list-item --><li>a</li><!-- /wp:list-item --><li>new</li></ul>',
    );
  });

  it("where the editor has no place (before an item's first line, among a table's rows) are named as lost", () => {
    expect(markupLoss('<ul><li><!-- x --><p>One</p></li></ul>')).toEqual(['<!-- comments -->']);
    expect(markupLoss('<table><tbody><!-- x --><tr><td>1</td></tr></tbody></table>')).toEqual([
      '<!-- comments -->',
    ]);
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
    editor.destroy();
    const item = `<ul><li data-comments-before="${encodeURIComponent(JSON.stringify(['--><script>alert(1)</script><!--']))}">y</li></ul>`;
    editor = new Editor({ extensions: editorExtensions, content: cleanPastedHtml(item).html });
    expect(documentHtml(editor.state.doc)).toBe('<ul><li>y</li></ul>');
  });
});
