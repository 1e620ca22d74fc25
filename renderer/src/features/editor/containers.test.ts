// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { documentHtml, editorExtensions } from './extensions';
import { markupLoss, sameHtml, visualRoundTrip } from './fidelity';
import { cleanPastedHtml } from './paste';
import { sanitizeHtml } from './sanitize';
import { key } from '../../testing/editor-keys';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

describe('wrappers (<div>, <section>, …) in the visual editor', () => {
  it('are saved as they came: classes, ids, roles and data, words bare or in paragraphs, nested', () => {
    for (const html of [
      '<p>Intro.</p><div class="kg-card kg-callout-card"><div class="kg-callout-emoji">💡</div><div class="kg-callout-text">Remember to back up.</div></div>',
      '<section id="fs-promises-api" role="region" data-stability="2"><h2>Promises API</h2><p>Words.</p></section>',
      '<div class="table-wrapper"><table><tbody><tr><td>a</td></tr></tbody></table></div>',
      '<blockquote><p>Quoted.</p><footer>— <cite>Someone</cite></footer></blockquote>',
      '<aside lang="fr"><p>Une note.</p></aside><article><header><h2>T</h2></header><p>x</p></article>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      // Attributes may come back in another order (an anchor is written last).
      expect(sameHtml(html, visualRoundTrip(html)), visualRoundTrip(html)).toBe(true);
    }
  });

  it('are framed and named in the editing view, never given the post’s class or id there', () => {
    editor = new Editor({
      extensions: editorExtensions,
      content: sanitizeHtml('<div class="toolbar" id="main"><p>Words</p></div>'),
    });
    const box = editor.view.dom.querySelector('.container-block');
    expect(box?.querySelector('.container-label')?.textContent).toBe('<div class="toolbar">');
    expect(editor.view.dom.querySelector('.toolbar, #main')).toBeNull();
    expect(documentHtml(editor.state.doc)).toBe(
      '<div id="main" class="toolbar"><p>Words</p></div>',
    );
  });

  it('keep words loose beside their blocks loose, name a wrapper inside a line, and keep an empty one empty', () => {
    for (const html of [
      '<div>one<p>two</p></div>',
      '<ul><li>Item<div class="x"><p>more</p></div></li></ul>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
    expect(markupLoss('<ul><li><div class="x">Item</div></li></ul>')).toContain(
      '<div> inside <li>',
    );
    expect(visualRoundTrip('<p>a</p><div class="spacer"></div>')).toBe(
      '<p>a</p><div class="spacer"></div>',
    );
  });

  it('are left behind by a paste from another page, its lines kept', () => {
    const { html } = cleanPastedHtml(
      '<div class="article"><section><p>One</p></section><div><p>Two</p></div></div>',
    );
    expect(visualRoundTrip(html)).toBe('<p>One</p><p>Two</p>');
  });

  it('are left by Enter on an empty last line, as a list is', () => {
    editor = new Editor({
      extensions: editorExtensions,
      content: sanitizeHtml('<div class="note"><p>Words</p></div>'),
    });
    editor.commands.setTextSelection(7);
    editor.commands.enter();
    expect(key(editor, 'Enter')).toBe(true);
    editor.commands.insertContent('Outside');
    expect(documentHtml(editor.state.doc)).toBe(
      '<div class="note"><p>Words</p></div><p>Outside</p>',
    );
  });
});
