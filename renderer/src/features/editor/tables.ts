import { Extension, Node } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection, type Command, type Transaction } from '@tiptap/pm/state';
import {
  addColumnAfter,
  addColumnBefore,
  addRowAfter,
  addRowBefore,
  deleteColumn,
  deleteRow,
  goToNextCell,
  isInTable,
  selectedRect,
  TableMap,
  tableEditing,
  toggleHeaderRow,
} from '@tiptap/pm/tables';
import { inParagraphs } from './bare-words';
import { deleteTableAndCaption, toggleTableCaption } from './table-captions';

// Tables of our own over prosemirror-tables, not TipTap's table extension: that one pins an
// older core exactly, and writes a <colgroup> and `style="min-width: …"` into every table it
// saves, which no writer put in a post. These save a table as it came: <thead> where it had
// one, a cell's words without a <p> around them, its spans and header scopes.

const ROLES: Record<string, string> = {
  table: 'table',
  tableRow: 'row',
  tableCell: 'cell',
  tableHeader: 'header_cell',
};

// HTML's own limits; a span past them would have the table map allocate without end.
const MAX_SPAN = { colspan: 1000, rowspan: 65534 } as const;

// Marks, in the view, a row saved in the table's <thead>, and a cell whose words are saved in
// paragraphs.
const ROW_HEAD = 'data-row-head';
const ROW_FOOT = 'data-row-foot';
const CELL_PARAGRAPHS = 'data-cell-paragraphs';

const span = (name: keyof typeof MAX_SPAN) => ({
  default: 1,
  parseHTML: (element: HTMLElement) => {
    const value = Number.parseInt(element.getAttribute(name) ?? '1', 10);
    return Number.isInteger(value) && value > 0 ? Math.min(value, MAX_SPAN[name]) : 1;
  },
  renderHTML: (attributes: Record<string, unknown>) =>
    attributes[name] === 1 ? {} : { [name]: String(attributes[name]) },
});

const cell = (name: 'tableCell' | 'tableHeader', tag: 'td' | 'th') =>
  Node.create({
    name,
    content: 'block+',
    isolating: true,
    addAttributes() {
      const attributes: Record<string, object> = {
        colspan: span('colspan'),
        rowspan: span('rowspan'),
        // Whether the cell came with its words in paragraphs (`<td><p>…</p></td>`): saved so
        // again. A cell the writer adds holds its words alone, as most tables in posts do.
        paragraphs: inParagraphs(CELL_PARAGRAPHS),
      };
      // Which cells a header names: what a screen reader says before each cell's words.
      if (tag === 'th')
        attributes.scope = {
          default: null,
          parseHTML: (element: HTMLElement) => element.getAttribute('scope'),
        };
      return attributes;
    },
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });

const TableCell = cell('tableCell', 'td');
const TableHeader = cell('tableHeader', 'th');

const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)*',
  addAttributes: () => ({
    // In the table's head: which rows those were is kept as it came, not guessed from the cells
    // (a row of <th> in the body is a section's heading, and a head may hold a row of <td>).
    head: {
      default: false,
      // The editor's own copies (a table copied within the post) carry the view's mark.
      parseHTML: (element: HTMLElement) =>
        element.parentElement?.tagName === 'THEAD' || element.hasAttribute(ROW_HEAD),
      renderHTML: (attributes: Record<string, unknown>) =>
        attributes.head ? { [ROW_HEAD]: '' } : {},
    },
    // In its foot (totals, a source line): saved there again while it is among the last rows.
    foot: {
      default: false,
      parseHTML: (element: HTMLElement) =>
        element.parentElement?.tagName === 'TFOOT' || element.hasAttribute(ROW_FOOT),
      renderHTML: (attributes: Record<string, unknown>) =>
        attributes.foot ? { [ROW_FOOT]: '' } : {},
    },
  }),
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: ({ HTMLAttributes }) => ['tr', HTMLAttributes, 0],
});

const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [
    { tag: 'table' },
    // A caption's words are not a row: left out here, and named as lost (see markupLoss), so
    // such a post opens in HTML source.
    { tag: 'caption', ignore: true },
  ],
  renderHTML: ({ HTMLAttributes }) => ['table', HTMLAttributes, ['tbody', 0]],
  addProseMirrorPlugins: () => [tableEditing()],
});

