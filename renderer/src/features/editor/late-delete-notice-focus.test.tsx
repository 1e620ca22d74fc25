// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, noticeSaying } from '../../testing/app-over-real-core';
import { heldCalls } from '../../testing/real-core';

// A review of the editor's ways out: a Delete answered late no longer closed the editor the
// writer went to meanwhile (stillOpen, use-draft-actions.ts), but its notice still took the
// keyboard. The writer, typing a title in the other post, found the focus on "Undo": the next
// Space pressed it, and the app left the post being written for the deleted one. The notice now
// takes the keyboard only from the editor the Delete closed.

const app = appOverRealCore();

describe('A Delete answered after the writer went on to another post', () => {
  it('(control) gives "Undo" the keyboard when it closes the editor it was pressed in', async () => {
    const user = userEvent.setup();
    const gone = await app.createPost('Old bus times', '<p>Buses.</p>');
    await app.openInApp(gone.id);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const notice = await noticeSaying(/^Deleted “Old bus times”\. Undo is possible/);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Undo'));
    expect(notice.closest('[data-notice]')?.contains(document.activeElement)).toBe(true);
  });

  it('leaves the keyboard in the post being written', async () => {
    const user = userEvent.setup();
    const gone = await app.createPost('Old ferry times', '<p>Boats.</p>');
    const other = await app.createPost('New ferry times', '<p>Ships.</p>');
    await app.openInApp(gone.id);

    let answer = () => {};
    heldCalls.set('records.delete', new Promise<void>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await new Promise((resolve) => setTimeout(resolve, 200));

    // The core is slow: the writer goes back to the list and on to another post's title.
    await user.click(screen.getByRole('button', { name: 'All posts' }));
    await user.click(
      await screen.findByRole('button', { name: 'New ferry times' }, { timeout: 10_000 }),
    );
    const title = (await screen.findByLabelText('Title')) as HTMLTextAreaElement;
    await waitFor(() => expect(app.useUi().getState().openDraftId).toBe(other.id));
    await user.click(title);
    await user.keyboard(' (summer)');

    answer();
    await noticeSaying(/^Deleted “Old ferry times”\. Undo is possible/);
    const focusAfterNotice =
      document.activeElement === title ? 'title' : document.activeElement?.textContent;
    // The writer, not looking at the notice, types on.
    await user.keyboard(' timetable');
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    expect({
      focusAfterNotice,
      open: app.useUi().getState().openDraftId === other.id ? 'the post being written' : 'another',
      title: title.value,
    }).toEqual({
      focusAfterNotice: 'title',
      open: 'the post being written',
      title: 'New ferry times (summer) timetable',
    });
  });
});
