import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';

/**
 * While the editor is read-only (a Delete or a replaced text on its way), its text takes no
 * change from anywhere. ProseMirror's own read-only stops the keyboard only: a toolbar button,
 * a shortcut or a script still changed the text, which was then saved as the editor closed, and
 * the core takes a waiting Delete back when words are saved into the post (a writer's review of
 * the editor's ways out).
 */
export const ReadOnlyText = Extension.create({
  name: 'readOnlyText',
  addProseMirrorPlugins() {
    const { editor } = this;
    return [new Plugin({ filterTransaction: (tr) => !tr.docChanged || editor.isEditable })];
  },
});