const TableKeys = Extension.create({
  name: 'tableKeys',
  // Below the lists' keys: in a list inside a cell, Tab indents the item, as anywhere else.
  priority: 50,
  addKeyboardShortcuts() {
    // Tab goes from cell to cell; past the last cell (or before the first) it leaves the editor
    // as anywhere else, so a table is never a keyboard trap. "Add row below" adds rows.
    const move = (direction: 1 | -1) => (): boolean =>
      goToNextCell(direction)(this.editor.state, this.editor.view.dispatch);
    return { Tab: move(1), 'Shift-Tab': move(-1) };
  },
});

// prosemirror-tables finds the table's parts by a role in each node's spec.
const TableRoles = Extension.create({
  name: 'tableRoles',
  extendNodeSchema: (extension) =>
    ROLES[extension.name] ? { tableRole: ROLES[extension.name] } : {},
});

export const tableExtensions = [TableRoles, Table, TableRow, TableHeader, TableCell, TableKeys];

/** A table of three columns and three rows, the first of headers, with the caret in its first cell. */
export const insertTable: Command = (state, dispatch) => {
  // Not in a table, nor in its caption: a table holds none inside it here.
  if (isInTable(state) || state.selection.$from.parent.type.name === 'tableCaption') return false;
  const { table, tableRow, tableHeader, tableCell } = state.schema.nodes;
  if (!table || !tableRow || !tableHeader || !tableCell) return false;
  const row = (type: typeof tableCell) =>
    tableRow.create(
      { head: type === tableHeader },
      [0, 1, 2].map(() => type.createAndFill() as ProseMirrorNode),
    );
  const node = table.create(null, [row(tableHeader), row(tableCell), row(tableCell)]);
  if (dispatch) {
    const tr = state.tr.replaceSelectionWith(node);
    // Where the table went (an empty line it replaced, or split a paragraph): the very node.
    let at = -1;
    tr.doc.descendants((child, pos) => {
      if (child === node) at = pos;
      return at < 0 && !child.isTextblock;
    });
    // Table, row, cell, paragraph: the first cell's text starts four positions in.
    if (at >= 0) tr.setSelection(TextSelection.near(tr.doc.resolve(at + 4)));
    dispatch(tr.scrollIntoView());
  }
  return true;
};

/** The row the caret is in, its position and the row above it, if any. */
function caretRow(tr: Transaction): { row: ProseMirrorNode; pos: number; above?: number } | null {
  const { $from } = tr.selection;
  for (let depth = $from.depth; depth > 1; depth--) {
    if ($from.node(depth).type.spec.tableRole !== 'row') continue;
    const index = $from.index(depth - 1);
    const table = $from.node(depth - 1);
    const pos = $from.before(depth);
    return {
      row: $from.node(depth),
      pos,
      above: index > 0 ? pos - table.child(index - 1).nodeSize : undefined,
    };
  }
  return null;
}

const setHead = (tr: Transaction, pos: number, head: boolean): void => {
  const row = tr.doc.nodeAt(pos);
  if (row && row.attrs.head !== head) tr.setNodeMarkup(pos, undefined, { ...row.attrs, head });
};

/**
 * Header cells on or off in the caret's row; the row joins the table's head if it is all headers
 * and the rows above it are in the head, and leaves it if not. Other rows keep their place.
 */
const toggleHeaderRowAndHead: Command = (state, dispatch) =>
  toggleHeaderRow(
    state,
    dispatch &&
      ((tr) => {
        const found = caretRow(tr);
        if (found) {
          const cells: ProseMirrorNode[] = [];
          found.row.forEach((cell) => void cells.push(cell));
          const headers =
            cells.length > 0 && cells.every((cell) => cell.type.spec.tableRole === 'header_cell');
          const aboveInHead =
            found.above === undefined || tr.doc.nodeAt(found.above)?.attrs.head === true;
          setHead(tr, found.pos, headers && aboveInHead);
        }
        dispatch(tr);
      }),
  );

/**
 * A row added to a table, in the head or the foot where it lands inside one: a row added above a
 * head row is the head's, one added below a foot row the foot's. Added between the head and the
 * body (or the body and the foot) it is the body's. Where it lands is read from the table as it
 * was (prosemirror-tables adds above the selection's top row, or below its bottom one).
 */
