// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appOverRealCore, noticeSaying } from '../../testing/app-over-real-core';
import { answeredCalls, heldCalls } from '../../testing/real-core';

// The editor tells the writer what Publish came to by reading the draft once the sync is over. A
// read already on its way (the core said the draft changed while the publish was going) was taken
// for that fresh read, as review R7 found for a replaced text: its answer, from before the publish
// landed, said "Publish pending" for a post already live.

const app = appOverRealCore();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
afterEach(() => {
  answeredCalls.clear();
  heldCalls.clear();
});

describe('the outcome of Publish, with a read of the draft on its way', () => {
  it('is read after the publish, not from before it', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Quay read in flight', '<p>Words to go live.</p>');
    const { client } = await app.openInApp(draft.id);
    const { draftKeys } = await import('./queries');

    let landSync = () => {};
    heldCalls.set('sync.syncNow', new Promise<void>((resolve) => (landSync = resolve)));
    await user.click(await screen.findByRole('button', { name: /^Publish to / }));
    await pause(300);
    // The draft changed, says the core: read again. The answer, read before the publish, is slow.
    const before = await app.bridge.drafts.get({ draftId: draft.id });
    expect(before.serviceStatus).not.toBe('publish');
    let answerBefore = () => {};
    answeredCalls.set('drafts.get', () => {
      answeredCalls.delete('drafts.get');
      return new Promise((resolve) => (answerBefore = () => resolve(before)));
    });
    void client.invalidateQueries({ queryKey: draftKeys.one(draft.id), exact: true });
    await pause(200);

    landSync();
    await pause(300);
    answerBefore();
    await noticeSaying(/^“Quay read in flight” published on /);
    expect((await app.bridge.drafts.get({ draftId: draft.id })).serviceStatus).toBe('publish');
  });
});
