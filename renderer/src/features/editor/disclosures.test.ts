// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { toggleDisclosure } from './disclosures';
import { documentHtml, editorExtensions } from './extensions';
import { markupLoss, visualRoundTrip } from './fidelity';
import { sanitizeHtml } from './sanitize';
import { after, key } from '../../testing/editor-keys';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const open = (html: string): Editor =>
  (editor = new Editor({ extensions: editorExtensions, content: sanitizeHtml(html) }));
const html = () => documentHtml((editor as Editor).state.doc);
/** The caret just after `words`. */
const caretAfter = (e: Editor, words: string): void =>
  e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, after(e, words))));

describe('disclosures (<details>) in the visual editor', () => {
  it('are saved as they came: open or folded, words bare or in paragraphs, no summary, nested', () => {
    for (const details of [
      '<details><summary>Spoilers</summary><p>The butler did it.</p></details>',
      '<details open=""><summary>Output</summary><pre><code>$ npm test\nok</code></pre></details>',
      '<details><summary>Bare</summary>Words with <em>no</em> paragraph.</details>',
      '<details><p>No summary: the browser says "Details".</p></details>',
      '<details><summary>Outer</summary><details><summary>Inner</summary><p>x</p></details></details>',
      '<ul><li><p>Item</p><details><summary>More</summary><p>y</p></details></li></ul>',
    ]) {
      expect(markupLoss(details), details).toEqual([]);
      expect(visualRoundTrip(details)).toBe(details);
    }
  });

  it('show the writer every word, never folded, with a switch for whether readers find it open', () => {
    const e = open('<details><summary>Spoilers</summary><p>The butler did it.</p></details>');
    const block = e.view.dom.querySelector('.disclosure');
    // A <div>, not a <details>: one folded in the editor would hide what is being edited.
    expect(e.view.dom.querySelector('details')).toBeNull();
    expect(block?.textContent).toContain('The butler did it.');
    const readers = () =>
      e.view.dom.querySelector<HTMLButtonElement>('button.disclosure-readers') as HTMLButtonElement;
    expect(readers().textContent).toBe('Open for readers');
    expect(readers().getAttribute('aria-pressed')).toBe('false');
    readers().click();
    expect(readers().getAttribute('aria-pressed')).toBe('true');
    expect(html()).toBe(
      '<details open=""><summary>Spoilers</summary><p>The butler did it.</p></details>',
    );
    // The switch is not part of the text: the words typed go where the caret is.
    caretAfter(e, 'did it.');
    e.commands.insertContent(' Twice.');
    readers().click();
    expect(html()).toBe(
      '<details><summary>Spoilers</summary><p>The butler did it. Twice.</p></details>',
    );
  });

  it('Enter in the summary goes on into the first line; on an empty last line it leaves', () => {
    const e = open('<details><summary>More</summary><p>One</p></details>');
    caretAfter(e, 'More');
    expect(key(e, 'Enter')).toBe(true);
    e.commands.insertContent('Zero');
    expect(html()).toBe('<details><summary>More</summary><p>Zero</p><p>One</p></details>');
    caretAfter(e, 'One');
    e.commands.enter();
    expect(key(e, 'Enter')).toBe(true);
    e.commands.insertContent('Outside');
    expect(html()).toBe(
      '<details><summary>More</summary><p>Zero</p><p>One</p></details><p>Outside</p>',
    );
  });

  it('keeps its only line on Enter there: a disclosure holds at least one', () => {
    const e = open('<details><summary>More</summary><p></p></details>');
    caretAfter(e, 'More');
    key(e, 'Enter');
    expect(e.state.selection.$from.parent.type.name).toBe('paragraph');
    // The line stays; Enter makes a second, and from that one the writer leaves.
    key(e, 'Enter');
    expect(e.state.doc.child(0).childCount).toBe(3);
    key(e, 'Enter');
    e.commands.insertContent('Out');
    expect(html()).toBe('<details><summary>More</summary><p></p></details><p>Out</p>');
  });

  it('keep words loose beside blocks loose, and name an empty one, which the editor would fill', () => {
    for (const html of [
      '<details><summary>S</summary>one<p>two</p></details>',
      '<blockquote><p>q</p><cite>who</cite></blockquote>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
    expect(markupLoss('<dl><dt>t</dt><dd>one<p>two</p></dd></dl>')).toContain(
      'words beside blocks in <dd>',
    );
    expect(markupLoss('<details><summary>S</summary></details>')).toContain('empty <details>');
  });

  it('are not made where one cannot stand: in a caption, nothing happens and nothing breaks', () => {
    const e = open(
      '<figure><img src="https://example.com/a.jpg" alt=""><figcaption>Cap</figcaption></figure>',
    );
    caretAfter(e, 'Cap');
    const before = html();
    expect(toggleDisclosure(e.state, e.view.dispatch)).toBe(false);
    expect(html()).toBe(before);
  });

  it('are made from the lines selected, the summary ready to type over, and taken apart again', () => {
    const e = open('<p>Intro</p><p>Long aside</p><p>More aside</p>');
    e.commands.setTextSelection({ from: 9, to: 25 });
    expect(toggleDisclosure(e.state, e.view.dispatch)).toBe(true);
    expect(e.state.doc.textBetween(e.state.selection.from, e.state.selection.to)).toBe('Details');
    e.commands.insertContent('Why');
    expect(html()).toBe(
      '<p>Intro</p><details><summary>Why</summary><p>Long aside</p><p>More aside</p></details>',
    );
    caretAfter(e, 'Long');
    expect(toggleDisclosure(e.state, e.view.dispatch)).toBe(true);
    expect(html()).toBe('<p>Intro</p><p>Why</p><p>Long aside</p><p>More aside</p>');
    // A summary with no words leaves no empty line behind.
    open('<details><summary></summary><p>Aside</p></details>');
    caretAfter(editor as Editor, 'Aside');
    expect(toggleDisclosure((editor as Editor).state, (editor as Editor).view.dispatch)).toBe(true);
    expect(html()).toBe('<p>Aside</p>');
  });
});