const addRowKeepingSections =
  (add: Command, below: boolean): Command =>
  (state, dispatch) => {
    if (!isInTable(state)) return add(state, dispatch);
    const rect = selectedRect(state);
    const index = below ? rect.bottom : rect.top;
    return add(
      state,
      dispatch &&
        ((tr) => {
          const table = tr.doc.nodeAt(rect.tableStart - 1);
          if (table && index < table.childCount) {
            let pos = rect.tableStart;
            for (let i = 0; i < index; i++) pos += table.child(i).nodeSize;
            const row = table.child(index);
            const above = index > 0 ? table.child(index - 1) : null;
            const under = index + 1 < table.childCount ? table.child(index + 1) : null;
            const head =
              under?.attrs.head === true && (above === null || above.attrs.head === true);
            const foot = above?.attrs.foot === true;
            if (row.attrs.head !== head || row.attrs.foot !== foot)
              tr.setNodeMarkup(pos, undefined, { ...row.attrs, head, foot });
          }
          dispatch(tr);
        }),
    );
  };

/**
 * What the table tools offer, in their order, each with the shorter words its button shows; each
 * is for a caret in a table but the first.
 */
export const tableActions: { label: string; text: string; command: Command }[] = [
  { label: 'Insert table', text: 'Insert table', command: insertTable },
  {
    label: 'Add row above',
    text: 'Row above',
    command: addRowKeepingSections(addRowBefore, false),
  },
  { label: 'Add row below', text: 'Row below', command: addRowKeepingSections(addRowAfter, true) },
  { label: 'Add column left', text: 'Column left', command: addColumnBefore },
  { label: 'Add column right', text: 'Column right', command: addColumnAfter },
  { label: 'Header row', text: 'Header row', command: toggleHeaderRowAndHead },
  { label: 'Table caption', text: 'Caption', command: toggleTableCaption },
  { label: 'Delete row', text: 'Delete row', command: deleteRow },
  { label: 'Delete column', text: 'Delete column', command: deleteColumn },
  { label: 'Delete table', text: 'Delete table', command: deleteTableAndCaption },
];

export { isInTable };

/**
 * The table as saved, from the one the editor shows: the rows that were in a <thead> (or were
 * made header rows) back in one, the last rows that were in a <tfoot> in one, and a cell holding one plain paragraph holding its words alone
 * (`<td>12</td>`, not `<td><p>12</p></td>`) unless it came so.
 */
export function finishTables(body: HTMLElement): void {
  for (const tbody of body.querySelectorAll('table > tbody')) {
    const head = tbody.ownerDocument.createElement('thead');
    while (tbody.firstElementChild?.hasAttribute(ROW_HEAD)) head.append(tbody.firstElementChild);
    if (head.childElementCount > 0) tbody.before(head);
    const foot = tbody.ownerDocument.createElement('tfoot');
    while (tbody.lastElementChild?.hasAttribute(ROW_FOOT)) foot.prepend(tbody.lastElementChild);
    if (foot.childElementCount > 0) tbody.after(foot);
    if (tbody.childElementCount === 0) tbody.remove();
  }
  for (const row of body.querySelectorAll(`tr[${ROW_HEAD}], tr[${ROW_FOOT}]`)) {
    row.removeAttribute(ROW_HEAD);
    row.removeAttribute(ROW_FOOT);
  }
  for (const cell of body.querySelectorAll('td, th')) {
    const only = cell.children.length === 1 ? cell.firstElementChild : null;
    if (!cell.hasAttribute(CELL_PARAGRAPHS) && only?.tagName === 'P' && !only.attributes.length)
      only.replaceWith(...only.childNodes);
    cell.removeAttribute(CELL_PARAGRAPHS);
  }
}

/**
 * How many tables in a document the table editing would reshape on the first edit: rows of
 * unequal length, spans past the table's edge, a table of no cells. prosemirror-tables evens
 * them out (adds cells, cuts spans) as soon as a transaction touches them, so they are named to
 * the writer as markup the visual editor cannot hold as it is.
 */
export function unevenTables(doc: ProseMirrorNode): number {
  let count = 0;
  doc.descendants((node) => {
    if (node.type.spec.tableRole !== 'table') return true;
    const map = TableMap.get(node);
    if (map.width === 0 || (map.problems?.length ?? 0) > 0) count++;
    return true;
  });
  return count;
}
