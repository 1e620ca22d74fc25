// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appOverRealCore, closeIsHeld, noticeSaying } from '../../testing/app-over-real-core';
import { DISK_FULL, failingCalls, heldCalls } from '../../testing/real-core';

// A review of the editor's ways out: words an editor closed on unsaved live only in
// closed-unsaved.ts's registry. The open editor held the window's close for its words
// (save-before-close.ts); the registry did not. The writer freed some space and quit: nothing was
// tried, nothing said, the words were gone. They now hold the close as an open editor's do.

const app = appOverRealCore('closed-unsaved-window-close');

afterEach(() => vi.restoreAllMocks());

/** A post whose editor closed (the writer turned to Archive) on words the full disk refused. */
async function closedUnsaved(user: ReturnType<typeof userEvent.setup>, title: string) {
  await app.addArchive();
  const draft = await app.createPost(title, '<p>Boats.</p>');
  const { type } = await app.openInApp(draft.id);
  let answer = () => {};
  heldCalls.set('publications.setActive', new Promise<void>((resolve) => (answer = resolve)));
  await user.click(await screen.findByRole('button', { name: /^Archive/ }));
  await new Promise((resolve) => setTimeout(resolve, 200));
  failingCalls.set('drafts.save', DISK_FULL);
  type(' Gulls.');
  answer();
  await noticeSaying(new RegExp(`^“${title}” closed before its last changes could be saved\\.`));
  await screen.findByText('Archive', { selector: '.current-publication strong' });
  return draft;
}

describe('Words closed unsaved, then the window closed', () => {
  it('holds the close for them, saves them, then closes the window', async () => {
    const user = userEvent.setup();
    const draft = await closedUnsaved(user, 'Harbour log quit');
    // jsdom's own close would end the test's document.
    const closeWindow = vi.spyOn(window, 'close').mockImplementation(() => {});

    // Room again; the writer quits.
    failingCalls.clear();
    const held = closeIsHeld();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect({
      held,
      stored: (await app.stored(draft.id)).content,
      closedItself: closeWindow.mock.calls.length,
      heldAgain: closeIsHeld(),
    }).toEqual({ held: true, stored: '<p>Boats. Gulls.</p>', closedItself: 1, heldAgain: false });
  });

  it('says when they are still refused, and lets the next close through', async () => {
    const user = userEvent.setup();
    await closedUnsaved(user, 'Harbour log full');
    const closeWindow = vi.spyOn(window, 'close').mockImplementation(() => {});

    // Still no room; the writer quits, is told, and quits again.
    const held = closeIsHeld();
    await noticeSaying(/^“Harbour log full” closed before .* Close again to close anyway\.$/);
    await waitFor(() => expect(closeIsHeld()).toBe(false));
    expect({ held, closedItself: closeWindow.mock.calls.length }).toEqual({
      held: true,
      closedItself: 0,
    });
  });
});
