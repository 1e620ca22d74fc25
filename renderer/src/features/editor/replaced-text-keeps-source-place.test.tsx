// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, noticeSaying } from '../../testing/app-over-real-core';
import { heldCalls } from '../../testing/real-core';

// A post in HTML source (a <nav> the visual editor cannot keep). Discard edits waits on the
// service; meanwhile the writer goes to All posts and opens the post again (review R4's case).
// The Discard landed and the reopened screen was remounted (replaced-text.ts) at the place read
// from the first screen's editor, long unmounted: its source field gone, the place was the hidden
// visual editor's, of the wrong mode, the HTML source opened with the caret at its top, and the
// writer's next words went in above the whole post (review R5). The same screen is the control.

const app = appOverRealCore();
const body = (words: string) =>
  `<nav>Menu</nav>${Array.from({ length: 40 }, (_, i) => `<p>${words} ${i}.</p>`).join('')}`;

const publishedWithEdits = (title: string) =>
  app.publishedWithEdits(title, body('Live words'), body('Edits to throw away'));

const source = () => screen.getByLabelText('HTML source') as HTMLTextAreaElement;
/** The writer clicks near the end of the HTML. */
const placeNearEnd = (field: HTMLTextAreaElement) =>
  act(() => {
    field.focus();
    field.setSelectionRange(field.value.length - 20, field.value.length - 20);
  });

describe('Discard edits landing on a post in HTML source', () => {
  for (const reopened of [false, true])
    it(`keeps the writer's place (${reopened ? 'screen opened again meanwhile' : 'same screen'})`, async () => {
      const user = userEvent.setup();
      const title = reopened ? 'Pier source B' : 'Pier source A';
      const post = await publishedWithEdits(title);
      // Opens in HTML source: the visual editor cannot keep the <nav> (openInApp waits for the
      // visual editor's element, hidden but there).
      await app.openInApp(post.id);
      await screen.findByLabelText('HTML source');
      placeNearEnd(source());
      let land = () => {};
      heldCalls.set('drafts.discard', new Promise<void>((resolve) => (land = resolve)));
      await user.click(await screen.findByRole('button', { name: 'Discard edits' }));
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (reopened) {
        await user.click(screen.getByRole('button', { name: 'All posts' }));
        await user.click(await screen.findByRole('button', { name: title }, { timeout: 10_000 }));
        await waitFor(() => expect(app.useUi().getState().openDraftId).toBe(post.id));
        await screen.findByLabelText('HTML source');
        placeNearEnd(source());
      } else placeNearEnd(source());
      const before = source();
      land();
      await noticeSaying(/^Back to the version on .*; your edits are in the history\.$/);
      await waitFor(() => expect(source()).not.toBe(before));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const field = source();
      const caretNearEnd = field.selectionStart > field.value.length - 100;
      const focused = document.activeElement === field;
      // The writer writes on, where they were.
      await user.keyboard('More words. ');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await new Promise((resolve) => setTimeout(resolve, 800));
      const stored = (await app.stored(post.id)).content;
      expect({
        showsLiveWords: field.value.includes('Live words 39.'),
        focused,
        caretNearEnd,
        typedAtTheTop: stored.startsWith('More words.'),
      }).toEqual({
        showsLiveWords: true,
        focused: true,
        caretNearEnd: true,
        typedAtTheTop: false,
      });
    });
});
