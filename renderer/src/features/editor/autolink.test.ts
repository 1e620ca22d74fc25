// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { documentHtml, editorExtensions } from './extensions';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** Types the words one at a time, a space after each, as a writer's typing reaches the editor. */
function type(e: Editor, words: string): void {
  for (const word of words.split(' '))
    e.view.dispatch(e.state.tr.insertText(`${word} `, e.state.selection.from));
}

describe('addresses typed in the text', () => {
  it('become links when typed as addresses, file names never', () => {
    const e = (editor = new Editor({
      extensions: editorExtensions,
      content: editorDocument('<p></p>').toJSON(),
    }));
    e.commands.setTextSelection(1);
    type(e, 'Edit main.rs and README.md, see www.example.com or https://example.org today');
    const html = documentHtml(e.state.doc);
    expect(html).toContain('<a href="http://www.example.com">www.example.com</a>');
    expect(html).toContain('<a href="https://example.org">https://example.org</a>');
    expect(html).not.toContain('main.rs</a>');
    expect(html).not.toContain('README.md</a>');
  });
});
