// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, noticeSaying } from '../../testing/app-over-real-core';
import { answeredCalls } from '../../testing/real-core';

// A review of the editor's ways out: "read-only from Delete's press" covered text, title, source
// and details, but the header's Publish button still changed the draft (its status) and saved it
// into the post while the Delete waited in the core, which takes a waiting Delete back when the
// post is saved with other fields. The notice then said "Deleted… Undo" of a post that stayed.
// Publish, Update and Discard edits now wait for the Delete's answer.

const app = appOverRealCore();

describe('Publish pressed while a Delete is on its way', () => {
  it('does not leave a "Deleted" notice over a post that stays', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Ferry times', '<p>Boats.</p>');
    await app.openInApp(draft.id);

    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    answeredCalls.set('records.delete', async () => {
      answeredCalls.delete('records.delete');
      const done = await app.bridge.records.delete({ draftId: draft.id });
      await answered;
      return done;
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(async () =>
      expect((await app.bridge.drafts.get({ draftId: draft.id })).pendingDelete).toBe(true),
    );
    // Still found by its name, not pressable, and it says why.
    const publish = screen.getByRole('button', { name: /^Publish to/ });
    await user.click(publish);
    const publishDisabled = publish.getAttribute('aria-disabled');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const saidWhy = app
      .useUi()
      .getState()
      .notices.some((notice) => notice.message.startsWith('Not now: this post is being deleted'));
    answer();
    await noticeSaying(/^Deleted “Ferry times”\. Undo is possible/);
    await app.leavesSettled();
    await new Promise((resolve) => setTimeout(resolve, 500));

    const stored = await app.bridge.drafts.get({ draftId: draft.id });
    expect({
      publishDisabled,
      saidWhy,
      pendingDelete: stored.pendingDelete,
      published: stored.fields.status === 'publish',
    }).toEqual({ publishDisabled: 'true', saidWhy: true, pendingDelete: true, published: false });
  });
});

// Publish's save failing while a Delete pressed meanwhile waits on the same save: Publish takes its
// status back as it always does, read-only or not, or the status asked for stayed in the editor's
// fields, and the next words saved (once the Delete failed too) asked for it unpressed.
describe('Publish and then Delete pressed, both refused by a failing save', () => {
  it('leaves no Publish in the words saved next', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Ferry notes twice', '<p>Boats.</p>');
    const { type } = await app.openInApp(draft.id);
    const refusals: (() => void)[] = [];
    answeredCalls.set(
      'drafts.save',
      () =>
        new Promise((_, reject) =>
          refusals.push(() => reject(new Error('The disk is full. Free some space.'))),
        ),
    );
    await user.click(screen.getByRole('button', { name: /^Publish to/ }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(refusals.length).toBeGreaterThan(0));
    // The disk refuses what was asked, as often as it is asked, until there is room again.
    while (refusals.length > 0) {
      refusals.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await noticeSaying(/^Not deleted/);
    answeredCalls.clear();
    type(' More.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect((await app.bridge.drafts.get({ draftId: draft.id })).fields.content).toBe(
        '<p>Boats. More.</p>',
      ),
    );
    expect((await app.bridge.drafts.get({ draftId: draft.id })).fields.status).not.toBe('publish');
  });
});
