// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { key } from '../../testing/editor-keys';
import { editorDocument } from './editor-content';
import { documentHtml, editorExtensions } from './extensions';
import { placeBlock } from './place-block';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const belowList = () => {
  const e = (editor = new Editor({
    extensions: editorExtensions,
    content: editorDocument('<ul><li>Last item</li></ul>').toJSON(),
  }));
  // As a click below the list adds it (below-last-block.ts; jsdom has no layout to click in).
  const end = e.state.doc.content.size;
  e.view.dispatch(
    e.state.tr.insert(end, e.state.schema.nodes.paragraph!.create({ caretLine: true })),
  );
  e.commands.setTextSelection(end + 1);
  return e;
};

describe('a line added below the last block for the caret', () => {
  it('is no part of the post while empty, and is once written in', () => {
    const e = belowList();
    expect(documentHtml(e.state.doc)).toBe('<ul><li>Last item</li></ul>');
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

describe('the caret line below the last block, edited', () => {
  it('written in, then a line opened above it with Enter at its start: both lines saved', () => {
    const e = belowList();
    e.commands.insertContent('After the list.');
    e.commands.setTextSelection(e.state.doc.content.size - 1 - 'After the list.'.length);
    key(e, 'Enter');
    e.commands.setTextSelection(e.state.doc.content.size - 3 - 'After the list.'.length);
    e.commands.insertContent('A line between.');
    const out = documentHtml(e.state.doc);
    expect(out).toContain('A line between.');
  });

  it('Enter in it, then words on the next line: the blank line the writer made is kept', () => {
    const e = belowList();
    key(e, 'Enter');
    e.commands.insertContent('After a blank line.');
    const out = documentHtml(e.state.doc);
    expect(out).toBe('<ul><li>Last item</li></ul><p></p><p>After a blank line.</p>');
  });
});
