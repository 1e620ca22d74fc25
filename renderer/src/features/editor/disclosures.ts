import { Node } from '@tiptap/core';
import { Fragment, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection, type Command } from '@tiptap/pm/state';
import { bareWords, leaveOnEmptyLastLine, saveBare } from './bare-words';

// A disclosure (`<details>` with its `<summary>`): documentation's "Show the output", a blog's
// spoiler or long aside. In the editing view it is always open, as a <div>: a real <details>
// would hide what the writer is editing, and its summary would fold it at a click. Whether
// readers see it open (`open`) is kept as it came.

// Marks, in the view, a disclosure whose words came bare (`<details><summary>…</summary>Text`):
// saved bare again, as table cells are.
const BARE = 'data-details-bare';

const Summary = Node.create({
  name: 'detailsSummary',
  content: 'inline*',
  defining: true,
  parseHTML: () => [{ tag: 'summary' }],
  renderHTML: ({ HTMLAttributes }) => ['summary', HTMLAttributes, 0],
  addKeyboardShortcuts() {
    return { Enter: () => enterFromSummary(this.editor.state, this.editor.view.dispatch) };
  },
});

const Details = Node.create({
  name: 'details',
  group: 'block',
  // The summary is optional, as in HTML (a browser then says "Details"): one the post did not
  // have is not added.
  content: 'detailsSummary? block+',
  defining: true,
  addAttributes: () => ({
    open: {
      default: false,
      parseHTML: (element: HTMLElement) => element.hasAttribute('open'),
      renderHTML: (attributes: Record<string, unknown>) => (attributes.open ? { open: '' } : {}),
    },
    bare: bareWords(BARE, ['SUMMARY']),
  }),
  parseHTML: () => [{ tag: 'details' }],
  renderHTML: ({ HTMLAttributes }) => ['details', HTMLAttributes, 0],
  addNodeView() {
    return ({ node, HTMLAttributes, getPos, editor }) => {
      const dom = document.createElement('div');
      dom.className = 'disclosure';
      for (const [name, value] of Object.entries(HTMLAttributes))
        if (name !== 'open' && typeof value === 'string') dom.setAttribute(name, value);
      const content = document.createElement('div');
      // Whether readers find it open or folded: the one thing about it the writer cannot see
      // here, so a switch of its own, below its words.
      const readers = document.createElement('button');
      readers.type = 'button';
      readers.className = 'disclosure-readers';
      readers.setAttribute('contenteditable', 'false');
      readers.textContent = 'Open for readers';
      const show = (open: boolean) => readers.setAttribute('aria-pressed', String(open));
      show(node.attrs.open === true);
      readers.addEventListener('mousedown', (event) => event.preventDefault());
      readers.addEventListener('click', () => {
        const pos = typeof getPos === 'function' ? getPos() : undefined;
        if (pos === undefined || !editor.isEditable) return;
        const now = editor.state.doc.nodeAt(pos);
        if (now?.type.name !== 'details') return;
        editor.view.dispatch(editor.state.tr.setNodeAttribute(pos, 'open', !now.attrs.open));
      });
      dom.append(content, readers);
      const others = (attrs: Record<string, unknown>) => JSON.stringify({ ...attrs, open: null });
      let current = node;
      return {
        dom,
        contentDOM: content,
        update: (updated: ProseMirrorNode) => {
          // Anything but `open` changed: drawn anew, its attributes with it.
          if (updated.type !== current.type || others(updated.attrs) !== others(current.attrs))
            return false;
          current = updated;
          show(updated.attrs.open === true);
          return true;
        },
        stopEvent: (event: Event) => event.target === readers,
        ignoreMutation: (mutation) =>
          mutation.target === readers || mutation.target.parentNode === readers,
      };
    };
  },
  addKeyboardShortcuts() {
    return { Enter: () => leaveDisclosure(this.editor.state, this.editor.view.dispatch) };
  },
});

export const disclosureExtensions = [Details, Summary];

// Enter in the summary goes on into the disclosure's first line, as it would below a heading;
// a summary ends at its line.
const enterFromSummary: Command = (state, dispatch) => {
  const { $from } = state.selection;
  if ($from.parent.type.name !== 'detailsSummary' || !state.selection.empty) return false;
  const paragraph = state.schema.nodes.paragraph;
  if (!paragraph) return false;
  const after = $from.after();
  const next = state.doc.nodeAt(after);
  if (dispatch) {
    const tr = state.tr;
    // Into an empty first line if there is one, else a new one above the first.
    if (!next || next.type !== paragraph || next.content.size > 0)
      tr.insert(after, paragraph.create());
    dispatch(tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView());
  }
  return true;
};

// Enter on an empty last line takes it out, below the disclosure: the way out at a post's end.
const leaveDisclosure = leaveOnEmptyLastLine('details', ['detailsSummary']);

/**
 * The blocks the selection is in, wrapped in a disclosure with the summary "Details" selected
 * (typing replaces it); in a disclosure, the disclosure taken apart (its summary, if it has words, a
 * line of its own).
 */
export const toggleDisclosure: Command = (state, dispatch) => {
  const { details, detailsSummary, paragraph } = state.schema.nodes;
  if (!details || !detailsSummary || !paragraph) return false;
  const { $from, $to } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type !== details) continue;
    if (dispatch) {
      const blocks: ProseMirrorNode[] = [];
      // The summary a line of its own, unless there are no words in it to keep.
      node.forEach((child) => {
        if (child.type !== detailsSummary) blocks.push(child);
        else if (child.content.size > 0) blocks.push(paragraph.create(null, child.content));
      });
      const tr = state.tr.replaceWith($from.before(depth), $from.after(depth), blocks);
      dispatch(tr.scrollIntoView());
    }
    return true;
  }
  const range = $from.blockRange(
    $to,
    (parent) => parent.type.contentMatch.matchType(details) !== null,
  );
  // Not where a disclosure may stand (in a caption, a summary): nothing to do.
  if (!range?.parent.canReplaceWith(range.startIndex, range.endIndex, details)) return false;
  if (dispatch) {
    const summary = detailsSummary.create(null, state.schema.text('Details'));
    const inner: ProseMirrorNode[] = [];
    for (let i = range.startIndex; i < range.endIndex; i++) inner.push(range.parent.child(i));
    let wrapped: ProseMirrorNode;
    try {
      wrapped = details.createChecked(null, Fragment.from([summary, ...inner]));
    } catch {
      return false;
    }
    const tr = state.tr.replaceWith(range.start, range.end, wrapped);
    dispatch(
      tr
        .setSelection(
          TextSelection.create(tr.doc, range.start + 2, range.start + 2 + 'Details'.length),
        )
        .scrollIntoView(),
    );
  }
  return true;
};

/** Disclosures as saved: the words of one that came bare saved bare again. */
export function finishDisclosures(body: HTMLElement): void {
  saveBare(body, 'details', BARE, ['SUMMARY']);
}
