import { Node } from '@tiptap/core';
import type { Node as ProseMirrorNode, ResolvedPos } from '@tiptap/pm/model';
import {
  Plugin,
  PluginKey,
  Selection,
  TextSelection,
  type Command,
  type EditorState,
  type Transaction,
} from '@tiptap/pm/state';
import { changedRanges } from './anchor-ids';
import { deleteTable } from '@tiptap/pm/tables';

// A table's <caption> names it for every reader, and is what a screen reader says on entering
// it. prosemirror-tables reads each child of a table as a row, so the caption cannot be one: a
// captioned table is a node of its own holding the caption and the table, and is saved as the one
// <table> with its <caption> first, as HTML has it.

const CAPTIONED = 'data-captioned-table';
const CAPTION = 'data-table-caption';

const TableCaption = Node.create({
  name: 'tableCaption',
  content: 'inline*',
  // The editor's own copies carry the view's form.
  // Before the table's rule that leaves out a caption standing anywhere else.
  parseHTML: () => [
    {
      tag: 'caption',
      priority: 60,
      getAttrs: (element: HTMLElement) =>
        element.parentElement?.firstElementChild === element ? null : false,
    },
    { tag: `div[${CAPTION}]` },
  ],
  renderHTML: ({ HTMLAttributes }) => ['div', { ...HTMLAttributes, [CAPTION]: '' }, 0],
  addKeyboardShortcuts() {
    return {
      // Enter in a caption goes on into the table's first cell, as from a heading to its text.
      Enter: () => intoFirstCell(this.editor.state, this.editor.view.dispatch),
      // Backspace in an empty caption takes it away.
      Backspace: () => {
        const { $from, empty } = this.editor.state.selection;
        if (!empty || $from.parent.type.name !== this.name || $from.parent.content.size > 0)
          return false;
        return toggleTableCaption(this.editor.state, this.editor.view.dispatch);
      },
    };
  },
});

const CaptionedTable = Node.create({
  name: 'captionedTable',
  group: 'block',
  content: 'tableCaption table',
  isolating: true,
  // Before the table's own rule: a table whose first part is its caption. The rows read inside
  // it are put in a table of their own, as the content asks. A caption anywhere else is left out
  // and named (see tables.ts).
  parseHTML: () => [
    {
      tag: 'table',
      priority: 60,
      getAttrs: (element: HTMLElement) =>
        element.firstElementChild?.tagName === 'CAPTION' ? null : false,
    },
    { tag: `div[${CAPTIONED}]` },
  ],
  renderHTML: ({ HTMLAttributes }) => ['div', { ...HTMLAttributes, [CAPTIONED]: '' }, 0],
  addProseMirrorPlugins: () => [
    new Plugin({
      key: new PluginKey('captionedTables'),
      appendTransaction: (transactions, _before, state) => tablesEmptied(transactions, state),
      props: {
        // A caption is one line: blocks pasted into it come in as their words, each line's
        // after a space (they split the captioned table in two, around a table of no cells). A
        // paste of words, links and formatting goes in as any paste does.
        handlePaste: (view, _event, slice) => {
          const { $from, $to } = view.state.selection;
          if ($from.parent.type.name !== 'tableCaption' || $to.parent !== $from.parent)
            return false;
          let blocks = 0;
          slice.content.descendants((node) => {
            if (node.isBlock) blocks++;
            return !node.isTextblock;
          });
          if (blocks <= 1) return false;
          const words = slice.content.textBetween(0, slice.content.size, ' ', ' ');
          view.dispatch(
            view.state.tr.insertText(words).setMeta('uiEvent', 'paste').scrollIntoView(),
          );
          return true;
        },
      },
    }),
  ],
});

/**
 * The fix for a captioned table left with no cells, or null: a deletion from its caption to past
 * the table takes the cells, and the table must stay (so the schema has it), an empty row no
 * caret can reach. What is left of it is the caption's words, made a paragraph, as a deletion
 * across an uncaptioned table leaves its first cell's.
 */
function tablesEmptied(
  transactions: readonly Transaction[],
  state: EditorState,
): Transaction | null {
  if (!transactions.some((tr) => tr.docChanged)) return null;
  const { paragraph } = state.schema.nodes;
  if (!paragraph) return null;
  const emptied: { pos: number; node: ProseMirrorNode }[] = [];
  const size = state.doc.content.size;
  for (const { from, to } of changedRanges(transactions))
    state.doc.nodesBetween(Math.max(0, from - 1), Math.min(size, to + 1), (node, pos) => {
      if (node.type.name !== 'captionedTable') return !node.isTextblock;
      let cells = 0;
      node.lastChild?.forEach((row) => void (cells += row.childCount));
      if (cells === 0 && !emptied.some((e) => e.pos === pos)) emptied.push({ pos, node });
      return false;
    });
  if (emptied.length === 0) return null;
  const tr = state.tr;
  // The caret, if it was in one of the captions, stays where it was among its words.
  const { from } = state.selection;
  const caret = emptied.find(
    ({ pos, node }) => from >= pos + 2 && from <= pos + 2 + (node.firstChild?.content.size ?? 0),
  );
  for (const { pos, node } of [...emptied].sort((a, b) => b.pos - a.pos))
    tr.replaceWith(pos, pos + node.nodeSize, paragraph.create(null, node.firstChild?.content));
  if (caret) {
    const line = tr.mapping.map(caret.pos, -1);
    tr.setSelection(TextSelection.create(tr.doc, line + 1 + (from - (caret.pos + 2))));
  }
  return tr;
}

