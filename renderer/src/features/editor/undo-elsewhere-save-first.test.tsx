// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  appOverRealCore,
  editorOf,
  noticeButton,
  noticeSaying,
  typeAtEnd,
} from '../../testing/app-over-real-core';
import { activePublication, DISK_FULL, failingCalls } from '../../testing/real-core';

// A writer's review of the editor's ways out: Undo of a Delete made in another publication
// switched the active publication first, and only then asked whether the open editor could go.

const app = appOverRealCore('undo-elsewhere');

describe('Undo of a Delete in another publication, while the open editor cannot save', () => {
  it('leaves the sidebar on the publication of the post still being written', async () => {
    const user = userEvent.setup();
    const sample = app.sample();
    const archive = await app.addArchive();
    const elsewhere = await app.bridge.records.create({
      publicationId: archive.id,
      kind: 'post',
      fields: { title: 'Archived note', content: '<p>Old.</p>' },
    });
    await app.bridge.publications.setActive({ id: archive.id });
    await app.openInApp(elsewhere.id);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const deleted = await noticeSaying(/^Deleted “Archived note”\. Undo is possible/);

    // The writer turns to the sample and writes in one of its posts; the disk fills.
    await user.click(screen.getByRole('button', { name: new RegExp(`^${sample.name}`) }));
    await screen.findByText(sample.name, { selector: '.current-publication strong' });
    const mine = await app.createPost('Sample words', '<p>Boats.</p>');
    act(() => app.useUi().getState().openDraft(mine.id));
    const editor = editorOf(await screen.findByLabelText('Post text'));
    failingCalls.set('drafts.save', DISK_FULL);
    typeAtEnd(editor, ' Gulls.');

    // Undo: the deleted note is back, but the editor must stay (its words are not saved).
    await user.click(noticeButton(deleted, 'Undo'));
    await noticeSaying(/^The editor stays open: your last changes are not saved\./);
    expect(app.useUi().getState().openDraftId).toBe(mine.id);
    const sidebar = screen.getByRole('navigation', { name: 'Publications' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const current = within(sidebar)
      .getAllByRole('button')
      .find((b) => b.getAttribute('aria-current') === 'true');
    // The writer is still in the sample's post: the sidebar must not say Archive is current.
    // The Undo itself is done: the note no longer waits to be deleted.
    expect({
      sidebarCurrent: current?.querySelector('.publication-name')?.textContent,
      activeInCore: (await activePublication(app.bridge)).name,
      noteWaitsToBeDeleted: (await app.bridge.drafts.get({ draftId: elsewhere.id })).pendingDelete,
    }).toEqual({
      sidebarCurrent: sample.name,
      activeInCore: sample.name,
      noteWaitsToBeDeleted: false,
    });
  });
});
