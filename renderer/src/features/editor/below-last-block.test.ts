// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorDocument } from './editor-content';
import { documentHtml, editorExtensions } from './extensions';
import { placeBlock } from './place-block';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

describe('a line added below the last block for the caret', () => {
  it('is no part of the post while empty, and is once written in', () => {
    const e = (editor = new Editor({
      extensions: editorExtensions,
      content: editorDocument('<ul><li>Last item</li></ul>').toJSON(),
    }));
    // As a click below the list adds it (below-last-block.ts; jsdom has no layout to click in).
    const end = e.state.doc.content.size;
    e.view.dispatch(
      e.state.tr.insert(end, e.state.schema.nodes.paragraph!.create({ caretLine: true })),
    );
    expect(documentHtml(e.state.doc)).toBe('<ul><li>Last item</li></ul>');
    e.commands.setTextSelection(end + 1);
    e.commands.insertContent('After.');
    expect(documentHtml(e.state.doc)).toBe('<ul><li>Last item</li></ul><p>After.</p>');
  });

  it('after a block put in at the post’s end (an embed, a rule) is the same', () => {
    const e = (editor = new Editor({
      extensions: editorExtensions,
      content: editorDocument('<p>Only</p>').toJSON(),
    }));
    e.commands.setTextSelection(3);
    e.view.dispatch(placeBlock(e.state, e.state.schema.nodes.horizontalRule!.create(), null));
    expect(e.state.doc.lastChild?.type.name).toBe('paragraph');
    expect(documentHtml(e.state.doc)).toBe('<p>Only</p><hr>');
  });
});
