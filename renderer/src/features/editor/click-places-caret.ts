import { TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/**
 * A click into the text while the focus is elsewhere (a button, a field) puts the caret where it
 * lands. With words still selected from before, the editor put that old selection back as it
 * took the focus, the click was lost, and the next letter typed replaced the selected words.
 * The editor's selection moves to the click first, so what it puts back is the click's place.
 */
export function clickPlacesCaret(view: EditorView, event: MouseEvent): boolean {
  if (event.button !== 0 || event.shiftKey || view.hasFocus() || view.state.selection.empty)
    return false;
  const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
  if (at)
    view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at.pos))));
  return false;
}
