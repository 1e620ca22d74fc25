import { TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/**
 * A click below a post that ends in a code block, a quote, a list or a rule starts a paragraph
 * after it. Left to the browser, the caret lands inside that last block, and there Enter only
 * adds a line to the code or to the quote: the writer had no way to write on after it.
 * The paragraph is added only on such a click, never on opening, so a post opened is not changed,
 * and it is no part of the post until something is written in it (`finishCaretLines`).
 */
export function writeBelowLastBlock(view: EditorView, event: MouseEvent): boolean {
  const { doc, schema } = view.state;
  const last = doc.lastChild;
  const paragraph = schema.nodes.paragraph;
  if (!last || !paragraph || event.button !== 0) return false;
  if (last.isTextblock && !last.type.spec.code) return false;
  const dom = view.nodeDOM(doc.content.size - last.nodeSize);
  if (!(dom instanceof HTMLElement) || event.clientY <= dom.getBoundingClientRect().bottom)
    return false;
  const end = doc.content.size;
  const tr = view.state.tr.insert(end, paragraph.create({ caretLine: true }));
  tr.setSelection(TextSelection.create(tr.doc, end + 1)).scrollIntoView();
  view.dispatch(tr);
  view.focus();
  return true;
}

/** A line the editor added for the caret alone: one left empty is not saved. */
export const CARET_LINE = 'data-caret-line';

export function finishCaretLines(body: HTMLElement): void {
  for (const line of body.querySelectorAll(`p[${CARET_LINE}]`)) {
    line.removeAttribute(CARET_LINE);
    // Only the post's last line, left empty: a blank line Enter made after it is the writer's.
    const last = line === body.lastElementChild;
    if (last && line.childNodes.length === 0 && line.attributes.length === 0) line.remove();
  }
}
