import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode, Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { ReplaceAroundStep, type Step } from '@tiptap/pm/transform';

// Markdown engines (Ghost, Hugo, Jekyll, mdBook) give headings ids that links point at; Medium
// gives every paragraph one; mdBook every listing's figure. Kept on headings, paragraphs, code blocks
// and figures. In the editing view they are
// `data-anchor-id`: a post's ids must not meet the app's own in the page (a heading
// "list-title" would take over a label), and `sanitizeHtml` hands them over under that name so
// DOMPurify's guard against clobbering ("links", "title") has nothing to refuse. `documentHtml`
// writes them back as ids.
export const ANCHOR_ID = 'data-anchor-id';

type Occurrence = { pos: number; node: ProseMirrorNode; touched: boolean };

/** Where the steps of these transactions put new content, in the last one's document. */
function changedRanges(transactions: readonly Transaction[]): { from: number; to: number }[] {
  let ranges: { from: number; to: number }[] = [];
  for (const tr of transactions)
    for (const map of tr.mapping.maps) {
      ranges = ranges.map(({ from, to }) => ({ from: map.map(from, -1), to: map.map(to, 1) }));
      map.forEach((_oldFrom, _oldTo, from, to) => ranges.push({ from, to }));
    }
  return ranges;
}

const carriesAnchor = (step: Step): boolean => {
  const slice = (step as { slice?: Slice }).slice;
  let found = false;
  slice?.content.descendants((node) => {
    if (node.attrs.id) found = true;
    return !found && !node.isTextblock;
  });
  return found;
};

function anchorsIn(
  doc: ProseMirrorNode,
  visit: (id: string, node: ProseMirrorNode, pos: number) => void,
) {
  doc.descendants((node, pos) => {
    const id: unknown = node.attrs.id;
    if (typeof id === 'string' && id) visit(id, node, pos);
    return !node.isTextblock;
  });
}

/**
 * The fix for ids an edit has doubled, or null. Enter in a block copies its attributes into both
 * halves (keepOnSplit holds only at the end), and a pasted copy brings its original's id. The
 * block left untouched keeps the id (the original, not the pasted copy); else the half with
 * words (Enter at a paragraph's start leaves an empty one before it), else the first. Ids the
 * service sent doubled stay as many as they were: not ours to choose.
 */
export function undoubleAnchors(
  transactions: readonly Transaction[],
  before: EditorState,
  state: EditorState,
): Transaction | null {
  const edits = transactions.filter((tr) => tr.docChanged && !tr.getMeta('preventUpdate'));
  // Only a step that carries an anchor can double one: typing never walks the document.
  if (!edits.some((tr) => tr.steps.some(carriesAnchor))) return null;
  const ranges = changedRanges(transactions);
  const seen = new Map<string, Occurrence[]>();
  anchorsIn(state.doc, (id, node, pos) => {
    const end = pos + node.nodeSize;
    const touched = ranges.some(({ from, to }) =>
      from === to ? pos <= from && from <= end : pos < to && end > from,
    );
    seen.set(id, [...(seen.get(id) ?? []), { pos, node, touched }]);
  });
  const doubled = [...seen].filter(([, found]) => found.length > 1);
  if (doubled.length === 0) return null;
  const earlier = new Map<string, number>();
  anchorsIn(before.doc, (id) => earlier.set(id, (earlier.get(id) ?? 0) + 1));
  let fix: Transaction | null = null;
  for (const [id, found] of doubled) {
    // As many as there were before the edit (one, or the service's own doubles) stay.
    const allowed = Math.max(1, earlier.get(id) ?? 0);
    const hasWords = (o: Occurrence) => o.node.textContent.trim() !== '';
    const ranked = [
      ...found.filter((o) => !o.touched),
      ...found.filter((o) => o.touched && hasWords(o)),
      ...found.filter((o) => o.touched && !hasWords(o)),
    ];
    for (const o of ranked.slice(allowed))
      if (o.touched) fix = (fix ?? state.tr).setNodeAttribute(o.pos, 'id', null);
  }
  return fix;
}

export const AnchorIds = Extension.create({
  name: 'anchorIds',
  addGlobalAttributes() {
    return [
      {
        // A code block too: a paragraph made one (and back) keeps its anchor. And a figure,
        // which "see Figure 3" links point at, and a list item (a footnote).
        types: ['heading', 'paragraph', 'codeBlock', 'figure', 'listItem'],
        attributes: {
          id: {
            default: null,
            keepOnSplit: false,
            parseHTML: (element: HTMLElement) =>
              element.getAttribute(ANCHOR_ID) || element.getAttribute('id') || null,
            renderHTML: (attributes: { id?: string | null }) =>
              attributes.id ? { [ANCHOR_ID]: attributes.id } : {},
          },
        },
      },
    ];
  },
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('anchors'),
        appendTransaction: (transactions, before, state) =>
          restoreRetypedAnchors(transactions, state) ??
          undoubleAnchors(transactions, before, state),
      }),
    ];
  },
});

/**
 * The fix for anchors a change of block type dropped, or null. ProseMirror makes each block anew
 * with the attributes given, and TipTap passes the old ones on only when the selection is within
 * one block: two headings made H3 at once lost their ids.
 */
export function restoreRetypedAnchors(
  transactions: readonly Transaction[],
  state: EditorState,
): Transaction | null {
  let fix: Transaction | null = null;
  transactions.forEach((tr, t) =>
    tr.steps.forEach((step, i) => {
      // A block made anew around its own content: setBlockType's step, never typing's.
      if (
        !(step instanceof ReplaceAroundStep) ||
        !(step as unknown as { structure: boolean }).structure
      )
        return;
      const old = tr.docs[i]?.nodeAt(step.from);
      const id: unknown = old?.attrs.id;
      if (!old?.isTextblock || typeof id !== 'string' || !id) return;
      let pos = tr.mapping.slice(i).map(step.from);
      for (const later of transactions.slice(t + 1)) pos = later.mapping.map(pos);
      const now = state.doc.nodeAt(pos);
      if (now?.isTextblock && 'id' in now.attrs && !now.attrs.id)
        fix = (fix ?? state.tr).setNodeAttribute(pos, 'id', id);
    }),
  );
  return fix;
}
