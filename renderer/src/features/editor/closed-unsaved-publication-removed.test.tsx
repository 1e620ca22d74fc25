// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appOverRealCore,
  closeIsHeld,
  editorOf,
  noticeButton,
  noticeSaying,
  typeAtEnd,
} from '../../testing/app-over-real-core';
import { DISK_FULL, failingCalls, heldCalls } from '../../testing/real-core';

// A review of the editor's ways out: closed-unsaved.ts kept a closed editor's words by draft, and
// its notice offered "Save again", with nothing tying either to the publication. Removing the
// publication took the post away, but not the notice or the words: "Save again" then failed for
// good. Both now go with the publication.

const app = appOverRealCore('closed-unsaved-removed');

afterEach(() => vi.restoreAllMocks());

describe('Words closed unsaved in a publication that is then removed', () => {
  it('leave no "Save again" behind for a post that is gone, nor hold the window for it', async () => {
    const user = userEvent.setup();
    const archive = await app.addArchive();
    const draft = await app.bridge.records.create({
      publicationId: archive.id,
      kind: 'post',
      fields: { title: 'Archived log', content: '<p>Boats.</p>' },
    });
    await app.bridge.publications.setActive({ id: archive.id });
    await app.openInApp(draft.id);
    const editor = editorOf(await screen.findByLabelText('Post text'));
    let answer = () => {};
    heldCalls.set('publications.setActive', new Promise<void>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: new RegExp(`^${app.sample().name}`) }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    failingCalls.set('drafts.save', DISK_FULL);
    typeAtEnd(editor, ' Gulls.');
    answer();
    await noticeSaying(/^“Archived log” closed before its last changes could be saved\./);
    failingCalls.clear();

    // The writer removes Archive, post and all.
    await user.click(screen.getByRole('button', { name: 'Remove Archive' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove “Archive”?' });
    await user.click(within(dialog).getByRole('button', { name: /^Remove/ }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 300));

    const left = screen.queryByText(/^“Archived log” closed before/, {
      selector: '[data-notice] > span',
    });
    let afterSaveAgain: string | null = null;
    if (left) {
      await user.click(noticeButton(left, 'Save again'));
      await new Promise((resolve) => setTimeout(resolve, 500));
      afterSaveAgain =
        screen.queryByText(/Archived log/, { selector: '[data-notice] > span' })?.textContent ??
        null;
    }
    // Nor is the window's close held for words that have nowhere to go (jsdom's own close would
    // end the test's document, should it come).
    vi.spyOn(window, 'close').mockImplementation(() => {});
    const closeHeld = closeIsHeld();
    act(() => {});
    expect({ noticeLeft: left !== null, afterSaveAgain, closeHeld }).toEqual({
      noticeLeft: false,
      afterSaveAgain: null,
      closeHeld: false,
    });
  });
});
