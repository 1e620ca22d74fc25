// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, noticeButton, noticeSaying } from '../../testing/app-over-real-core';
import {
  answeredCalls,
  calledMethods,
  DISK_FULL,
  failingCalls,
  heldCalls,
} from '../../testing/real-core';

// The Delete-in-progress flag was kept per editor mount, while the read-only hold is per draft
// (draft-holds.ts). An editor opened again on a draft whose Delete still waited was read-only,
// but its Delete button took a second press: a second records.delete, a second "Deleted… Undo"
// notice, and the Undo of one of them told the writer the delete "has been sent" while the post
// was back and open (review R4). One Delete per draft: shown unavailable while it waits, pressed,
// said why, and available again on the post brought back.

const app = appOverRealCore();

describe('Delete pressed in an editor reopened while the first Delete waits', () => {
  it('makes one delete, one notice, and an Undo that never says "too late" of a post kept', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Tide almanac', '<p>High water.</p>');
    await app.openInApp(draft.id);

    // The core is slow (a sync round holding the store): the Delete waits.
    let answer = () => {};
    heldCalls.set('records.delete', new Promise<void>((resolve) => (answer = resolve)));
    const before = calledMethods.length;
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await new Promise((resolve) => setTimeout(resolve, 200));

    // The writer goes back to the list and opens the post again: it opens read-only (held).
    await user.click(screen.getByRole('button', { name: 'All posts' }));
    await user.click(
      await screen.findByRole('button', { name: 'Tide almanac' }, { timeout: 10_000 }),
    );
    await waitFor(() => expect(app.useUi().getState().openDraftId).toBe(draft.id));
    const text = await screen.findByLabelText('Post text');
    const reopenedEditable = text.getAttribute('contenteditable');
    // Nothing happens, it seems: the writer presses Delete again.
    const again = screen.getByRole('button', { name: 'Delete' });
    const againShown = again.getAttribute('aria-disabled');
    await user.click(again);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const saidNotNow = app
      .useUi()
      .getState()
      .notices.some((n) => n.message.startsWith('Not now'));

    answer();
    await noticeSaying(/^Deleted “Tide almanac”\. Undo is possible/);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const deleted = screen.getAllByText(/^Deleted “Tide almanac”\. Undo is possible/, {
      selector: '[data-notice] > span',
    });
    const deleteCalls = calledMethods.slice(before).filter((m) => m === 'records.delete').length;

    // The writer takes it back: Undo on each offer shown.
    for (const message of deleted) {
      await user.click(noticeButton(message, 'Undo'));
      await new Promise((resolve) => setTimeout(resolve, 800));
    }
    await app.leavesSettled();
    // The post back and open: its Delete is the writer's again.
    await waitFor(() => expect(app.useUi().getState().openDraftId).toBe(draft.id));
    await screen.findByLabelText('Post text');
    const deleteShownAfterUndo = screen
      .getByRole('button', { name: 'Delete' })
      .getAttribute('aria-disabled');
    const stored = await app.bridge.drafts.get({ draftId: draft.id });
    const tooLate = app
      .useUi()
      .getState()
      .notices.filter((n) => /too late/i.test(n.message))
      .map((n) => n.message);

    expect({
      reopenedEditable,
      againShown,
      saidNotNow,
      deleteCalls,
      deletedNotices: deleted.length,
      pendingDelete: stored.pendingDelete,
      tooLate,
      deleteShownAfterUndo,
    }).toEqual({
      reopenedEditable: 'false',
      againShown: 'true',
      saidNotNow: true,
      deleteCalls: 1,
      deletedNotices: 1,
      pendingDelete: false,
      tooLate: [],
      deleteShownAfterUndo: null,
    });
  });
});

describe('A Delete not done', () => {
  // Marked as on its way for good, the post could not be deleted again until the app restarted:
  // every press said "Not now".
  it('leaves Delete to the writer: refused for unsaved words, or by the core', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Tide gauge', '<p>Low water.</p>');
    const { type } = await app.openInApp(draft.id);
    const deleteButton = () => screen.getByRole('button', { name: 'Delete' });

    // The disk is full: the words typed last cannot be saved, so nothing is deleted.
    failingCalls.set('drafts.save', DISK_FULL);
    type(' Ebb.');
    await user.click(deleteButton());
    await noticeSaying(/^Not deleted: your last changes are not saved\./);
    const afterUnsaved = deleteButton().getAttribute('aria-disabled');
    failingCalls.clear();

    // The words saved, the core refuses the Delete itself.
    answeredCalls.set('records.delete', () => Promise.reject(new Error('The store is locked')));
    await user.click(deleteButton());
    await noticeSaying(/store is locked/i);
    const afterRefused = deleteButton().getAttribute('aria-disabled');
    answeredCalls.clear();

    await user.click(deleteButton());
    await noticeSaying(/^Deleted “Tide gauge”\. Undo is possible/);
    expect({ afterUnsaved, afterRefused }).toEqual({ afterUnsaved: null, afterRefused: null });
  });
});
