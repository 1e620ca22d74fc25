import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';

/**
 * A block (a figure, an embed) put where the writer is: an empty line the caret is on becomes it
 * (unless a link points at that line), else it goes after the top-level block the caret is in, or
 * after what is selected. The caret then `caretFromEnd` before the block's end, or just after the
 * block when that is null and something follows it.
 */
export function placeBlock(
  state: EditorState,
  node: ProseMirrorNode,
  caretFromEnd: number | null,
): Transaction {
  const { $to } = state.selection;
  const tr = state.tr;
  let at: number;
  const line = $to.parent;
  if (
    $to.depth === 1 &&
    line.type === state.schema.nodes.paragraph &&
    line.content.size === 0 &&
    !line.attrs.id
  ) {
    at = $to.before(1);
    tr.replaceWith(at, $to.after(1), node);
  } else {
    at = $to.depth > 0 ? $to.after(1) : state.selection.to;
    tr.insert(at, node);
  }
  const end = at + node.nodeSize;
  if (caretFromEnd !== null)
    return tr.setSelection(TextSelection.create(tr.doc, end - caretFromEnd));
  // After an atom: on the line below it, one made if the post ends there.
  const paragraph = state.schema.nodes.paragraph;
  if (end === tr.doc.content.size && paragraph)
    tr.insert(end, paragraph.create({ caretLine: true }));
  return tr.setSelection(
    TextSelection.near(tr.doc.resolve(Math.min(end + 1, tr.doc.content.size))),
  );
}
