// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../shared/views';
import {
  appOverRealCore,
  editorOf,
  noticeSaying,
  typeAtEnd,
} from '../../testing/app-over-real-core';
import { answeredCalls } from '../../testing/real-core';

// A review of the editor's ways out: the read-only lock is counted so that one action's end never
// unlocks another's. A replaced text that lands remounts the editor (onReplaced, a new key), and
// a count kept in the editor started again at 0: editable, Publish pressable, although the Delete
// pressed meanwhile still waited. Words typed there were saved into the post, which took the
// waiting Delete back; then the Delete's answer closed the editor and said "Deleted… Undo" of a
// post that stayed. The count is kept per draft now (draft-holds.ts). Only the core's answers to
// the conflict (it cannot be made on demand in the shared core) and the Delete's slow answer are
// made.

const app = appOverRealCore();

describe('A conflict choice that lands while a Delete pressed meanwhile still waits', () => {
  it('keeps the reopened editor read-only until the Delete is answered', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Pier lights', '<p>Mine.</p>');
    const real = await app.bridge.drafts.get({ draftId: draft.id });
    const conflicted: DraftView = {
      ...real,
      theirs: {
        title: 'Pier lights',
        content: '<p>Theirs.</p>',
        updatedAt: new Date().toISOString(),
        version: 'theirs-1',
        gone: false,
      },
    };
    answeredCalls.set('drafts.get', async () => conflicted);
    await app.openInApp(draft.id);
    await screen.findByRole('button', { name: 'Keep mine' });

    // The service takes its time over the choice.
    let answerChoice = (_kept: string[]) => {};
    answeredCalls.set(
      'sync.resolveConflict',
      () => new Promise<string[]>((resolve) => (answerChoice = resolve)),
    );
    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    // The writer decides to delete the post instead; the core takes the Delete, its answer is slow.
    let answerDelete = () => {};
    const deleteAnswered = new Promise<void>((resolve) => (answerDelete = resolve));
    answeredCalls.set('records.delete', async () => {
      answeredCalls.delete('records.delete');
      answeredCalls.delete('drafts.get');
      const done = await app.bridge.records.delete({ draftId: draft.id });
      await deleteAnswered;
      return done;
    });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(async () =>
      expect((await app.bridge.drafts.get({ draftId: draft.id })).pendingDelete).toBe(true),
    );

    // The choice lands: the editor reopens on the kept text.
    answerChoice([draft.id]);
    await noticeSaying(/^Conflict resolved\.$/);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Keep mine' })).toBeNull());
    const text = await screen.findByLabelText('Post text');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const whileDeleteWaits = {
      text: text.getAttribute('contenteditable'),
      title: (screen.getByLabelText('Title') as HTMLTextAreaElement).readOnly,
      publish: screen.getByRole('button', { name: /^Publish to/ }).getAttribute('aria-disabled'),
    };

    // The writer, seeing the text editable again, writes on.
    typeAtEnd(editorOf(text), ' More.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 500));

    answerDelete();
    await noticeSaying(/^Deleted “Pier lights”\. Undo is possible/);
    await app.leavesSettled();
    const stored = await app.bridge.drafts.get({ draftId: draft.id });
    expect({
      whileDeleteWaits,
      // "Deleted" is said: the post must then be waiting to be deleted, not kept.
      pendingDelete: stored.pendingDelete,
    }).toEqual({
      whileDeleteWaits: { text: 'false', title: true, publish: 'true' },
      pendingDelete: true,
    });
  });
});
