import type { Editor } from '@tiptap/react';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { draftHeld, holdDraft, useDraftHeld } from './draft-holds';

export interface ReadOnlyLock {
  /** Whether text, title, source, details and the header's actions take nothing now. */
  readOnly: boolean;
  /** The same, read when a press or a change comes, not at the last render. */
  held(): boolean;
  /** Read-only until the function returned is called (once; later calls do nothing). */
  lock(): () => void;
}

/**
 * The editor is read-only while a Delete or a replaced text (Discard edits, a restore, a conflict
 * choice) is on its way. Counted, not a flag: a conflict choice that failed while a Delete pressed
 * meanwhile still waited made the text editable again, and words typed then took the Delete back
 * (a review of the editor's ways out). Counted per draft, above the editor (draft-holds.ts): a
 * choice that lands remounts the editor, which must start read-only while the Delete still waits.
 */
export function useReadOnlyLock(
  draftId: string,
  editorRef: RefObject<Editor | null>,
): ReadOnlyLock {
  const readOnly = useDraftHeld(draftId);
  // An editor remounted on a replaced text lives on a moment, unmounted, still showing the text
  // replaced, its saving still on: turned editable as the hold went, a key it took was saved
  // (review R5).
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
  // At once, not at the next render: a letter typed right after the press must not go in.
  const follow = useCallback(() => {
    const editor = editorRef.current;
    const editable = !draftHeld(draftId);
    if (mounted.current && editor && !editor.isDestroyed && editor.isEditable !== editable)
      editor.setEditable(editable, false);
  }, [draftId, editorRef]);
  // A hold taken or let go by another mount of this draft's editor (one since replaced).
  useEffect(follow, [follow, readOnly]);
  const lock = useCallback(() => {
    const release = holdDraft(draftId);
    follow();
    return () => {
      release();
      follow();
    };
  }, [draftId, follow]);
  const held = useCallback(() => draftHeld(draftId), [draftId]);
  return { readOnly, held, lock };
}
