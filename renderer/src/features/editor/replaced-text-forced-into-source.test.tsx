// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, noticeSaying } from '../../testing/app-over-real-core';
import { heldCalls } from '../../testing/real-core';

// The live post has a <nav>; the writer let the visual editor drop it ("Switch and drop it"),
// wrote on in the visual editor, then pressed Discard edits to have the <nav> back. The replaced
// text cannot open in the visual editor, so the remount opens it in HTML source, and the writer's
// place, of the other mode, was dropped: the caret at 0, the next words above the <nav> and the
// whole post (review R6). Carried over as the characters of text before it, it then landed at the
// start of the next paragraph, or, the blocks on lines of their own as WordPress and the corpus
// have them, each line break counted, a character a block earlier, inside a word (review R7).

const app = appOverRealCore();

/**
 * Discard edits pressed in the visual editor with the caret at `caret(editor)`; typed at the
 * remount in HTML source, then saved: the stored text.
 */
async function discardThenType(
  post: { id: string },
  caret: (editor: Editor) => number,
  words: string,
): Promise<string> {
  const user = userEvent.setup();
  const { editor } = await app.openInApp(post.id);
  act(() => {
    editor.commands.setTextSelection(caret(editor));
  });
  let land = () => {};
  heldCalls.set('drafts.discard', new Promise<void>((resolve) => (land = resolve)));
  await user.click(await screen.findByRole('button', { name: 'Discard edits' }));
  await new Promise((resolve) => setTimeout(resolve, 200));
  land();
  await noticeSaying(/^Back to the version on .*; your edits are in the history\.$/);
  const field = await screen.findByLabelText('HTML source');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(document.activeElement).toBe(field);
  await user.keyboard(words);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await new Promise((resolve) => setTimeout(resolve, 800));
  return (await app.stored(post.id)).content;
}

describe('Discard edits bringing back a text the visual editor cannot keep', () => {
  it("puts the writer's next words where they were writing, not above the whole post", async () => {
    const body = Array.from({ length: 40 }, (_, i) => `<p>Live words ${i}.</p>`).join('');
    // Edits: what the visual editor kept after "Switch and drop it", and more words at the end.
    const post = await app.publishedWithEdits(
      'Pier nav dropped',
      `<nav>Menu</nav>${body}`,
      `${body}<p>Edits.</p>`,
    );
    // Visual: the writer is at the end of the text.
    const stored = await discardThenType(
      post,
      (editor) => editor.state.doc.content.size - 1,
      'More words. ',
    );
    expect(stored).toBe(`<nav>Menu</nav>${body.replace(/39\.<\/p>$/, '39.More words. </p>')}`);
  });

  const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>Live words ${i}.</p>`);
  /** In the visual editor, the start (or end) of the line "Live words 20.". */
  const lineTwenty = (end: boolean) => (editor: Editor) => {
    let at = 0;
    editor.state.doc.descendants((node, pos) => {
      if (node.isTextblock && node.textContent === 'Live words 20.')
        at = pos + 1 + (end ? node.content.size : 0);
    });
    return at;
  };
  const near = (html: string) =>
    html.slice(html.indexOf('More words.') - 20, html.indexOf('More words.') + 26);
  for (const [layout, joint] of [
    ['blocks side by side', ''],
    ['blocks on lines of their own', '\n'],
  ] as const)
    it(`puts the next words at the end of the line the writer was at the end of (${layout})`, async () => {
      const body = paragraphs.join(joint);
      const live = `${body}${joint}<nav>Menu</nav>`;
      const post = await app.publishedWithEdits(`Pier line end ${layout}`, live, body);
      const stored = await discardThenType(post, lineTwenty(true), 'More words.');
      expect(near(stored)).toBe(
        near(live.replace('Live words 20.</p>', 'Live words 20.More words.</p>')),
      );
    });

  it('puts the next words at the start of the line the writer was at the start of', async () => {
    const body = paragraphs.join('\n');
    const live = `${body}\n<nav>Menu</nav>`;
    const post = await app.publishedWithEdits('Pier line start', live, body);
    const stored = await discardThenType(post, lineTwenty(false), 'More words. ');
    expect(near(stored)).toBe(
      near(live.replace('<p>Live words 20.', '<p>More words. Live words 20.')),
    );
  });
});
