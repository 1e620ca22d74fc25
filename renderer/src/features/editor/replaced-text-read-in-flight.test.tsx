// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appOverRealCore, editorOf, noticeSaying } from '../../testing/app-over-real-core';
import { answeredCalls, heldCalls } from '../../testing/real-core';

// Review R7's suspicion: the editor reopens on the draft read afresh once its text is replaced,
// but a read of it already on its way (the core said the draft changed, a moment before the
// Discard landed) was taken for that fresh read: its answer, the text from before, is what the
// editor reopened on, the discarded edits shown again as if kept.

const app = appOverRealCore();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
afterEach(() => answeredCalls.clear());

describe('Discard edits landing while a read of the draft is on its way', () => {
  it('reopens the editor on the text gone back to, not on the read from before', async () => {
    const user = userEvent.setup();
    const live = '<p>Live words.</p>';
    const post = await app.publishedWithEdits(
      'Harbour read in flight',
      live,
      '<p>Edits to throw away.</p>',
    );
    // The app's own cache, held here to do what a "draft changed" from the core does.
    const { client } = await app.openInApp(post.id);
    const { draftKeys } = await import('./queries');

    let landDiscard = () => {};
    heldCalls.set('drafts.discard', new Promise<void>((resolve) => (landDiscard = resolve)));
    await user.click(await screen.findByRole('button', { name: 'Discard edits' }));
    await pause(200);
    // The draft changed, says the core: read again. The answer, read before the Discard, is slow.
    const before = await app.bridge.drafts.get({ draftId: post.id });
    let answerBefore = () => {};
    answeredCalls.set('drafts.get', () => {
      answeredCalls.delete('drafts.get');
      return new Promise((resolve) => (answerBefore = () => resolve(before)));
    });
    void client.invalidateQueries({ queryKey: draftKeys.one(post.id), exact: true });
    await pause(200);

    landDiscard();
    await noticeSaying(/^Back to the version on .*; your edits are in the history\.$/);
    await pause(300);
    answerBefore();
    await pause(500);
    expect(editorOf(screen.getByLabelText('Post text')).getHTML()).toBe(live);
  });
});
