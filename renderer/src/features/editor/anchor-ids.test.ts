// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { documentHtml, editorExtensions } from './extensions';
import { sanitizeHtml } from './sanitize';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const open = (html: string): Editor =>
  (editor = new Editor({ extensions: editorExtensions, content: sanitizeHtml(html) }));
const html = () => documentHtml((editor as Editor).state.doc);
/** The position just inside the start of the nth block. */
const startOf = (e: Editor, n: number): number => {
  let at = -1;
  e.state.doc.forEach((_node, offset, index) => {
    if (index === n) at = offset + 1;
  });
  return at;
};

describe('anchors (ids on headings and paragraphs)', () => {
  it('stay with the words when Enter is pressed at the start of a block', () => {
    const e = open('<p id="intro">Words</p>');
    e.commands.setTextSelection(startOf(e, 0));
    e.commands.splitBlock();
    expect(html()).toBe('<p></p><p id="intro">Words</p>');
  });

  it('stay with the first half when a heading is split in the middle', () => {
    const e = open('<h2 id="plan">Mine</h2>');
    e.commands.setTextSelection(startOf(e, 0) + 2);
    e.commands.splitBlock();
    expect(html()).toBe('<h2 id="plan">Mi</h2><h2>ne</h2>');
  });

  it('stay on the original when a copy of it is pasted above it', () => {
    const e = open('<p>Lead</p><h2 id="plan">Plan</h2>');
    e.commands.insertContentAt(0, '<h2 data-anchor-id="plan">Plan, again</h2>');
    expect(html()).toBe('<h2>Plan, again</h2><p>Lead</p><h2 id="plan">Plan</h2>');
  });

  it('sent doubled by the service stay doubled, and an edit adds no third', () => {
    const e = open('<p id="a">one</p><p id="a">two</p>');
    e.commands.setTextSelection(startOf(e, 0) + 1);
    e.commands.splitBlock();
    expect(html()).toBe('<p id="a">o</p><p>ne</p><p id="a">two</p>');
  });

  it('stay on a paragraph made a code block, and back, and on a code block as it came', () => {
    const e = open('<p id="run">npm start</p><pre id="out"><code>ok</code></pre>');
    e.commands.setTextSelection(startOf(e, 0) + 1);
    e.chain().focus().toggleCodeBlock().run();
    expect(html()).toBe(
      '<pre id="run"><code>npm start</code></pre><pre id="out"><code>ok</code></pre>',
    );
    e.chain().focus().toggleCodeBlock().run();
    expect(html()).toBe('<p id="run">npm start</p><pre id="out"><code>ok</code></pre>');
  });

  it('keep their ids when several headings change level at once', () => {
    const e = open('<h2 id="one">One</h2><h2 id="two">Two</h2>');
    e.commands.setTextSelection({ from: startOf(e, 0), to: startOf(e, 1) + 3 });
    e.chain().focus().toggleHeading({ level: 3 }).run();
    expect(html()).toBe('<h3 id="one">One</h3><h3 id="two">Two</h3>');
  });

  it('on a mark (a footnote’s mark, a span) are not doubled by Enter or by a copy pasted', () => {
    const e = open('<p>See <span id="ferris">Ferris the crab</span>.</p>');
    e.commands.setTextSelection(11);
    e.commands.splitBlock();
    expect(html()).toBe('<p>See <span id="ferris">Ferris</span></p><p> the crab.</p>');
    const f = open('<p>A claim<sup id="fnref1">1</sup>.</p><p>Again</p>');
    f.commands.setTextSelection(f.state.doc.content.size - 1);
    f.commands.insertContent('<sup data-anchor-id="fnref1">1</sup>');
    expect(html()).toBe('<p>A claim<sup id="fnref1">1</sup>.</p><p>Again<sup>1</sup></p>');
  });
});
