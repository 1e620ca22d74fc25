// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { documentHtml, editorExtensions } from './extensions';
import { countHtml, markupLoss, sameHtml, visualRoundTrip } from './fidelity';
import { sanitizeHtml } from './sanitize';

describe('source mode round trip', () => {
  it('keeps what the visual editor can represent, unchanged', () => {
    const html =
      '<h2>Plan</h2><p>A <strong>bold</strong> <a href="https://example.com">link</a>.</p><ul><li>one</li></ul>';
    expect(markupLoss(html)).toEqual([]);
    expect(sameHtml(html, visualRoundTrip(html))).toBe(true);
  });

  it('names each kind of markup it would drop, with counts', () => {
    const html = '<nav><p>a</p></nav><nav><p>b</p></nav><p data-note="1"><span>x</span></p>';
    expect(markupLoss(html)).toEqual(['<nav> ×2', 'data-note="…" on <p>', '<span>']);
  });

  it('does not list attributes of an element it drops whole', () => {
    expect(markupLoss('<iframe src="https://x.example/embed" width="5"></iframe>')).toEqual([
      '<iframe>',
    ]);
  });

  it('keeps images where they stand: in a paragraph, in a line of text, in a link', () => {
    for (const html of [
      '<p>Before</p><p><img src="https://x.example/a.jpg" alt="A"></p><p>After</p>',
      '<p>Rated <img src="https://x.example/4.png" alt="4"> and <a href="https://x.example/r"><img src="https://x.example/b.png" alt="pick"></a>.</p>',
      '<blockquote><img src="https://x.example/a.jpg" alt="A"></blockquote>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(sameHtml(html, visualRoundTrip(html)), html).toBe(true);
    }
  });

  it('names an element moved out of where it stood, though every tag is kept', () => {
    // A block link, and a heading in a list item: the editor lifts them out.
    expect(markupLoss('<a href="https://x.example"><p>Block link</p></a>')).toEqual([
      '<p> inside <a>',
    ]);
    expect(markupLoss('<ul><li><h2>Head</h2><p>x</p></li></ul>')).toEqual(['<h2> inside <li>']);
    // Not for what goes with a dropped element anyway.
    expect(markupLoss('<nav class="card"><p>x</p></nav>')).toEqual(['<nav>']);
  });

  it("counts a code block's whitespace, and folds it elsewhere", () => {
    const code = '<pre><code>if (x) {\n  go();\n}</code></pre>';
    expect(sameHtml(code, visualRoundTrip(code))).toBe(true);
    expect(sameHtml(code, '<pre><code>if (x) {\n go();\n}</code></pre>')).toBe(false);
    expect(sameHtml(code, '<pre><code>if (x) { go(); }</code></pre>')).toBe(false);
    // A loose list item (its own paragraph) whose text runs over two lines, as Markdown makes it.
    const loose = '<ul><li><p>Runs before\nthe package is packed</p></li><li>Then</li></ul>';
    expect(sameHtml(loose, visualRoundTrip(loose))).toBe(true);
    expect(sameHtml('<p>a\n  b</p>', '<p>a b</p>')).toBe(true);
  });

  it('keeps ids on headings, code inside links, superscript and subscript', () => {
    const html =
      '<h2 id="setup">Setup</h2><h2 id="links">Links</h2><p id="title">See <a href="#setup"><code>npm install</code></a>: 2<sup>n</sup> and H<sub>2</sub>O.</p>';
    expect(markupLoss(html)).toEqual([]);
    expect(sameHtml(html, visualRoundTrip(html))).toBe(true);
  });

  it("shows a post's ids in the editing view only as data, so they never meet the app's own", () => {
    const editor = new Editor({
      extensions: editorExtensions,
      content: sanitizeHtml('<h2 id="list-title">Mine</h2><p id="add-name">Words</p>'),
    });
    try {
      expect(editor.view.dom.querySelector('[id]')).toBeNull();
      expect(editor.view.dom.querySelector('h2')?.getAttribute('data-anchor-id')).toBe(
        'list-title',
      );
      expect(documentHtml(editor.state.doc)).toBe(
        '<h2 id="list-title">Mine</h2><p id="add-name">Words</p>',
      );
      // Enter in the middle of the heading: the second half is not a second "list-title".
      editor.commands.setTextSelection(3);
      editor.commands.splitBlock();
      expect(documentHtml(editor.state.doc)).toBe(
        '<h2 id="list-title">Mi</h2><h2>ne</h2><p id="add-name">Words</p>',
      );
    } finally {
      editor.destroy();
    }
  });

  it('tells twin formatting side by side from one run of it', () => {
    expect(sameHtml('<p><kbd>⌘</kbd><kbd>C</kbd></p>', '<p><kbd>⌘C</kbd></p>')).toBe(false);
    expect(markupLoss('<p><kbd>⌘</kbd><kbd>C</kbd></p>')).toEqual([]);
  });

  it('keeps a span with a look of its own around the formatting it holds, and names the other way', () => {
    const caption =
      '<p><span class="caption">Figure 4-1: a <code>String</code> in memory</span></p>';
    expect(markupLoss(caption)).toEqual([]);
    expect(visualRoundTrip(caption)).toBe(caption);
    // The editor writes an <em> outside any <mark>: a highlight's class then styles it otherwise.
    const inside = '<p><mark class="hl"><em>Note</em> this</mark></p>';
    expect(markupLoss(inside)).toEqual(['<em> inside <mark>']);
  });

  it('treats equivalent spellings as kept', () => {
    expect(markupLoss('<p><b>x</b> <i>y</i> <strike>z</strike></p>')).toEqual([]);
  });

  it('never lets scripts, handlers or javascript: links through', () => {
    const clean = sanitizeHtml(
      '<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a><img src=x onerror="y()">',
    );
    expect(clean).not.toMatch(/onclick|<script|javascript:|onerror/);
    expect(clean).toContain('<p>a</p>');
  });

  it('keeps harmless attributes and relative addresses, and still refuses script URLs', () => {
    const clean = sanitizeHtml(
      '<ol start="3" dir="rtl" lang="he"><li>x</li></ol>' +
        '<p><img src="images/a.png" width="600" height="400" alt="A"></p>' +
        '<p><a href="tel:+441234" hreflang="en">call</a> <a href="/about">about</a></p>' +
        '<p><a href="java&#x09;script:alert(1)">a</a><a href="vbscript:x">b</a>' +
        '<a href="data:text/html,<script>alert(1)</script>">c</a></p>',
    );
    for (const kept of [
      'start="3"',
      'dir="rtl"',
      'lang="he"',
      'src="images/a.png"',
      'width="600"',
      'height="400"',
      'href="tel:+441234"',
      'hreflang="en"',
      'href="/about"',
    ])
      expect(clean).toContain(kept);
    expect(clean).not.toMatch(/script:|data:/i);
    // An ordered list that starts at 3 is now something the visual editor keeps.
    expect(markupLoss('<ol start="3"><li><p>x</p></li></ol>')).toEqual([]);
  });

  it('counts words across blocks', () => {
    expect(countHtml('<h2>Two words</h2><p>and three more</p><ul><li>five</li></ul>')).toEqual({
      words: 6,
      minutes: 1,
    });
    expect(countHtml('<table><caption>Tides</caption><tr><td>high</td></tr></table>').words).toBe(
      2,
    );
  });
});
