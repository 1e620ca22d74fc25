import type { Editor } from '@tiptap/react';
import { useEffect, useRef } from 'react';

// Below the sticky header, a line or two of context; above the window's bottom edge, room.
const CONTEXT_ABOVE = 45;
export const CARET_CLEARANCE = { top: 140, bottom: 120, left: 0, right: 0 };

/**
 * The caret's clearance at the top follows the header's height, which grows when a narrow
 * window or a large font wraps its rows, and so does the room a field reached by Tab keeps
 * above it (scroll-padding-top in styles.css). Only on a resize: never while typing. The header
 * measured is the element given the ref this returns.
 */
export function useCaretClearance(editor: Editor) {
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let top = CARET_CLEARANCE.top;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      const wanted = element.offsetHeight + CONTEXT_ABOVE;
      root.setProperty('--editor-header-room', `${wanted}px`);
      if (wanted === top || editor.isDestroyed) return;
      top = wanted;
      const clearance = { ...CARET_CLEARANCE, top };
      editor.setOptions({
        editorProps: {
          ...editor.options.editorProps,
          scrollThreshold: clearance,
          scrollMargin: clearance,
        },
      });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--editor-header-room');
    };
  }, [editor]);
  return header;
}
