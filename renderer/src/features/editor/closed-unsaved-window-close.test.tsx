// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appOverRealCore, closeIsHeld, noticeSaying } from '../../testing/app-over-real-core';
import { failingCalls } from '../../testing/real-core';

// A review of the editor's ways out: words an editor closed on unsaved live only in
// closed-unsaved.ts's registry. The open editor held the window's close for its words
// (save-before-close.ts); the registry did not. The writer freed some space and quit: nothing was
// tried, nothing said, the words were gone. They now hold the close as an open editor's do.

const app = appOverRealCore('closed-unsaved-window-close');

afterEach(() => vi.restoreAllMocks());

describe('Words closed unsaved, then the window closed', () => {
  it('holds the close for them, saves them, then closes the window', async () => {
    const user = userEvent.setup();
    const draft = await app.closeUnsaved(user, 'Harbour log quit');
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
    await app.closeUnsaved(user, 'Harbour log full');
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
