// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, noticeSaying } from '../../testing/app-over-real-core';
import { heldCalls } from '../../testing/real-core';

// Discard edits waits on the service; the writer clicks into the Title to fix a typo meanwhile
// (read-only: nothing goes in yet). The Discard landed and the remount put the keyboard in the
// post's text, at its old caret: the letter meant for the title went into the body (review R6).

const app = appOverRealCore();

describe('Discard edits landing while the writer is in the Title', () => {
  for (const [mode, live, title] of [
    // A <nav>: the post opens in HTML source.
    ['HTML source', '<nav>Menu</nav><p>Live words.</p><p>Second line.</p>', 'Harbor wal'],
    ['visual editor', '<p>Live words.</p><p>Second line.</p>', 'Seawal'],
  ] as const)
    it(`leaves the keyboard in the Title (${mode})`, async () => {
      const user = userEvent.setup();
      const post = await app.publishedWithEdits(title, live, `${live}<p>Edits to throw away.</p>`);
      await app.openInApp(post.id);
      if (mode === 'HTML source') await screen.findByLabelText('HTML source');
      let land = () => {};
      heldCalls.set('drafts.discard', new Promise<void>((resolve) => (land = resolve)));
      await user.click(await screen.findByRole('button', { name: 'Discard edits' }));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The writer goes to the end of the title, to add the missing "l".
      const field = screen.getByLabelText('Title') as HTMLTextAreaElement;
      await user.click(field);
      field.setSelectionRange(field.value.length, field.value.length);
      land();
      await noticeSaying(/^Back to the version on .*; your edits are in the history\.$/);
      await waitFor(() => expect(screen.getByLabelText('Title')).not.toBe(field));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const focused = document.activeElement?.getAttribute('aria-label');
      await user.keyboard('l');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await new Promise((resolve) => setTimeout(resolve, 800));
      const stored = await app.stored(post.id);
      expect({ focused, title: stored.title, content: stored.content }).toEqual({
        focused: 'Title',
        title: `${title}l`,
        content: live,
      });
    });
});
