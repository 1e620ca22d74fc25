// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { appOverRealCore } from '../../testing/app-over-real-core';

// A post as WordPress or Blogger stores it (a line end between blocks, `<br />`) is not the
// editor's own HTML until the writer types in Visual: the mark written at the caret is found in
// it by aligning the two. By the count of text alone, the start of a line after Shift+Enter, and
// the far side of an image, went to the end of the words before them (review R9).

const app = appOverRealCore();

function startOf(editor: Editor, words: string): number {
  let found = -1;
  editor.state.doc.descendants((node, pos) => {
    const at = node.text?.indexOf(words) ?? -1;
    if (found < 0 && at >= 0) found = pos + at;
  });
  if (found < 0) throw new Error(`No "${words}"`);
  return found;
}

const sourceField = () =>
  screen.getByRole('textbox', { name: 'HTML source' }) as HTMLTextAreaElement;

describe('a post opened as stored (not the editor’s own HTML), switched to source', () => {
  it('a caret at the start of a line after a line break opens after the <br>, on that line', async () => {
    const user = userEvent.setup();
    // As WordPress stores a paragraph with a line break in it: a line end between blocks.
    const stored = '<p>Roses are red,<br>violets are blue.</p>\n<p>Sugar is sweet.</p>';
    const draft = await app.createPost('Poem', stored);
    const { editor } = await app.openInApp(draft.id);
    // The writer clicks at the start of the second line, "violets".
    editor.commands.setTextSelection(startOf(editor, 'violets'));

    await user.click(screen.getByRole('button', { name: 'HTML source' }));
    const field = sourceField();
    await waitFor(() => expect(document.activeElement).toBe(field));
    // Expected: after "<br>", before "violets" — on the line the writer was on.
    expect(field.value.slice(0, field.selectionStart)).toBe('<p>Roses are red,<br>');
  });

  it('a caret on the far side of an inline image opens after the image', async () => {
    const user = userEvent.setup();
    const stored =
      '<p>Rated <img src="https://x.test/s.png" alt="stars" /> by readers.</p>\n<p>End.</p>';
    const draft = await app.createPost('Stars', stored);
    const { editor } = await app.openInApp(draft.id);
    // Just after the image (before " by").
    editor.commands.setTextSelection(startOf(editor, ' by'));

    await user.click(screen.getByRole('button', { name: 'HTML source' }));
    const field = sourceField();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value.slice(0, field.selectionStart)).toBe(
      '<p>Rated <img src="https://x.test/s.png" alt="stars" />',
    );
  });
});
