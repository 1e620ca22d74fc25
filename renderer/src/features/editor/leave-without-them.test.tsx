// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  appOverRealCore,
  closeIsHeld,
  noticeButton,
  noticeSaying,
} from '../../testing/app-over-real-core';
import { DISK_FULL, failingCalls } from '../../testing/real-core';

// A writer's review of the editor's ways out: "Leave without them" dropped the unsaved words at
// once, even when the leaving then did not happen (Remove cancelled), leaving them on screen
// under "Saved on this computer", with Save doing nothing.

const app = appOverRealCore();

describe('"Leave without them", when the leaving does not happen', () => {
  it('does not leave the editor showing words that are not stored as "Saved"', async () => {
    const user = userEvent.setup();
    const sample = app.sample();
    const draft = await app.createPost('Harbour log', '<p>Boats.</p>');
    const { editor, type } = await app.openInApp(draft.id);
    failingCalls.set('drafts.save', DISK_FULL);
    type(' Gulls.');

    // Remove the active publication: its editor saves first, and cannot.
    await user.click(screen.getByRole('button', { name: `Remove ${sample.name}` }));
    const said = await noticeSaying(/^The editor stays open: your last changes are not saved\./);
    await user.click(noticeButton(said, 'Leave without them'));
    const dialog = await screen.findByRole('alertdialog', { name: `Remove “${sample.name}”?` });
    // Second thoughts: Cancel. The editor is still there, the words on screen.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(editor.getText()).toContain('Gulls');

    // Room again; the writer presses Save, and is told it is saved.
    failingCalls.clear();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Saved on this computer')).toBeTruthy());
    expect({
      stored: (await app.stored(draft.id)).content,
      closeHeld: closeIsHeld(),
    }).toEqual({ stored: '<p>Boats. Gulls.</p>', closeHeld: false });
  });

  it('(control) still goes without them when the leaving happens', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Harbour log kept short', '<p>Boats.</p>');
    const { type } = await app.openInApp(draft.id);
    failingCalls.set('drafts.save', DISK_FULL);
    type(' Gulls.');

    await user.click(screen.getByRole('button', { name: 'Posts' }));
    const said = await noticeSaying(/^The editor stays open: your last changes are not saved\./);
    await user.click(noticeButton(said, 'Leave without them'));
    await waitFor(() => expect(screen.queryByLabelText('Post text')).toBeNull());
    await app.leavesSettled();

    // The writer's choice: nothing tried again on the way out, nothing said about it.
    failingCalls.clear();
    expect({
      stored: (await app.stored(draft.id)).content,
      toldNotSaved: screen.queryByText(/closed before its last changes could be saved/) !== null,
    }).toEqual({ stored: '<p>Boats.</p>', toldNotSaved: false });
    const reopened = await app.reopenFromTheList(user, 'Harbour log kept short');
    expect(reopened.getText()).toBe('Boats.');
  });
});
