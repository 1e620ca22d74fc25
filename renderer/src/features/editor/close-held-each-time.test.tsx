// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appOverRealCore, closeIsHeld, noticeSaying } from '../../testing/app-over-real-core';
import { DISK_FULL, failingCalls } from '../../testing/real-core';

// The open editor's holder of the window's close (save-before-close.ts) kept `told` for the life
// of the editor. Once a close was refused and the writer told "Close again to close anyway",
// every later close went through while the autosave showed an error, even for words typed long
// after, once the first ones had been stored: those words were never tried nor mentioned
// (review R4).

const app = appOverRealCore();

afterEach(() => vi.restoreAllMocks());

describe('Closing the window over words refused after an earlier refused close', () => {
  it('holds the close for the new words, as it did for the first', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'close').mockImplementation(() => {});
    const draft = await app.createPost('Mooring fees', '<p>Boats.</p>');
    const { type } = await app.openInApp(draft.id);

    // The disk fills; the writer quits; told, they stay.
    failingCalls.set('drafts.save', DISK_FULL);
    type(' One.');
    await screen.findByText(/^Not saved:/, {}, { timeout: 5_000 });
    const firstHeld = closeIsHeld();
    await noticeSaying(/^Your last changes are not saved\. .*Close again to close anyway\.$/);

    // Space is freed; Save lands the words. The writer writes on for an hour.
    failingCalls.clear();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await app.stored(draft.id)).content).toContain('One.'));

    // The disk fills again; the new words are refused; the writer quits.
    failingCalls.set('drafts.save', DISK_FULL);
    type(' Two.');
    await screen.findByText(/^Not saved:/, {}, { timeout: 5_000 });
    const secondHeld = closeIsHeld();
    await new Promise((resolve) => setTimeout(resolve, 500));
    failingCalls.clear();

    expect({
      firstHeld,
      secondHeld,
      stored: (await app.stored(draft.id)).content,
    }).toEqual({
      firstHeld: true,
      // Never tried, never said: the window would close over " Two."
      secondHeld: true,
      stored: '<p>Boats. One.</p>',
    });
  });
});
