// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { appOverRealCore } from '../../testing/app-over-real-core';

// A writer's review: HTML source opened with its caret at the top, and Visual came back with the
// caret at the top too, so a writer fixing one tag deep in a long post had to find their paragraph
// twice, and their next word, typed at once, went above the whole post.

const app = appOverRealCore();

const paragraphs = Array.from({ length: 12 }, (_, n) => `<p>Paragraph ${n + 1} of the tale.</p>`);
const tale = paragraphs.join('');

/** Where the `nth` (from 0) text node holding `words` starts them, in the visual editor. */
function placeOf(editor: Editor, words: string, nth = 0): number {
  const found: number[] = [];
  editor.state.doc.descendants((node, pos) => {
    const at = node.text?.indexOf(words) ?? -1;
    if (at >= 0) found.push(pos + at);
  });
  const place = found[nth];
  if (place === undefined) throw new Error(`No "${words}" number ${nth}`);
  return place;
}

const sourceField = () =>
  screen.getByRole('textbox', { name: 'HTML source' }) as HTMLTextAreaElement;

describe('switching between the visual editor and HTML source', () => {
  it('opens the source at the words where the visual caret was', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Long tale', tale);
    const { editor } = await app.openInApp(draft.id);
    // In paragraph 9, just before "of".
    editor.commands.setTextSelection(placeOf(editor, 'Paragraph 9 ') + 'Paragraph 9 '.length);

    await user.click(screen.getByRole('button', { name: 'HTML source' }));
    const field = sourceField();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value.slice(0, field.selectionStart)).toBe(
      paragraphs.slice(0, 8).join('') + '<p>Paragraph 9 ',
    );
    expect(field.selectionEnd).toBe(field.selectionStart);
  });

  it('comes back from a changed source at the words where the source caret was', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Tale retold', tale);
    const { editor } = await app.openInApp(draft.id);
    await user.click(screen.getByRole('button', { name: 'HTML source' }));
    const field = sourceField();
    const changed = tale.replace('Paragraph 3 of', 'Paragraph 3, <em>retold</em>, of');
    fireEvent.change(field, { target: { value: changed } });
    const caret = changed.indexOf('of the tale.</p><p>Paragraph 7 ') + 'of the '.length;
    field.setSelectionRange(caret, caret);

    await user.click(screen.getByRole('button', { name: 'Visual' }));
    await waitFor(() => expect(editor.view.hasFocus()).toBe(true));
    const { from } = editor.state.selection;
    expect(editor.state.doc.textBetween(0, from, '|').endsWith('|Paragraph 6 of the ')).toBe(true);
    // The next word goes there, not above the post.
    await user.keyboard('whole ');
    await waitFor(() =>
      expect(editor.getHTML()).toContain('<p>Paragraph 6 of the whole tale.</p>'),
    );
  });

  it('comes back from an unchanged source where the writer moved to in it', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Tale looked at', tale);
    const { editor } = await app.openInApp(draft.id);
    await user.click(screen.getByRole('button', { name: 'HTML source' }));
    const field = sourceField();
    const caret = tale.indexOf('<p>Paragraph 11') + '<p>'.length;
    field.setSelectionRange(caret, caret);

    await user.click(screen.getByRole('button', { name: 'Visual' }));
    await waitFor(() => expect(editor.view.hasFocus()).toBe(true));
    const { $from } = editor.state.selection;
    expect($from.parent.textContent).toBe('Paragraph 11 of the tale.');
    expect($from.parentOffset).toBe(0);
  });

  it('comes back from an unchanged source, the caret not moved, exactly where it was', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Tale kept', tale);
    const { editor } = await app.openInApp(draft.id);
    // A selected word: the source holds it as a range, and the visual editor gets it back whole.
    const start = tale.indexOf('tale.</p><p>Paragraph 6');
    const word = placeOf(editor, 'tale.', 4);
    editor.commands.setTextSelection({ from: word, to: word + 4 });
    await user.click(screen.getByRole('button', { name: 'HTML source' }));
    const field = sourceField();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value.slice(field.selectionStart, field.selectionEnd)).toBe('tale');
    expect(field.selectionStart).toBe(start);

    await user.click(screen.getByRole('button', { name: 'Visual' }));
    await waitFor(() => expect(editor.view.hasFocus()).toBe(true));
    expect(
      editor.state.doc.textBetween(editor.state.selection.from, editor.state.selection.to),
    ).toBe('tale');
  });

  it('comes back from an unchanged source to a line without words, the caret not moved', async () => {
    const user = userEvent.setup();
    // A line left empty to write into later: the source has no words there to find it by.
    const draft = await app.createPost('Tale with a gap', `<p>Before.</p><p></p><p>After.</p>`);
    const { editor } = await app.openInApp(draft.id);
    editor.commands.setTextSelection(placeOf(editor, 'Before.') + 'Before.'.length + 2);
    expect(editor.state.selection.$from.parent.textContent).toBe('');
    await user.click(screen.getByRole('button', { name: 'HTML source' }));
    await waitFor(() => expect(document.activeElement).toBe(sourceField()));

    await user.click(screen.getByRole('button', { name: 'Visual' }));
    await waitFor(() => expect(editor.view.hasFocus()).toBe(true));
    await user.keyboard('Between.');
    await waitFor(() =>
      expect(editor.getHTML()).toBe('<p>Before.</p><p>Between.</p><p>After.</p>'),
    );
  });

  // Review R8: WordPress's raw content keeps "\r\n"; the field makes each "\n", and a place counted
  // in the text with "\r\n" came a character a line late.
  it('keeps the place in a post stored with Windows line ends', async () => {
    const user = userEvent.setup();
    const html = '<p>One.</p>\r\n<p>Two.</p>\r\n<p>Three.</p>\r\n<p>Four five.</p>';
    const draft = await app.createPost('Tale from Windows', html);
    const { editor } = await app.openInApp(draft.id);
    editor.commands.setTextSelection(placeOf(editor, 'five'));
    await user.click(screen.getByRole('button', { name: 'HTML source' }));
    const field = sourceField();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value.slice(0, field.selectionStart)).toBe(
      '<p>One.</p>\n<p>Two.</p>\n<p>Three.</p>\n<p>Four ',
    );
    // A look that changes nothing leaves Undo with its steps: the text is the field's.
    await user.click(screen.getByRole('button', { name: 'Visual' }));
    await waitFor(() => expect(editor.view.hasFocus()).toBe(true));
    expect(editor.state.doc.textBetween(0, editor.state.selection.from, '|')).toBe(
      'One.|Two.|Three.|Four ',
    );
  });

  it('types on the new line opened with Shift+Enter, in HTML source too', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Letter', '<p>Dear reader,<br></p><p>Thanks.</p>');
    const { editor } = await app.openInApp(draft.id);
    editor.commands.setTextSelection(placeOf(editor, 'Dear reader,') + 'Dear reader,'.length + 1);
    expect(editor.state.selection.$from.nodeBefore?.type.name).toBe('hardBreak');
    await user.click(screen.getByRole('button', { name: 'HTML source' }));
    const field = sourceField();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value.slice(field.selectionStart)).toBe('</p><p>Thanks.</p>');
  });
});
