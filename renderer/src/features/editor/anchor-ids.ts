import { Extension } from '@tiptap/core';
import type { Mark, Node as ProseMirrorNode, Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { ReplaceAroundStep, type Step } from '@tiptap/pm/transform';
import { SPANS } from './span-names';

// Markdown engines (Ghost, Hugo, Jekyll, mdBook) give headings ids that links point at; Medium
// gives every paragraph one; mdBook every listing's figure. Kept on headings, paragraphs, code blocks
// and figures. In the editing view they are
// `data-anchor-id`: a post's ids must not meet the app's own in the page (a heading
// "list-title" would take over a label), and `sanitizeHtml` hands them over under that name so
// DOMPurify's guard against clobbering ("links", "title") has nothing to refuse. `documentHtml`
// writes them back as ids.
export const ANCHOR_ID = 'data-anchor-id';

type Occurrence = {
  pos: number;
  end: number;
  words: boolean;
  /** Whether a change at its very edge touches it (a mark's run), or only one within it. */
  edges: boolean;
  touched: boolean;
  drop(tr: Transaction): void;
};

/** Where the steps of these transactions put new content, in the last one's document. */
export function changedRanges(
  transactions: readonly Transaction[],
): { from: number; to: number }[] {
  let ranges: { from: number; to: number }[] = [];
  for (const tr of transactions)
    for (const map of tr.mapping.maps) {
      ranges = ranges.map(({ from, to }) => ({ from: map.map(from, -1), to: map.map(to, 1) }));
      map.forEach((_oldFrom, _oldTo, from, to) => ranges.push({ from, to }));
    }
  return ranges;
}

/**
 * What names a place in an inline node or mark: its id, an <a>'s name (older posts': Blogger's
 * `<a name="more">`), or both as one; null for none. A name doubled moves where a link lands, or
 * where "Read more" cuts the post, as an id doubled does.
 */
function placeName({ type, attrs }: { type: { name: string }; attrs: Record<string, unknown> }) {
  const id = typeof attrs.id === 'string' ? attrs.id : '';
  const named = type.name === 'namedPlace' || type.name === 'namedAnchor';
  const name = named && typeof attrs.name === 'string' ? attrs.name : '';
  if (!name) return id || null;
  return `${id}\u0000name=${name}`;
}

// A step that brings content with an anchor (a paste, a copy of a block), or splits a block
// (Enter, which copies a block's attributes and its marks into both halves).
const mayDouble = (step: Step): boolean => {
  const slice = (step as { slice?: Slice }).slice;
  if (!slice) return false;
  if (slice.openStart > 0 && slice.content.childCount > 1) return true;
  let found = false;
  slice.content.descendants((node) => {
    if (placeName(node) || node.marks.some((mark) => placeName(mark))) found = true;
    return !found;
  });
  return found;
};

type Found = Omit<Occurrence, 'touched'>;

/** The runs of one anchored mark in a block's text: a run split over text nodes is one. */
function markAnchorsIn(
  block: ProseMirrorNode,
  start: number,
  visit: (id: string, o: Found) => void,
) {
  const runs: { mark: Mark; from: number; to: number }[] = [];
  block.forEach((child, offset) => {
    const from = start + offset;
    // A named anchor (an empty <a id>) is nothing but its id: a copy without one goes.
    const anchorName = child.isInline && !child.isText ? placeName(child) : null;
    if (anchorName)
      visit(anchorName, {
        pos: from,
        end: from + child.nodeSize,
        words: false,
        edges: false,
        drop: (tr) => tr.delete(tr.mapping.map(from), tr.mapping.map(from + child.nodeSize)),
      });
    for (const mark of child.marks) {
      if (!placeName(mark)) continue;
      const run = runs.find((r) => r.to === from && r.mark.eq(mark));
      if (run) run.to = from + child.nodeSize;
      else runs.push({ mark, from, to: from + child.nodeSize });
    }
  });
  for (const { mark, from, to } of runs)
    visit(placeName(mark)!, {
      pos: from,
      end: to,
      words: true,
      edges: true,
      drop: (tr) => {
        tr.removeMark(from, to, mark);
        // A <span> with nothing left to carry is no markup: not put back bare.
        const rest = { ...mark.attrs, id: null, ...('name' in mark.attrs ? { name: null } : {}) };
        if (
          !(SPANS.includes(mark.type.name) || mark.type.name === 'namedPlace') ||
          Object.entries(rest).some(
            ([name, v]) => name !== 'twin' && v !== null && v !== '' && v !== false,
          )
        )
          tr.addMark(from, to, mark.type.create(rest));
      },
    });
}

/** Every anchor in a document: on blocks, on marks (a footnote's <sup>, a <span>) and named ones. */
function anchorsIn(doc: ProseMirrorNode, visit: (id: string, o: Found) => void) {
  doc.descendants((node, pos) => {
    const id: unknown = node.attrs.id;
    if (typeof id === 'string' && id)
      visit(id, {
        pos,
        end: pos + node.nodeSize,
        words: node.textContent.trim() !== '',
        edges: false,
        drop: (tr) => tr.setNodeAttribute(pos, 'id', null),
      });
    if (node.isTextblock) markAnchorsIn(node, pos + 1, visit);
    return !node.isTextblock;
  });
}

/**
 * The fix for ids an edit has doubled, or null. Enter in a block copies its attributes into both
 * halves (keepOnSplit holds only at the end), and its marks with them; a pasted copy brings its
 * original's id. The one left untouched keeps the id (the original, not the pasted copy); else
 * the half with words (Enter at a paragraph's start leaves an empty one before it), else the
 * first. Ids the service sent doubled stay as many as they were: not ours to choose.
 */
export function undoubleAnchors(
  transactions: readonly Transaction[],
  before: EditorState,
  state: EditorState,
): Transaction | null {
  const edits = transactions.filter((tr) => tr.docChanged && !tr.getMeta('preventUpdate'));
  // Only a step that carries an anchor or splits a block can double one: typing never walks
  // the document.
  if (!edits.some((tr) => tr.steps.some(mayDouble))) return null;
  const ranges = changedRanges(transactions);
  const seen = new Map<string, Occurrence[]>();
  anchorsIn(state.doc, (id, found) => {
    const { pos, end, edges } = found;
    // A mark's run split by Enter ends where the change begins: touching counts.
    const touched = ranges.some(({ from, to }) =>
      from === to || edges ? pos <= to && from <= end : pos < to && end > from,
    );
    seen.set(id, [...(seen.get(id) ?? []), { ...found, touched }]);
  });
  const doubled = [...seen].filter(([, found]) => found.length > 1);
  if (doubled.length === 0) return null;
  const earlier = new Map<string, number>();
  anchorsIn(before.doc, (id) => earlier.set(id, (earlier.get(id) ?? 0) + 1));
  let fix: Transaction | null = null;
  for (const [id, found] of doubled) {
    // As many as there were before the edit (one, or the service's own doubles) stay.
    const allowed = Math.max(1, earlier.get(id) ?? 0);
    const ranked = [
      ...found.filter((o) => !o.touched),
      ...found.filter((o) => o.touched && o.words),
      ...found.filter((o) => o.touched && !o.words),
    ];
    for (const o of ranked.slice(allowed)) if (o.touched) o.drop((fix ??= state.tr));
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
        types: ['heading', 'paragraph', 'codeBlock', 'figure', 'listItem', 'container'],
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
