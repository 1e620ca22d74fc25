// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import type { Command } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { documentHtml, editorExtensions } from './extensions';
import { markupLoss, visualRoundTrip } from './fidelity';
import { sanitizeHtml } from './sanitize';
import { tableActions } from './tables';
import { editorDocument } from './editor-content';
import { CellSelection } from '@tiptap/pm/tables';
import { key } from '../../testing/editor-keys';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const open = (html: string): Editor =>
  (editor = new Editor({ extensions: editorExtensions, content: sanitizeHtml(html) }));
const html = () => documentHtml((editor as Editor).state.doc);
const run = (label: string): boolean => {
  const e = editor as Editor;
  const command = tableActions.find((action) => action.label === label)?.command as Command;
  return command(e.state, e.view.dispatch);
};
/** The position inside the text of the cell whose words are `words`. */
const inCell = (e: Editor, words: string): number => {
  let at = -1;
  e.state.doc.descendants((node, pos) => {
    if (node.isText && node.text === words) at = pos;
    return at < 0;
  });
  return at;
};

describe('tables in the visual editor', () => {
  it('are saved as they came: head and body, bare cells, paragraphs in cells, spans, scopes, class', () => {
    for (const table of [
      '<table><thead><tr><th>Month</th><th>Words</th></tr></thead><tbody><tr><td>March</td><td>12,400</td></tr></tbody></table>',
      '<table><tbody><tr><th scope="row">Mon</th><td>4 <code>km</code></td></tr><tr><th scope="row">Tue</th><td><em>rest</em></td></tr></tbody></table>',
      '<table><tbody><tr><td colspan="2">Both</td></tr><tr><td rowspan="2">Tall</td><td>a</td></tr><tr><td>b</td></tr></tbody></table>',
      '<table><tbody><tr><td><p>One</p><p>Two</p></td><td><p>Alone</p></td></tr></tbody></table>',
      '<table><tbody><tr><td><ul><li><p>listed</p></li></ul></td></tr></tbody></table>',
      // Its own class and style (WordPress's striped table), as any block's.
      '<table class="is-style-stripes" style="width: 50%"><tbody><tr><td>1</td></tr></tbody></table>',
    ]) {
      expect(markupLoss(table), table).toEqual([]);
      expect(visualRoundTrip(table)).toBe(table);
    }
  });

  it('keep which rows were the head, whatever their cells', () => {
    for (const table of [
      // No head, header cells in the first row.
      '<table><tbody><tr><th>A</th></tr><tr><td>1</td></tr></tbody></table>',
      // A section's heading row right under the head stays in the body.
      '<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><th colspan="2">Section</th></tr><tr><td>1</td><td>2</td></tr></tbody></table>',
      // A head may hold a row of plain cells.
      '<table><thead><tr><th>A</th></tr><tr><td>x</td></tr></thead><tbody><tr><td>1</td></tr></tbody></table>',
      // Only a head.
      '<table><thead><tr><th>A</th></tr></thead></table>',
    ]) {
      expect(markupLoss(table), table).toEqual([]);
      expect(visualRoundTrip(table)).toBe(table);
    }
  });

  it('name a table the editing would even out, so it opens in HTML source, untouched', () => {
    for (const table of [
      '<table><tbody><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></tbody></table>',
      '<table><tbody><tr><td rowspan="3">a</td></tr></tbody></table>',
      '<table><tbody><tr><td>a</td><td>b</td><td>c</td></tr><tr><td colspan="100">Note</td></tr></tbody></table>',
      '<table></table>',
    ])
      expect(markupLoss(`<p>Lead</p>${table}`), table).toContain('uneven rows in <table>');
    // The same rows, even: nothing to say.
    expect(
      markupLoss(
        '<table><tbody><tr><td colspan="1" rowspan="1">a</td><td>b</td></tr></tbody></table>',
      ),
    ).toEqual([]);
  });

  it('name a caption standing anywhere but first as lost, and keep every cell', () => {
    // HTML's parser keeps a <caption> after the rows where a page put it; a table has one first.
    const table = '<table><tbody><tr><td>4</td></tr></tbody><caption>Miles</caption></table>';
    expect(markupLoss(table)).toEqual(['<caption>']);
    expect(visualRoundTrip(table)).toBe('<table><tbody><tr><td>4</td></tr></tbody></table>');
  });

  it('hold a span no larger than HTML allows', () => {
    const table = '<table><tbody><tr><td colspan="99999999">x</td></tr></tbody></table>';
    expect(visualRoundTrip(table)).toContain('colspan="1000"');
  });

  it('insert with a header row, the caret in its first cell, and save as a table with a head', () => {
    const e = open('<p>Before</p>');
    e.commands.setTextSelection(7);
    expect(run('Insert table')).toBe(true);
    e.commands.insertContent('Day');
    expect(html()).toBe(
      '<p>Before</p><table><thead><tr><th>Day</th><th></th><th></th></tr></thead>' +
        '<tbody><tr><td></td><td></td><td></td></tr><tr><td></td><td></td><td></td></tr></tbody></table>',
    );
    // Not a table inside a table.
    expect(run('Insert table')).toBe(false);
  });

  it('take rows and columns, and give them back, around the caret', () => {
    const e = open(
      '<table><thead><tr><th>Day</th><th>Miles</th></tr></thead><tbody><tr><td>Mon</td><td>4</td></tr></tbody></table>',
    );
    e.commands.setTextSelection(inCell(e, 'Mon'));
    expect(run('Add row below')).toBe(true);
    expect(run('Add column right')).toBe(true);
    expect(html()).toBe(
      '<table><thead><tr><th>Day</th><th></th><th>Miles</th></tr></thead><tbody>' +
        '<tr><td>Mon</td><td></td><td>4</td></tr><tr><td></td><td></td><td></td></tr></tbody></table>',
    );
    e.commands.setTextSelection(inCell(e, 'Mon'));
    expect(run('Delete row')).toBe(true);
    e.commands.setTextSelection(inCell(e, 'Day'));
    expect(run('Delete column')).toBe(true);
    expect(run('Header row')).toBe(true);
    // No row of headers left: no head either.
    expect(html()).toBe(
      '<table><tbody><tr><td></td><td>Miles</td></tr><tr><td></td><td></td></tr></tbody></table>',
    );
    e.commands.setTextSelection(inCell(e, 'Miles'));
    expect(run('Delete table')).toBe(true);
    expect(html()).toBe('<p></p>');
  });

  it('indent a list item in a cell with Tab, as anywhere else', () => {
    const e = open(
      '<table><tbody><tr><td><ul><li><p>one</p></li><li><p>two</p></li></ul></td><td>next</td></tr></tbody></table>',
    );
    e.commands.setTextSelection(inCell(e, 'two'));
    expect(key(e, 'Tab')).toBe(true);
    expect(html()).toBe(
      '<table><tbody><tr><td><ul><li><p>one</p><ul><li><p>two</p></li></ul></li></ul></td><td>next</td></tr></tbody></table>',
    );
  });

  it('make the head of the rows of headers at the top when the writer turns a header row on', () => {
    const e = open('<table><tbody><tr><td>Day</td></tr><tr><td>Mon</td></tr></tbody></table>');
    e.commands.setTextSelection(inCell(e, 'Day'));
    expect(run('Header row')).toBe(true);
    expect(html()).toBe(
      '<table><thead><tr><th>Day</th></tr></thead><tbody><tr><td>Mon</td></tr></tbody></table>',
    );
    expect(run('Header row')).toBe(true);
    expect(html()).toBe('<table><tbody><tr><td>Day</td></tr><tr><td>Mon</td></tr></tbody></table>');
  });

  it('keep the head when a row is added above it, and other rows where they were on Header row', () => {
    const e = open(
      '<table><thead><tr><th>H</th></tr><tr><td>x</td></tr></thead><tbody><tr><th>Section</th></tr><tr><td>1</td></tr></tbody></table>',
    );
    e.commands.setTextSelection(inCell(e, 'H'));
    expect(run('Add row above')).toBe(true);
    e.commands.setTextSelection(inCell(e, '1'));
    expect(run('Header row')).toBe(true);
    expect(html()).toBe(
      '<table><thead><tr><td></td></tr><tr><th>H</th></tr><tr><td>x</td></tr></thead>' +
        '<tbody><tr><th>Section</th></tr><tr><th>1</th></tr></tbody></table>',
    );
  });

  it('keep the foot: its rows saved in <tfoot>, a row added below one in it too', () => {
    const table =
      '<table><thead><tr><th>Day</th><th>Miles</th></tr></thead><tbody><tr><td>Mon</td><td>4</td></tr></tbody>' +
      '<tfoot><tr><td>Total</td><td>4</td></tr></tfoot></table>';
    expect(markupLoss(table)).toEqual([]);
    expect(visualRoundTrip(table)).toBe(table);
    // Only a foot: no body made up.
    const footOnly = '<table><tfoot><tr><td>Source: the club</td></tr></tfoot></table>';
    expect(visualRoundTrip(footOnly)).toBe(footOnly);
    const e = open(table);
    e.commands.setTextSelection(inCell(e, 'Total'));
    expect(run('Add row below')).toBe(true);
    e.commands.setTextSelection(inCell(e, 'Mon'));
    expect(run('Add row below')).toBe(true);
    expect(html()).toBe(
      '<table><thead><tr><th>Day</th><th>Miles</th></tr></thead>' +
        '<tbody><tr><td>Mon</td><td>4</td></tr><tr><td></td><td></td></tr></tbody>' +
        '<tfoot><tr><td>Total</td><td>4</td></tr><tr><td></td><td></td></tr></tfoot></table>',
    );
  });

  it('keep the foot whichever way rows are added: above a foot row, below a selection dragged up', () => {
    const table =
      '<table><tbody><tr><td>B</td></tr></tbody><tfoot><tr><td>F1</td></tr><tr><td>F2</td></tr></tfoot></table>';
    const e = open(table);
    e.commands.setTextSelection(inCell(e, 'F2'));
    expect(run('Add row above')).toBe(true);
    expect(html()).toBe(
      '<table><tbody><tr><td>B</td></tr></tbody><tfoot><tr><td>F1</td></tr><tr><td></td></tr><tr><td>F2</td></tr></tfoot></table>',
    );
    // A row above the foot's first row is the body's.
    e.commands.setTextSelection(inCell(e, 'F1'));
    expect(run('Add row above')).toBe(true);
    expect(html()).toContain(
      '<tbody><tr><td>B</td></tr><tr><td></td></tr></tbody><tfoot><tr><td>F1</td>',
    );
    // Cells selected from the foot up into the body: the row goes below the bottom one, the foot's.
    const f = open(
      '<table><tbody><tr><td>B</td></tr></tbody><tfoot><tr><td>F1</td></tr></tfoot></table>',
    );
    const cellAt = (words: string) => f.state.doc.resolve(inCell(f, words)).before(-1);
    f.view.dispatch(
      f.state.tr.setSelection(CellSelection.create(f.state.doc, cellAt('F1'), cellAt('B'))),
    );
    expect(run('Add row below')).toBe(true);
    expect(html()).toBe(
      '<table><tbody><tr><td>B</td></tr></tbody><tfoot><tr><td>F1</td></tr><tr><td></td></tr></tfoot></table>',
    );
  });

  it("keep the head, the foot and the bare cells of the editor's own copy of a table", () => {
    // As a table copied within the post comes back from the clipboard: the view's marks on rows.
    const copy =
      '<table><tbody><tr data-row-head=""><th>H</th></tr><tr><td>A</td></tr><tr data-row-foot=""><td>F</td></tr></tbody></table>';
    expect(documentHtml(editorDocument(copy))).toBe(
      '<table><thead><tr><th>H</th></tr></thead><tbody><tr><td>A</td></tr></tbody><tfoot><tr><td>F</td></tr></tfoot></table>',
    );
    // Its cells show their words in paragraphs; only the view's marker says which came so.
    const cells =
      '<table data-pm-slice="0 0 []"><tbody><tr><td><p>A</p></td><td data-cell-paragraphs=""><p>B</p></td></tr></tbody></table>';
    expect(documentHtml(editorDocument(cells))).toBe(
      '<table><tbody><tr><td>A</td><td><p>B</p></td></tr></tbody></table>',
    );
  });

  it('refuse the table tools outside a table', () => {
    open('<p>Words</p>');
    for (const { label } of tableActions.slice(1)) expect(run(label), label).toBe(false);
  });

  it('move the caret from cell to cell with Tab, and let it leave the editor past the last', () => {
    const e = open(
      '<p>Lead</p><table><tbody><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></tbody></table>',
    );
    e.commands.setTextSelection(inCell(e, 'a'));
    expect(key(e, 'Tab')).toBe(true);
    expect(e.state.selection.$from.parent.textContent).toBe('b');
    expect(key(e, 'Tab')).toBe(true);
    expect(e.state.selection.$from.parent.textContent).toBe('c');
    expect(key(e, 'Tab', true)).toBe(true);
    expect(e.state.selection.$from.parent.textContent).toBe('b');
    e.commands.setTextSelection(inCell(e, 'c'));
    // Past the last cell: not handled, so the browser moves the focus on (no keyboard trap).
    expect(key(e, 'Tab')).toBe(false);
    e.commands.setTextSelection(inCell(e, 'a'));
    expect(key(e, 'Tab', true)).toBe(false);
  });
});
