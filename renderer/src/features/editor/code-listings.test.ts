// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { Fragment, Slice } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { after, key } from '../../testing/editor-keys';
import { editorDocument } from './editor-content';
import { documentHtml, editorExtensions } from './extensions';
import { markupLoss, visualRoundTrip } from './fidelity';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const open = (html: string) =>
  (editor = new Editor({ extensions: editorExtensions, content: editorDocument(html).toJSON() }));

// highlight.js's output: a line break between two highlighted words is a text node of its own.
const HIGHLIGHTED =
  '<pre><code class="hljs language-js"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;\n' +
  '<span class="hljs-keyword">const</span> b = <span class="hljs-string">"two"</span>;</code></pre>';
// mdBook's: the lines it hides from readers until asked, each in a span of its own.
const HIDDEN_LINES =
  '<pre class="playground"><code class="language-rust edition2024"><span class="boring">fn main() {\n' +
  '</span>let s = "hello";\n<span class="boring">}</span></code></pre>';

describe('code listings', () => {
  it("keep a highlighter's spans, its line breaks and the whole class of their <code>", () => {
    for (const html of [HIGHLIGHTED, HIDDEN_LINES]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
  });

  it('keep the text as code: no other formatting, named when a listing had some', () => {
    expect(markupLoss('<pre><code>let <em>a</em>;</code></pre>')).toEqual(['<em>']);
    expect(visualRoundTrip('<pre><code>let <em>a</em>;</code></pre>')).toBe(
      '<pre><code>let a;</code></pre>',
    );
  });

  it('show the spans as data, never as classes the app would style', () => {
    open(HIGHLIGHTED);
    const code = editor!.view.dom.querySelector('pre code');
    expect(code?.getAttribute('class')).toBeNull();
    expect(code?.getAttribute('data-kept-class')).toBe('hljs language-js');
    expect(code?.querySelector('[class]')).toBeNull();
    expect(code?.querySelectorAll('span[data-kept-class="hljs-keyword"]')).toHaveLength(2);
  });

  it('go on plain after a highlighted word, and Enter still breaks the line', () => {
    open(HIGHLIGHTED);
    const e = editor!;
    e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, after(e, 'const'))));
    e.commands.insertContent('ant');
    expect(key(e, 'Enter')).toBe(true);
    expect(documentHtml(e.state.doc)).toContain(
      '<span class="hljs-keyword">const</span>ant\n a = <span class="hljs-number">1</span>',
    );
  });

  it("keep a highlighter's spans nested in one another", () => {
    const nested =
      '<pre><code class="language-js"><span class="hljs-function"><span class="hljs-keyword">function</span> <span class="hljs-title">f</span>()</span> {}</code></pre>';
    expect(markupLoss(nested)).toEqual([]);
    expect(visualRoundTrip(nested)).toBe(nested);
  });

  it('hold no image: one is left out and named, the listing kept whole', () => {
    const html = '<pre><code>a<img src="https://example.com/x.png">b</code></pre>';
    expect(markupLoss(html)).toContain('<img>');
    expect(visualRoundTrip(html)).toBe('<pre><code>ab</code></pre>');
  });

  it('made a paragraph leave their highlighting behind: its classes would style prose', () => {
    open(HIGHLIGHTED);
    editor!.commands.setTextSelection(after(editor!, 'const'));
    editor!.commands.setParagraph();
    expect(documentHtml(editor!.state.doc)).not.toContain('<span');
    expect(editor!.state.doc.textContent).toContain('const a = 1;');
  });

  it('copied in part into a line of prose leave their highlighting behind', () => {
    open('<p>Write: </p>');
    editor!.commands.setTextSelection(after(editor!, 'Write:'));
    // What a paste of a listing's words brings: the listing, open at both ends (jsdom has no
    // clipboard events, so the slice is put in as ProseMirror's paste does).
    const { schema } = editor!.state;
    const words = [
      schema.text('const', [schema.marks.codeSpan!.create({ class: 'hljs-keyword' })]),
      schema.text(' a'),
    ];
    const slice = new Slice(Fragment.from(schema.nodes.codeBlock!.create(null, words)), 1, 1);
    editor!.view.dispatch(editor!.state.tr.replaceSelection(slice));
    expect(documentHtml(editor!.state.doc)).toBe('<p>Write:const a</p>');
  });

  it('keep the anchor and the comment of a paragraph made a listing', () => {
    open('<p>npm<a id="x"></a> test<!-- c --></p>');
    editor!.commands.setTextSelection(after(editor!, 'npm'));
    editor!.commands.setCodeBlock();
    expect(documentHtml(editor!.state.doc)).toBe(
      '<pre><code>npm<a id="x"></a> test<!-- c --></code></pre>',
    );
  });

  it('made from a paragraph are plain code, with no class', () => {
    open('<p>npm test</p>');
    editor!.commands.setCodeBlock();
    expect(documentHtml(editor!.state.doc)).toBe('<pre><code>npm test</code></pre>');
  });
});
