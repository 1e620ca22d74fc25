// @vitest-environment jsdom
// WordPress's classic editor stores a post's paragraphs parted by blank lines alone, and a line
// break as a new line alone (it adds the <p> and <br> as it shows the post). The visual editor
// folded both as space: such a post opened in HTML source. It is now held as its readers see
// it, and saved as it came.
import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { JSDOM_PASTE, openEditor } from '../../testing/editor-fixture';
import { after, key } from '../../testing/editor-keys';
import { documentHtml } from './document-html';
import { editorDocument } from './editor-content';
import { markupLoss, visualRoundTrip } from './fidelity';

const CLASSIC = [
  'When the tide went out we walked to the island.',
  '',
  'The causeway was <strong>slick</strong> with weed,',
  'and the gulls followed us all the way.',
  '',
  '<h2>Coming back</h2>',
  'We ran the last of it.',
  '',
  '<img src="https://example.com/isle.jpg" alt="The isle"><br />',
  'The isle at dusk.',
].join('\n');

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

describe('a post stored as WordPress’s classic editor stores it', () => {
  it('opens in the visual editor as paragraphs and line breaks, nothing named lost', () => {
    expect(markupLoss(CLASSIC)).toEqual([]);
    const doc = editorDocument(CLASSIC);
    const blocks: string[] = [];
    doc.forEach((block) => {
      const parts: string[] = [];
      block.forEach((inline) => parts.push(inline.isText ? inline.text! : `[${inline.type.name}]`));
      blocks.push(`${block.type.name}: ${parts.join('')}`);
    });
    expect(blocks).toEqual([
      'paragraph: When the tide went out we walked to the island.',
      'paragraph: The causeway was slick with weed,[hardBreak]and the gulls followed us all the way.',
      'heading: Coming back',
      'paragraph: We ran the last of it.',
      // The source's own <br> and the new line after it are one line break, as WordPress has it.
      'paragraph: [image][hardBreak]The isle at dusk.',
    ]);
    // A new line alone, and the post's own <br> with the new line after it, each kept as such.
    expect(doc.child(1).child(3).attrs.newline).toBe('');
    expect(doc.lastChild!.child(1).attrs.newline).toBe('after-br');
  });

  it('is saved as it came, blank lines and new lines and all', () => {
    expect(visualRoundTrip(CLASSIC)).toBe(
      CLASSIC.replace('<br />', '<br>').replace('\n\n<h2>', '\n<h2>'),
    );
  });

  it('takes Enter as a new paragraph and Shift+Enter as a line break, in its own way', () => {
    const e = (editor = openEditor('First line of it all.\n\nSecond.'));
    e.commands.setTextSelection(after(e, 'First line'));
    expect(key(e, 'Enter')).toBe(true);
    e.commands.setTextSelection(after(e, 'of it'));
    expect(key(e, 'Enter', true)).toBe(true);
    expect(documentHtml(e.state.doc)).toBe('First line\n\n of it<br> all.\n\nSecond.');
  });

  it('gives a paste elsewhere its line breaks as <br>, not as new lines of a classic post', () => {
    const e = (editor = openEditor('One\ntwo\n\nThree.'));
    const { dom } = (e.view as any).serializeForClipboard(e.state.doc.slice(1, after(e, 'two')));
    const other = (editor = openEditor('<p>Here: and more.</p>'));
    other.commands.setTextSelection(after(other, 'Here: '));
    other.view.pasteHTML(dom.innerHTML, JSDOM_PASTE);
    expect(documentHtml(other.state.doc)).toBe('<p>Here: One<br>twoand more.</p>');
    e.destroy();
  });

  it('leaves a post without blank lines between its top-level words as before', () => {
    // A single new line among bare words is only space where no blank line says "classic".
    expect(visualRoundTrip('Hello\nworld<p>Para</p>')).toBe('Hello world<p>Para</p>');
    expect(editorDocument('Hello\nworld<p>Para</p>').firstChild!.childCount).toBe(1);
  });
});
