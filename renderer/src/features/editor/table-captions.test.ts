// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { Fragment, Slice } from '@tiptap/pm/model';
import { TextSelection, type Command } from '@tiptap/pm/state';
import { CellSelection } from '@tiptap/pm/tables';
import { afterEach, describe, expect, it } from 'vitest';
import { after, key } from '../../testing/editor-keys';
import { editorDocument } from './editor-content';
import { documentHtml, editorExtensions } from './extensions';
import { markupLoss, visualRoundTrip } from './fidelity';
import { tableActions } from './tables';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const open = (html: string): Editor =>
  (editor = new Editor({ extensions: editorExtensions, content: editorDocument(html).toJSON() }));
const html = () => documentHtml((editor as Editor).state.doc);
const run = (label: string): boolean => {
  const e = editor as Editor;
  const command = tableActions.find((action) => action.label === label)?.command as Command;
  return command(e.state, e.view.dispatch);
};
const caretAfter = (words: string) => {
  const e = editor as Editor;
  e.commands.setTextSelection(after(e, words));
};

const MILES =
  '<table class="wp-table"><caption>Miles run</caption><thead><tr><th>Day</th><th>Miles</th></tr></thead>' +
  '<tbody><tr><td>Mon</td><td>4</td></tr></tbody></table>';

describe("a table's caption", () => {
  it('is saved first in its table, with the table and the caption as they came', () => {
    for (const table of [
      MILES,
      '<table><caption class="note">Only <em>this</em> year</caption><tbody><tr><td>1</td></tr></tbody></table>',
      '<figure><table><caption>In a figure</caption><tbody><tr><td>1</td></tr></tbody></table></figure>',
    ]) {
      expect(markupLoss(table), table).toEqual([]);
      expect(visualRoundTrip(table)).toBe(table);
    }
  });

  it('is written above the table, and its table is edited as any other', () => {
    open(MILES);
    const shown = editor!.view.dom.querySelector('[data-captioned-table] > [data-table-caption]');
    expect(shown?.textContent).toBe('Miles run');
    expect(shown?.nextElementSibling?.tagName).toBe('TABLE');
    caretAfter('Mon');
    expect(run('Add row below')).toBe(true);
    expect(html()).toBe(MILES.replace('</tbody>', '<tr><td></td><td></td></tr></tbody>'));
  });

  it('is added by the Caption tool, typed, and taken away by it again', () => {
    const plain = '<table class="wp-table"><tbody><tr><td>Mon</td><td>4</td></tr></tbody></table>';
    const e = open(plain);
    caretAfter('Mon');
    expect(run('Table caption')).toBe(true);
    expect(e.state.selection.$from.parent.type.name).toBe('tableCaption');
    expect(run('Insert table')).toBe(false);
    e.commands.insertContent('Week one');
    expect(html()).toBe(plain.replace('<tbody>', '<caption>Week one</caption><tbody>'));
    // From a cell, the caret stays in its cell.
    caretAfter('4');
    expect(run('Table caption')).toBe(true);
    expect(html()).toBe(plain);
    expect(e.state.selection.$from.parent.textContent).toBe('4');
  });

  it('goes on into the first cell by Enter, and goes by Backspace once empty', () => {
    const e = open(MILES);
    caretAfter('Miles run');
    expect(key(e, 'Enter')).toBe(true);
    expect(e.state.selection.$from.parent.textContent).toBe('Day');
    expect(html()).toBe(MILES);
    // Emptied (its words selected and typed over with nothing), then Backspace.
    caretAfter('Miles run');
    e.commands.deleteRange({
      from: e.state.selection.from - 'Miles run'.length,
      to: e.state.selection.from,
    });
    expect(html()).toBe(MILES.replace('Miles run', ''));
    expect(key(e, 'Backspace')).toBe(true);
    expect(html()).toBe(MILES.replace('<caption>Miles run</caption>', ''));
    expect(e.state.selection.$from.parent.textContent).toBe('Day');
  });

  it('leaves its words as a line when a deletion from it takes the table past its end', () => {
    const e = open(`<p>Before</p>${MILES.replace('Miles run', 'Cap')}<p>After</p>`);
    e.view.dispatch(
      e.state.tr.setSelection(TextSelection.create(e.state.doc, after(e, 'Ca'), after(e, 'Af'))),
    );
    e.commands.deleteSelection();
    expect(html()).toBe('<p>Before</p><p>Cater</p>');
    // The caret stays between the words it was between.
    e.commands.insertContent('x');
    expect(html()).toBe('<p>Before</p><p>Caxter</p>');
  });

  it('leaves its words as lines when two tables are emptied by one change', () => {
    const e = open(
      `${MILES.replace('Miles run', 'One')}<p>Xmid</p>${MILES.replace('Miles run', 'Two')}<p>Zend</p>`,
    );
    // The later one first, as a change may touch them in any order.
    const tr = e.state.tr.delete(after(e, 'Tw'), after(e, 'Ze'));
    tr.delete(after(e, 'On'), after(e, 'Xm'));
    e.view.dispatch(tr);
    expect(html()).toBe('<p>Onid</p><p>Twnd</p>');
  });

  it('takes a paste of words, links and formatting as any line does', () => {
    const e = open(MILES);
    caretAfter('Miles');
    const { schema } = e.state;
    const link = schema.marks.link!.create({ href: 'https://example.com/' });
    const words = Fragment.from([schema.text(' source', [link])]);
    const handled = e.view.someProp('handlePaste', (handle) =>
      handle(e.view, {} as ClipboardEvent, new Slice(words, 0, 0)),
    );
    expect(handled ?? false).toBe(false);
  });

  it('takes what is pasted into it as its words: blocks would split the table in two', () => {
    const e = open(MILES);
    caretAfter('Miles');
    const { schema } = e.state;
    const lines = Fragment.from([
      schema.nodes.paragraph!.create(null, schema.text(' x')),
      schema.nodes.paragraph!.create(null, schema.text('y')),
    ]);
    // jsdom has no clipboard events: the editor's paste handlers are asked as a paste would.
    const handled = e.view.someProp('handlePaste', (handle) =>
      handle(e.view, {} as ClipboardEvent, new Slice(lines, 1, 1)),
    );
    expect(handled).toBe(true);
    expect(html()).toBe(MILES.replace('Miles run', 'Miles x y run'));
  });

  it('taken away with cells selected leaves a selection in the table', () => {
    const e = open(MILES);
    const cellAt = (words: string) => e.state.doc.resolve(after(e, words)).before(-1);
    e.view.dispatch(
      e.state.tr.setSelection(CellSelection.create(e.state.doc, cellAt('Mon'), cellAt('4'))),
    );
    expect(run('Table caption')).toBe(true);
    expect(e.state.selection.$from.parent.inlineContent).toBe(true);
    e.commands.insertContent('Z');
    expect(html()).not.toContain('<p>');
  });

  it('goes with its table when the table is deleted, from a cell or from the caption', () => {
    for (const where of ['Mon', 'Miles run']) {
      open(`<p>Before</p>${MILES}<p>After</p>`);
      caretAfter(where);
      expect(run('Delete table')).toBe(true);
      expect(html()).toBe('<p>Before</p><p>After</p>');
      editor!.destroy();
    }
    editor = undefined;
  });
});
