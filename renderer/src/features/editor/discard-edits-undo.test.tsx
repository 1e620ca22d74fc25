// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE } from '../../../../shared/errors';
import {
  appOverRealCore,
  editorOf,
  noticeButton,
  noticeSaying,
  typeAtEnd,
} from '../../testing/app-over-real-core';
import { calledMethods, DISK_FULL, failingCalls } from '../../testing/real-core';

// A writer's review: Discard edits pressed by mistake could be taken back only by finding the
// revision history and the right snapshot in it. Its notice now offers Undo, which restores the
// snapshot that discard made.

const app = appOverRealCore();

const LIVE = '<p>Live words.</p>';
const EDITS = '<p>Edits wanted after all.</p>';
const BACK_TO_LIVE = /^Back to the version on .*; your edits are in the history\.$/;

/** A live post with held edits, open in the app, its edits discarded: the notice said. */
async function discarded(title: string) {
  const user = userEvent.setup();
  const post = await app.publishedWithEdits(title, LIVE, EDITS);
  await app.openInApp(post.id);
  await user.click(await screen.findByRole('button', { name: 'Discard edits' }));
  const notice = await noticeSaying(BACK_TO_LIVE);
  // The editor reopened on the live version, and can be written in.
  await waitFor(() => {
    const text = screen.getByLabelText('Post text');
    expect([text.textContent, text.getAttribute('contenteditable')]).toEqual([
      'Live words.',
      'true',
    ]);
  });
  return { user, post, notice };
}

const restoreCalls = () => calledMethods.filter((name) => name === 'drafts.restoreRevision');

describe('Undo after Discard edits', () => {
  it('brings the edits back into the editor, the words typed since kept in the history', async () => {
    const { user, post, notice } = await discarded('Pier notes');
    // Written on in the editor the discard reopened, and Undo pressed before those words saved.
    typeAtEnd(editorOf(screen.getByLabelText('Post text')), ' Typed since.');
    await user.click(noticeButton(notice, 'Undo'));

    await noticeSaying(/^Restored “Pier notes”; the text it replaced is in the history\.$/);
    await waitFor(() => {
      const text = screen.getByLabelText('Post text');
      expect([text.textContent, text.getAttribute('contenteditable')]).toEqual([
        'Edits wanted after all.',
        'true',
      ]);
    });
    // Long enough for a save left behind to land over them.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const history = await app.bridge.drafts.revisions({ draftId: post.id });
    const kept = await Promise.all(
      history.map(
        async ({ id }) =>
          (await app.bridge.drafts.revision({ draftId: post.id, revisionId: id })).fields.content,
      ),
    );
    expect({
      stored: (await app.stored(post.id)).content,
      typedSinceKept: kept.includes('<p>Live words. Typed since.</p>'),
    }).toEqual({ stored: EDITS, typedSinceKept: true });
  });

  it('brings them back with the editor closed, the writer left on the list', async () => {
    const { user, post, notice } = await discarded('Pier log');
    await user.click(screen.getByRole('button', { name: 'All posts' }));
    await waitFor(() => expect(app.useUi().getState().openDraftId).toBeNull());
    await user.click(noticeButton(notice, 'Undo'));

    await noticeSaying(/^Restored “Pier log”; the text it replaced is in the history\.$/);
    expect({
      stored: (await app.stored(post.id)).content,
      open: app.useUi().getState().openDraftId,
    }).toEqual({ stored: EDITS, open: null });
  });

  it('leaves a post whose Delete waits deleted, and says why', async () => {
    const { user, post, notice } = await discarded('Pier ledger');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await noticeSaying(/^Deleted “Pier ledger”\. Undo is possible/);
    await user.click(noticeButton(notice, 'Undo'));

    await noticeSaying(/^Your edits were not brought back: “Pier ledger” is being deleted\.$/);
    const now = await app.bridge.drafts.get({ draftId: post.id });
    expect([now.pendingDelete, now.fields.content]).toEqual([true, LIVE]);
  });

  it('says so when the post cannot be read to bring them back', async () => {
    const { user, post, notice } = await discarded('Pier diary');
    await user.click(screen.getByRole('button', { name: 'All posts' }));
    await waitFor(() => expect(app.useUi().getState().openDraftId).toBeNull());
    failingCalls.set('drafts.get', DISK_FULL);
    await user.click(noticeButton(notice, 'Undo'));

    const said = await noticeSaying(/^Your edits were not brought back\./);
    expect([said.textContent, said.closest('[role="alert"]') !== null]).toEqual([
      `Your edits were not brought back. ${DISK_FULL_MESSAGE}`,
      true,
    ]);
    failingCalls.clear();
    expect((await app.stored(post.id)).content).toBe(LIVE);
  });

  it('brings them back once when pressed twice', async () => {
    await discarded('Pier journal');
    const { action } = app
      .useUi()
      .getState()
      .notices.find((shown) => BACK_TO_LIVE.test(shown.message))!;
    const before = restoreCalls().length;
    act(() => {
      action?.run();
      action?.run();
    });

    await noticeSaying(/^Restored “Pier journal”; the text it replaced is in the history\.$/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(restoreCalls().length - before).toBe(1);
  });
});
