// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, noticeSaying } from '../../testing/app-over-real-core';
import { heldCalls } from '../../testing/real-core';

// The live post has a <nav>; the writer let the visual editor drop it ("Switch and drop it"),
// wrote on at the end in the visual editor, then pressed Discard edits to have the <nav> back. The
// replaced text cannot open in the visual editor, so the remount opens it in HTML source, and the
// writer's place, of the other mode, was dropped: the caret at 0, the next words above the <nav>
// and the whole post (review R6), the harm review R5 fixed for a screen opened again.

const app = appOverRealCore();
const body = (words: string) =>
  Array.from({ length: 40 }, (_, i) => `<p>${words} ${i}.</p>`).join('');

describe('Discard edits bringing back a text the visual editor cannot keep', () => {
  it("puts the writer's next words where they were writing, not above the whole post", async () => {
    const user = userEvent.setup();
    // Edits: what the visual editor kept after "Switch and drop it", and more words at the end.
    const post = await app.publishedWithEdits(
      'Pier nav dropped',
      `<nav>Menu</nav>${body('Live words')}`,
      `${body('Live words')}<p>Edits.</p>`,
    );
    const { editor } = await app.openInApp(post.id);
    // Visual: the writer is at the end of the text.
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    });
    let land = () => {};
    heldCalls.set('drafts.discard', new Promise<void>((resolve) => (land = resolve)));
    await user.click(await screen.findByRole('button', { name: 'Discard edits' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    land();
    await noticeSaying(/^Back to the version on .*; your edits are in the history\.$/);
    const field = (await screen.findByLabelText('HTML source')) as HTMLTextAreaElement;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const focused = document.activeElement === field;
    await user.keyboard('More words. ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    const stored = (await app.stored(post.id)).content;
    expect({ focused, stored }).toEqual({
      focused: true,
      stored: `<nav>Menu</nav>${body('Live words').replace(/39\.<\/p>$/, '39.More words. </p>')}`,
    });
  });
});
