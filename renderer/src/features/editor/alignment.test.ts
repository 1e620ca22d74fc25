// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { after } from '../../testing/editor-keys';
import { linesCentred, toggleCentre } from './alignment';
import { editorDocument } from './editor-content';
import { documentHtml, editorExtensions } from './extensions';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const open = (html: string): Editor =>
  (editor = new Editor({ extensions: editorExtensions, content: editorDocument(html).toJSON() }));
const centre = () => toggleCentre(editor!.state, editor!.view.dispatch);
const html = () => documentHtml(editor!.state.doc);

describe('centring a line', () => {
  it('centres the line at the caret by its style, and makes it plain again', () => {
    const e = open('<p>Epigraph</p><p>Text</p>');
    e.commands.setTextSelection(after(e, 'Epi'));
    expect(linesCentred(e.state)).toBe(false);
    expect(centre()).toBe(true);
    expect(html()).toBe('<p style="text-align: center">Epigraph</p><p>Text</p>');
    expect(linesCentred(e.state)).toBe(true);
    expect(centre()).toBe(true);
    expect(html()).toBe('<p>Epigraph</p><p>Text</p>');
  });

  it("keeps the rest of a line's style, and speaks WordPress's classes where the line has them", () => {
    const e = open(
      '<p style="color: #a33; text-align: right">Red</p><h2 class="wp-block-heading has-text-align-left">Title</h2>',
    );
    e.commands.setTextSelection(after(e, 'Red'));
    centre();
    e.commands.setTextSelection(after(e, 'Title'));
    centre();
    expect(html()).toBe(
      '<p style="color: #a33; text-align: center">Red</p><h2 class="wp-block-heading has-text-align-center">Title</h2>',
    );
    centre();
    expect(html()).toBe(
      '<p style="color: #a33; text-align: center">Red</p><h2 class="wp-block-heading">Title</h2>',
    );
  });

  it('centres every line selected, or, when all are, none; by Ctrl+Shift+E too', () => {
    const e = open('<p style="text-align: center">One</p><p>Two</p>');
    e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, 2, after(e, 'Two'))));
    expect(linesCentred(e.state)).toBe(false);
    expect(e.commands.keyboardShortcut('Mod-Shift-E')).toBe(true);
    expect(html()).toBe(
      '<p style="text-align: center">One</p><p style="text-align: center">Two</p>',
    );
    centre();
    expect(html()).toBe('<p>One</p><p>Two</p>');
  });

  it('is undone on its own, not with the words typed just before', () => {
    const e = open('<p>Old</p>');
    e.commands.setTextSelection(after(e, 'Old'));
    e.commands.insertContent(' new words');
    centre();
    e.commands.undo();
    expect(html()).toBe('<p>Old new words</p>');
  });

  it('reads a centring set around the line or marked important, and keeps quoted semicolons', () => {
    const e = open(
      '<div style="text-align: center"><p>Around</p></div><p style="text-align: center !important">Important</p><p style=\'font-family: "a;b"; text-align: center\'>Quoted</p>',
    );
    for (const words of ['Around', 'Important', 'Quoted']) {
      e.commands.setTextSelection(after(e, words));
      expect(linesCentred(e.state), words).toBe(true);
      centre();
      expect(linesCentred(e.state), words).toBe(false);
    }
    expect(html()).toBe(
      '<div style="text-align: center"><p style="text-align: start">Around</p></div><p>Important</p><p style="font-family: &quot;a;b&quot;">Quoted</p>',
    );
  });

  it('is not offered where there is no line to centre: a code listing', () => {
    open('<pre><code>npm test</code></pre>');
    editor!.commands.setTextSelection(2);
    expect(toggleCentre(editor!.state)).toBe(false);
  });
});
