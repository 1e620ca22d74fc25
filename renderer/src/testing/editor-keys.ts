import type { Editor } from '@tiptap/core';

/** The position just after the first `words` in an editor's text; -1 when they are not there. */
export function after(e: Editor, words: string): number {
  let at = -1;
  e.state.doc.descendants((node, pos) => {
    if (at < 0 && node.isText && node.text?.includes(words))
      at = pos + node.text.indexOf(words) + words.length;
    return at < 0;
  });
  return at;
}

/**
 * A key pressed in the editor, as its keymaps see it (jsdom has no typing): whether any handled
 * it.
 */
export function key(e: Editor, name: string, shiftKey = false): boolean {
  const event = new KeyboardEvent('keydown', { key: name, shiftKey, cancelable: true });
  return e.view.someProp('handleKeyDown', (handle) => handle(e.view, event)) ?? false;
}
