import { EditorState } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { editorDocument } from './editor-content';
import { documentHtml } from './extensions';
import { markupLoss } from './fidelity';
import { sayNotNow } from './read-only-text-note';
import type { DraftSaving } from './use-draft-saving';
import { sourcePlaceOf, visualPlaceOf } from './mode-switch-place';
import { firstWords, textPlace, type WriterPlace } from './writer-place';

export type EditingMode = WriterPlace['mode'];

/**
 * The visual editor or the HTML source: which one the writer is in, and what the source shows.
 * Known before the visual editor is made, as a text that opens in source leaves it empty.
 */
export function useEditingMode(content: string, resumeAt: WriterPlace | undefined) {
  // Markup the visual editor cannot keep: such a text opens in source mode, untouched.
  // Once per opening: a refetch after each save must not announce it again.
  const [initialLoss] = useState(() => markupLoss(content));
  const [mode, setMode] = useState<EditingMode>(
    initialLoss.length ? 'source' : (resumeAt?.mode ?? 'visual'),
  );
  const modeRef = useRef(mode);
  useEffect(() => {
    modeRef.current = mode;
  }, [mode]);
  const [sourceSeed, setSourceSeed] = useState(content);
  const [pendingLoss, setPendingLoss] = useState<string[] | null>(null);
  return {
    initialLoss,
    mode,
    setMode,
    modeRef,
    sourceSeed,
    setSourceSeed,
    pendingLoss,
    setPendingLoss,
  };
}

/**
 * The text the writer brings back from HTML source is where undo starts. Left in the history,
 * the switch was one step: a single Ctrl+Z put back the visual editor's text from before (an
 * empty one for a post that opened in source), and autosave kept that.
 */
function startUndoHere(editor: Editor): void {
  const { doc, plugins, selection } = editor.state;
  editor.view.updateState(EditorState.create({ doc, plugins, selection }));
  // A transaction of nothing, so what reads the editor's state (the toolbar's Undo) reads again.
  editor.view.dispatch(editor.state.tr.setMeta('addToHistory', false));
}

/**
 * Switching between the visual editor and the HTML source, with a warning before the visual
 * editor drops markup it cannot keep; and where the writer is, in either.
 */
export function useModeSwitch({
  editing: { modeRef, setMode, setSourceSeed, pendingLoss, setPendingLoss },
  source,
  editor,
  saving: { fields, currentFields, update },
  readOnly,
}: {
  editing: ReturnType<typeof useEditingMode>;
  /** The HTML source's field, while it is shown. */
  source: RefObject<HTMLTextAreaElement | null>;
  editor: Editor;
  saving: Pick<DraftSaving, 'fields' | 'currentFields' | 'update'>;
  /**
   * A Delete or a replaced text on its way (read-only-lock.ts): the text stays as it is, in the
   * mode it is in. The visual editor then refuses every change (read-only-text.ts), its own
   * setContent too, and a switch to it went on regardless: it showed the old text, saved it on
   * the loss path, and later keystrokes saved it over the words written in source (a review of
   * the editor's ways out).
   */
  readOnly: () => boolean;
}) {
  const stayInSource = useRef<HTMLButtonElement>(null);
  // The warning is a dialog: the keyboard goes to it, on its safe choice.
  useEffect(() => {
    if (pendingLoss) stayInSource.current?.focus();
  }, [pendingLoss]);

  // The HTML source shown when the writer left the visual editor for it, and where its caret was
  // put: coming back with both unchanged, the visual editor is as it was, the caret where it was
  // and Undo with its steps.
  const leftVisualWith = useRef<{ html: string; at: [number, number] } | null>(null);
  // The keyboard goes where the writer now writes, at the same words, once the source is shown.
  const focusSource = useRef<[number, number] | null>(null);
  useEffect(() => {
    const field = source.current;
    if (!focusSource.current || !field) return;
    field.setSelectionRange(...focusSource.current);
    focusSource.current = null;
    // Not held still: Chromium brings a caret set by script into view only on focus.
    field.focus();
  });
  // Refused while read-only, and said, as the toolbar's buttons are: HTML source, Visual and the
  // warning's "Switch and drop it" did nothing, unsaid (review R4).
  const toSource = () => {
    if (readOnly()) return sayNotNow();
    // As the field will hold it: a textarea makes every line end "\n", and places counted in a
    // text with "\r\n" drifted a character a line (review R8, WordPress's raw content).
    const html = currentFields().content.replace(/\r\n?/g, '\n');
    const { from, to } = editor.state.selection;
    const at = sourcePlaceOf(html, editor.state.doc, from, to);
    leftVisualWith.current = { html, at };
    focusSource.current = at;
    setSourceSeed(html);
    setMode('source');
    setPendingLoss(null);
  };
  const toVisual = (force = false) => {
    if (readOnly()) return sayNotNow();
    const field = source.current;
    const html = field?.value ?? fields.current.content;
    const at: [number, number] = field ? [field.selectionStart, field.selectionEnd] : [0, 0];
    const left = leftVisualWith.current;
    if (html === left?.html) {
      setPendingLoss(null);
      setMode('visual');
      // Moved in the source, the writer is where they moved to; there is no new step to undo.
      if (at[0] !== left.at[0] || at[1] !== left.at[1])
        editor.view.dispatch(
          editor.state.tr
            .setSelection(visualPlaceOf(html, editor.state.doc, ...at))
            .setMeta('addToHistory', false),
        );
      editor.commands.focus();
      return;
    }
    const loss = markupLoss(html);
    if (loss.length && !force) return setPendingLoss(loss);
    editor.commands.setContent(editorDocument(html).toJSON(), { emitUpdate: false });
    const place = field
      ? visualPlaceOf(html, editor.state.doc, ...at)
      : firstWords(editor.state.doc);
    editor.view.dispatch(editor.state.tr.setSelection(place));
    startUndoHere(editor);
    // Only now, with the writer's consent, does the text become what the editor keeps.
    if (loss.length) update({ content: documentHtml(editor.state.doc) });
    setPendingLoss(null);
    setMode('visual');
    // A frame later, once shown: hidden, the editor takes no focus and scrolls to nothing.
    editor.commands.focus();
  };
  const stayWithSource = () => {
    setPendingLoss(null);
    source.current?.focus({ preventScroll: true });
  };

  const writerPlace = (): WriterPlace => {
    const field = source.current;
    if (modeRef.current === 'source' && field)
      return {
        mode: 'source',
        from: field.selectionStart,
        to: field.selectionEnd,
        scrollTop: field.scrollTop,
      };
    const { from, to } = editor.state.selection;
    return { mode: 'visual', from, to, ...textPlace(editor.state.doc, from) };
  };

  return { stayInSource, toSource, toVisual, stayWithSource, writerPlace };
}
