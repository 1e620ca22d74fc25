// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, closeIsHeld } from '../../testing/app-over-real-core';
import { DISK_FULL, failingCalls } from '../../testing/real-core';

// A writer's review of the editor's ways out: Add publication turned the app to the new one at
// once, closing an editor whose last words could not be saved (a full disk), without the check
// every other way out makes.

const app = appOverRealCore('add-publication');

describe('Add publication while the open editor cannot save', () => {
  it('keeps the editor open, as switching publication in the sidebar does', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Harbour log', '<p>Boats.</p>');
    const { type } = await app.openInApp(draft.id);
    failingCalls.set('drafts.save', DISK_FULL);
    type(' Gulls.');

    await app.addArchiveThroughDialog(user);
    // Either way something is said: the switch held (as the switcher does), or the editor closed.
    await waitFor(
      () =>
        expect(
          screen.queryByText(
            /^The editor stays open|closed before its last changes could be saved/,
          ),
        ).toBeTruthy(),
      { timeout: 8_000 },
    );

    expect({
      editorOpen: screen.queryByLabelText('Post text') !== null,
      saidItStays: screen.queryByText(/^The editor stays open/) !== null,
      // The new publication is there, and the writer is told it is not the one shown.
      saidAddedNotSwitched: screen.queryByText(/^Added Archive, not switched to yet/) !== null,
      // Quitting now: with the editor open, the close waits for (and warns about) the words.
      closeHeldForTheWords: closeIsHeld(),
    }).toEqual({
      editorOpen: true,
      saidItStays: true,
      saidAddedNotSwitched: true,
      closeHeldForTheWords: true,
    });
  });
});
