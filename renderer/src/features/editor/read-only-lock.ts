import type { Editor } from '@tiptap/react';
import { useCallback, useRef, useState, type RefObject } from 'react';

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
 * (a review of the editor's ways out).
 */
export function useReadOnlyLock(editorRef: RefObject<Editor | null>): ReadOnlyLock {
  const count = useRef(0);
  const [readOnly, setReadOnly] = useState(false);
  const lock = useCallback(() => {
    count.current++;
    editorRef.current?.setEditable(false, false);
    setReadOnly(true);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      count.current--;
      if (count.current > 0) return;
      const editor = editorRef.current;
      if (editor && !editor.isDestroyed) editor.setEditable(true, false);
      setReadOnly(false);
    };
  }, [editorRef]);
  const held = useCallback(() => count.current > 0, []);
  return { readOnly, held, lock };
}