export const tableCaptionExtensions = [CaptionedTable, TableCaption];

// A table's class and style, read from its <table>, are the captioned table's while it has a
// caption, and go back to the table with it.
const LOOK = ['class', 'style'] as const;
const look = (node: ProseMirrorNode) =>
  Object.fromEntries(LOOK.map((name) => [name, node.attrs[name]]));
const withoutLook = () => Object.fromEntries(LOOK.map((name) => [name, null]));

/** The table around a place, and the captioned table around that, if any, with their positions. */
function tableAround($at: ResolvedPos) {
  for (let depth = $at.depth; depth > 0; depth--) {
    const node = $at.node(depth);
    if (node.type.name === 'captionedTable')
      return { wrapper: node, wrapperPos: $at.before(depth) };
    if (node.type.spec.tableRole !== 'table') continue;
    const above = depth > 1 ? $at.node(depth - 1) : null;
    return above?.type.name === 'captionedTable'
      ? { wrapper: above, wrapperPos: $at.before(depth - 1) }
      : { table: node, tablePos: $at.before(depth) };
  }
  return null;
}

/**
 * A caption for the table at the caret, the caret then in it; or, for a table that has one, the
 * caption taken away (its words with it), the caret then in the first cell.
 */
export const toggleTableCaption: Command = (state, dispatch) => {
  const found = tableAround(state.selection.$from);
  const { captionedTable, tableCaption } = state.schema.nodes;
  if (!found || !captionedTable || !tableCaption) return false;
  if (!dispatch) return true;
  if ('wrapper' in found && found.wrapper) {
    const { wrapper, wrapperPos } = found;
    const table = wrapper.lastChild as ProseMirrorNode;
    const caption = wrapper.firstChild as ProseMirrorNode;
    const { from } = state.selection;
    const tr = state.tr.replaceWith(
      wrapperPos,
      wrapperPos + wrapper.nodeSize,
      table.type.create({ ...table.attrs, ...look(wrapper) }, table.content),
    );
    // Where the caret was in the table, it stays; from the caption it goes to the first cell.
    const shift = 1 + caption.nodeSize;
    const inTable = from >= wrapperPos + shift;
    const at = inTable
      ? Selection.near(tr.doc.resolve(from - shift))
      : Selection.findFrom(tr.doc.resolve(wrapperPos + 1), 1);
    if (at) tr.setSelection(at);
    dispatch(tr.scrollIntoView());
    return true;
  }
  const { table, tablePos } = found as { table: ProseMirrorNode; tablePos: number };
  const tr = state.tr.replaceWith(
    tablePos,
    tablePos + table.nodeSize,
    captionedTable.create(look(table), [
      tableCaption.create(),
      table.type.create({ ...table.attrs, ...withoutLook() }, table.content),
    ]),
  );
  dispatch(tr.setSelection(TextSelection.create(tr.doc, tablePos + 2)).scrollIntoView());
  return true;
};

/** The table at the caret deleted, with its caption if it has one. */
export const deleteTableAndCaption: Command = (state, dispatch) => {
  const found = tableAround(state.selection.$from);
  if (!found || !('wrapper' in found) || !found.wrapper) return deleteTable(state, dispatch);
  if (dispatch) {
    const { wrapper, wrapperPos } = found;
    dispatch(state.tr.delete(wrapperPos, wrapperPos + wrapper.nodeSize).scrollIntoView());
  }
  return true;
};

const intoFirstCell: Command = (state, dispatch) => {
  const { $from } = state.selection;
  if ($from.parent.type.name !== 'tableCaption') return false;
  const cell = Selection.findFrom(state.doc.resolve($from.after()), 1);
  if (dispatch && cell) dispatch(state.tr.setSelection(cell).scrollIntoView());
  return true;
};

/** Captioned tables as saved: one <table>, its <caption> first, the table's attributes on it. */
export function finishTableCaptions(body: HTMLElement): void {
  for (const wrapper of body.querySelectorAll(`div[${CAPTIONED}]`)) {
    const shown = wrapper.querySelector(`:scope > div[${CAPTION}]`);
    const table = wrapper.querySelector(':scope > table');
    if (!shown || !table) continue;
    const caption = body.ownerDocument.createElement('caption');
    for (const { name, value } of shown.attributes)
      if (name !== CAPTION) caption.setAttribute(name, value);
    caption.append(...shown.childNodes);
    table.prepend(caption);
    for (const { name, value } of wrapper.attributes)
      if (name !== CAPTIONED) table.setAttribute(name, value);
    wrapper.replaceWith(table);
  }
}
