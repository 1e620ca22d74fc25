// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  appOverRealCore,
  closeIsHeld,
  noticeSaying,
  typeAtEnd,
} from '../../testing/app-over-real-core';
import { failingCalls } from '../../testing/real-core';

// A writer's review of the editor's ways out: a post closed before its last words could be saved
// (a full disk) opened again on the older stored text; the reopened editor's first save then
// took the notice's "Save again" away, or wrote over what "Save again" had stored.

const app = appOverRealCore('reopened-unsaved');

/** What the notices say of the post (the shared core's sync may say other things meanwhile). */
const noticesShown = () =>
  screen
    .queryAllByText(/Harbour log/, { selector: '[data-notice] > span' })
    .map((span) => span.textContent);

describe('words closed unsaved, then the post opened again', () => {
  it('are stored as it opens once there is room, and shown', async () => {
    const user = userEvent.setup();
    const draft = await app.closeUnsaved(user, 'Harbour log one');

    // Room again. The writer goes back to the post from the sidebar and its list.
    failingCalls.clear();
    const editor = await app.reopenFromTheList(user, 'Harbour log one');
    const reopened = {
      shown: editor.getText(),
      storedOnOpening: (await app.stored(draft.id)).content,
      // The notice that they were not saved gives way to one that they are.
      said: noticesShown(),
    };
    typeAtEnd(editor, ' Terns.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Saved on this computer')).toBeTruthy());

    expect({
      reopened,
      stored: (await app.stored(draft.id)).content,
      saveAgainOffered: screen.queryByRole('button', { name: 'Save again' }) !== null,
    }).toEqual({
      reopened: {
        shown: 'Boats. Gulls.',
        storedOnOpening: '<p>Boats. Gulls.</p>',
        said: ['Saved “Harbour log one”.'],
      },
      stored: '<p>Boats. Gulls. Terns.</p>',
      saveAgainOffered: false,
    });
  });

  it('are shown when they still cannot be stored, and saved from the reopened editor', async () => {
    const user = userEvent.setup();
    const draft = await app.closeUnsaved(user, 'Harbour log two');

    // Still no room: the post opens on the words typed before the close, not the stored ones.
    const editor = await app.reopenFromTheList(user, 'Harbour log two');
    const reopened = {
      shown: editor.getText(),
      said: noticesShown(),
      // The reopened editor holds them now: the closed one's "Save again" is retired, so it can
      // never put them back over what is typed here.
      saveAgainOffered: screen.queryByRole('button', { name: 'Save again' }) !== null,
      // Not stored yet: quitting now waits for (and warns about) them.
      closeHeld: closeIsHeld(),
    };
    // The held close tries the words once more, and says it could not (else it closes the window).
    if (reopened.closeHeld) await noticeSaying(/Close again to close anyway\.$/);

    // Room again; the writer goes on, and saves.
    failingCalls.clear();
    typeAtEnd(editor, ' Terns.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Saved on this computer')).toBeTruthy());
    expect({
      reopened,
      stored: (await app.stored(draft.id)).content,
      // Landed: nothing is left to say about unsaved words.
      toldUnsaved: screen.queryByText(/could not be saved/) !== null,
    }).toEqual({
      reopened: {
        shown: 'Boats. Gulls.',
        said: [
          '“Harbour log two” is open again with the changes that could not be saved: they are not saved yet.',
        ],
        saveAgainOffered: false,
        closeHeld: true,
      },
      stored: '<p>Boats. Gulls. Terns.</p>',
      toldUnsaved: false,
    });
  });
});
