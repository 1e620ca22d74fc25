// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  appOverRealCore,
  editorOf,
  noticeButton,
  noticeSaying,
  typeAtEnd,
} from '../../testing/app-over-real-core';
import { heldCalls } from '../../testing/real-core';

// A replaced text (Discard edits, a restore, a conflict choice) reopened the editor on it through
// the EditorScreen that was open when it was pressed (onReplaced). If the post's screen was
// closed and opened again while the Discard waited on the service (Delete then Undo, or All posts
// then the post again), the new screen was read-only (draft-holds.ts) on the text read before the
// Discard landed. The Discard landed, "Back to the version on …" was said, but only the old,
// unmounted screen was told: the new one was never remounted. The hold went, the editor turned
// editable still showing the discarded edits, and the next word typed saved them back (review R4).

const app = appOverRealCore();

type Variant = 'delete then undo' | 'back to the list and open again';

async function discardWhileReopened(variant: Variant, title: string) {
  const user = userEvent.setup();
  // Edits held here, not yet sent with Update.
  const post = await app.publishedWithEdits(
    title,
    '<p>Live words.</p>',
    '<p>Edits to throw away.</p>',
  );
  await app.openInApp(post.id);

  // Discard edits: the core waits on the service.
  let land = () => {};
  heldCalls.set('drafts.discard', new Promise<void>((resolve) => (land = resolve)));
  await user.click(await screen.findByRole('button', { name: 'Discard edits' }));
  await new Promise((resolve) => setTimeout(resolve, 200));
  if (variant === 'delete then undo') {
    // Meanwhile the writer presses Delete, then thinks better of it.
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const deleted = await noticeSaying(new RegExp(`^Deleted “${title}”\\. Undo is possible`));
    await user.click(noticeButton(deleted, 'Undo'));
  } else {
    // Meanwhile the writer goes back to the list, and opens the post again.
    await user.click(screen.getByRole('button', { name: 'All posts' }));
    await user.click(await screen.findByRole('button', { name: title }, { timeout: 10_000 }));
  }
  await waitFor(() => expect(app.useUi().getState().openDraftId).toBe(post.id));
  await screen.findByLabelText('Post text');

  // The Discard lands.
  land();
  await noticeSaying(/^Back to the version on .*; your edits are in the history\.$/);
  await waitFor(() =>
    expect(screen.getByLabelText('Post text').getAttribute('contenteditable')).toBe('true'),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const text = screen.getByLabelText('Post text');
  const shown = text.textContent;
  const storedBeforeTyping = (await app.stored(post.id)).content;
  // The writer writes on.
  typeAtEnd(editorOf(text), ' More.');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await new Promise((resolve) => setTimeout(resolve, 800));
  const stored = (await app.stored(post.id)).content;
  return { storedBeforeTyping, shown, storedHasDiscardedEdits: stored.includes('throw away') };
}

const expected = {
  storedBeforeTyping: '<p>Live words.</p>',
  shown: 'Live words.',
  storedHasDiscardedEdits: false,
};

describe('Discard edits waiting while its post is opened again', () => {
  it('Delete then Undo: shows the version gone back to, and never saves the edits back', async () => {
    expect(await discardWhileReopened('delete then undo', 'Quay notes')).toEqual(expected);
  });

  it('back to the list and opened again: the same', async () => {
    expect(await discardWhileReopened('back to the list and open again', 'Quay log')).toEqual(
      expected,
    );
  });
});
