// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { documentHtml, editorExtensions } from './extensions';
import { markupLoss, sameHtml, visualRoundTrip } from './fidelity';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const open = (html: string) =>
  (editor = new Editor({ extensions: editorExtensions, content: editorDocument(html).toJSON() }));

const anchors = (e: Editor) => {
  const found: unknown[] = [];
  e.state.doc.descendants(
    (node) => void (node.type.name === 'namedAnchor' && found.push(node.attrs.id)),
  );
  return found;
};

describe('named anchors', () => {
  it('are kept where they stand: an empty <a id> or <span id>, and a link that is a place too', () => {
    for (const html of [
      // mdBook, where a heading was renamed: old links still land.
      '<p><a id="accessing-array-elements"></a></p><h4 id="array-element-access">Array</h4>',
      '<p><span id="ferris"></span></p>',
      '<p>Before <a id="here" class="legacy"></a>after.</p>',
      // Node's documentation: each heading's "#" links to itself.
      '<h3>path.basename <a class="mark" href="#path_basename" id="path_basename">#</a></h3>',
      // A name DOMPurify refuses as an id (DOM clobbering), not as the anchor the editor keeps.
      '<p><a id="links"></a>Links</p>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(sameHtml(visualRoundTrip(html), html), visualRoundTrip(html)).toBe(true);
    }
  });

  it("are kept among a listing's lines, as Pygments anchors each line", () => {
    for (const html of [
      '<pre><code><a id="L1"></a>fn main() {\n<a id="L2"></a>}</code></pre>',
      '<pre><code>fn<span id="x"></span> main</code></pre>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
  });

  it('standing between blocks are kept there, between list items named, not given an item', () => {
    for (const html of [
      '<a id="old"></a><h2>Title</h2>',
      '<p>a</p><a name="more"></a><p>b</p>',
      '<blockquote><p>q</p><a id="x"></a></blockquote>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
    const list = '<ol><li>One</li><span id="x"></span><li>Two</li></ol>';
    expect(markupLoss(list)).toEqual(['<span>']);
    expect(visualRoundTrip(list)).toBe('<ol><li>One</li><li>Two</li></ol>');
  });

  it("around words (an older post's named places, by id or name) are kept around them", () => {
    for (const html of [
      '<h2><a name="intro">Introduction</a></h2><p>x</p>',
      '<p><a id="x">Words</a> more</p>',
      '<p><a name="x"><strong>b</strong> c</a></p>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
    // Typing at its end goes on outside it, and its id stays out of the app's page.
    const e = open('<h2><a id="intro">Introduction</a></h2>');
    e.commands.setTextSelection(e.state.doc.firstChild!.nodeSize - 1);
    e.commands.insertContent(' again');
    expect(documentHtml(e.state.doc)).toBe('<h2><a id="intro">Introduction</a> again</h2>');
    expect(e.view.dom.querySelector('#intro')).toBeNull();
  });

  it("show as a small # the writer can select, their id out of the app's page", () => {
    open('<p>Before<a id="old-heading"></a> after.</p>');
    const shown = editor!.view.dom.querySelector('.named-anchor');
    expect(shown?.textContent).toBe('#');
    expect(shown?.getAttribute('aria-label')).toBe('Anchor old-heading');
    expect(shown?.getAttribute('contenteditable')).toBe('false');
    expect(editor!.view.dom.querySelector('#old-heading')).toBeNull();
    expect(editor!.state.doc.textContent).toBe('Before after.');
  });

  it('are not doubled by a copy put in elsewhere: the copy goes, the original stays', () => {
    open('<p>One<a id="place"></a></p><p>Two</p>');
    const e = editor!;
    e.commands.insertContentAt(e.state.doc.content.size - 1, {
      type: 'namedAnchor',
      attrs: { id: 'place' },
    });
    expect(anchors(e)).toEqual(['place']);
    expect(documentHtml(e.state.doc)).toBe('<p>One<a id="place"></a></p><p>Two</p>');
  });
});
