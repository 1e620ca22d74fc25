import { Editor } from '@tiptap/core';
import { editorDocument } from '../features/editor/editor-content';
import { editorExtensions } from '../features/editor/extensions';
import { cleanPastedHtml } from '../features/editor/paste';

/** The visual editor as DraftEditor.tsx makes it, its paste cleaning included, on a post's HTML. */
export const openEditor = (html: string): Editor =>
  new Editor({
    extensions: editorExtensions,
    content: editorDocument(html).toJSON(),
    editorProps: { transformPastedHTML: (pasted) => cleanPastedHtml(pasted).html },
  });

/** jsdom has no ClipboardEvent: ProseMirror's paste reads only these two of one. */
export const JSDOM_PASTE = {
  preventDefault() {},
  clipboardData: null,
} as unknown as ClipboardEvent;
