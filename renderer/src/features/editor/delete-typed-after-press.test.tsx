// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, noticeSaying } from '../../testing/app-over-real-core';
import { heldCalls } from '../../testing/real-core';

// A writer's review of the editor's ways out: words typed while the core worked on a Delete were
// saved as the editor closed, and the core (by its own rule) takes a waiting Delete back when
// words are saved into the post. The notice said "Deleted… Undo" while the post stayed.

const app = appOverRealCore();

async function deleteWhileHeld(typeMeanwhile: boolean) {
  const user = userEvent.setup();
  const draft = await app.createPost(`Gone soon ${typeMeanwhile}`, '<p>Words.</p>');
  const { type } = await app.openInApp(draft.id);
  let answer = () => {};
  heldCalls.set('records.delete', new Promise<void>((resolve) => (answer = resolve)));
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  // The core is working on the Delete (a slow disk, a sync round holding the store).
  await new Promise((resolve) => setTimeout(resolve, 200));
  const editable = screen.getByLabelText('Post text').getAttribute('contenteditable');
  const titleReadOnly = (screen.getByLabelText('Title') as HTMLTextAreaElement).readOnly;
  if (typeMeanwhile) type(' Also.');
  answer();
  await noticeSaying(new RegExp(`^Deleted “Gone soon ${typeMeanwhile}”\\. Undo is possible`));
  await app.leavesSettled();
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    editable,
    titleReadOnly,
    pendingDelete: (await app.bridge.drafts.get({ draftId: draft.id })).pendingDelete,
  };
}

describe('Delete', () => {
  it('(control) with nothing typed after the press, waits to be sent as the notice says', async () => {
    expect((await deleteWhileHeld(false)).pendingDelete).toBe(true);
  });

  it('is not silently taken back by words typed while it was on its way', async () => {
    // The notice says Deleted (with Undo): then the post must be on its way out, and the text
    // and title must not have taken words after the press.
    expect(await deleteWhileHeld(true)).toEqual({
      editable: 'false',
      titleReadOnly: true,
      pendingDelete: true,
    });
  });
});
