// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, noticeSaying, typeAtEnd } from '../../testing/app-over-real-core';
import { answeredCalls } from '../../testing/real-core';

// A review of the editor's ways out: while a Delete is on its way the visual editor refuses every
// change to its text (read-only-text.ts), its own setContent too, yet Visual (and the loss
// warning's "Switch and drop it") went on to it from HTML source. It showed the old text, saved
// it on the loss path (the Delete taken back under a "Deleted" notice), and, the Delete refused,
// the writer's next keystroke saved the old text over the words written in source. The switch
// now waits for the Delete's answer. Pressed meanwhile, it did nothing and said nothing, where the
// toolbar and Publish say "Not now" (review R4).

const app = appOverRealCore();

const saidNotNow = () =>
  app
    .useUi()
    .getState()
    .notices.some((n) => n.message.startsWith('Not now'));

type User = ReturnType<typeof userEvent.setup>;

/** A post opened, then rewritten in HTML source, and that saved. */
async function rewrittenInSource(user: User, title: string, rewritten: string) {
  const draft = await app.createPost(title, '<p>Old words.</p>');
  const { editor } = await app.openInApp(draft.id);
  await user.click(screen.getByRole('button', { name: 'HTML source' }));
  const source = (await screen.findByLabelText('HTML source')) as HTMLTextAreaElement;
  fireEvent.change(source, { target: { value: rewritten } });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(async () => expect((await app.stored(draft.id)).content).toBe(rewritten));
  return { draft, editor };
}

describe('Visual pressed while a Delete is on its way', () => {
  it('and the Delete fails: the visual editor then shows, and keeps, the words written in source', async () => {
    const user = userEvent.setup();
    const { draft, editor } = await rewrittenInSource(
      user,
      'Tide tables',
      '<p>New words from the source.</p>',
    );

    // The core takes a while over the Delete, then refuses it.
    let refuse = () => {};
    answeredCalls.set(
      'records.delete',
      () =>
        new Promise((_, reject) => {
          refuse = () => reject(new Error('The disk is full'));
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Meanwhile the writer presses Visual: it is not pressable, and the source stays.
    const visual = screen.getByRole('button', { name: 'Visual' });
    await user.click(visual);
    const duringDelete = {
      visualDisabled: visual.getAttribute('aria-disabled'),
      source: (screen.queryByLabelText('HTML source') as HTMLTextAreaElement | null)?.value,
    };
    refuse();
    await noticeSaying(/disk is full/i);
    answeredCalls.clear();

    // Refused: the writer goes to the visual editor, and writes on there.
    await waitFor(() => expect(visual.getAttribute('aria-disabled')).toBeNull());
    await user.click(visual);
    const shown = editor.getText();
    typeAtEnd(editor, ' More.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect({
      duringDelete,
      editable: editor.isEditable,
      shown,
      stored: (await app.stored(draft.id)).content,
    }).toEqual({
      duringDelete: { visualDisabled: 'true', source: '<p>New words from the source.</p>' },
      editable: true,
      shown: 'New words from the source.',
      stored: '<p>New words from the source. More.</p>',
    });
  });

  it('and the Delete succeeds: "Deleted" holds, and the source words are not saved over', async () => {
    const user = userEvent.setup();
    const rewritten = '<p>New words <font color="red">in red</font>.</p>';
    const { draft } = await rewrittenInSource(user, 'Tide tables red', rewritten);
    // The writer presses Visual, and is warned about the <font>.
    await user.click(screen.getByRole('button', { name: 'Visual' }));
    const warning = await screen.findByRole('alertdialog');

    // The core deletes (the post now waits to be deleted), but its answer is slow to come.
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
    // Meanwhile the writer accepts the warning: not pressable now, and nothing switches.
    const drop = within(warning).getByRole('button', { name: 'Switch and drop it' });
    await user.click(drop);
    const dropDisabled = drop.getAttribute('aria-disabled');
    const dropSaid = saidNotNow();
    answer();
    await noticeSaying(/^Deleted “Tide tables red”\. Undo is possible/);
    await app.leavesSettled();
    await new Promise((resolve) => setTimeout(resolve, 500));

    const stored = await app.bridge.drafts.get({ draftId: draft.id });
    expect({
      dropDisabled,
      dropSaid,
      pendingDelete: stored.pendingDelete,
      content: stored.fields.content,
    }).toEqual({ dropDisabled: 'true', dropSaid: true, pendingDelete: true, content: rewritten });
  });
});

describe('HTML source pressed while a Delete waits', () => {
  it('says why nothing happens, as the toolbar and Publish do', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Slipway', '<p>Launch.</p>');
    await app.openInApp(draft.id);
    let refuse = () => {};
    answeredCalls.set(
      'records.delete',
      () => new Promise((_, reject) => (refuse = () => reject(new Error('The disk is full')))),
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Post text').getAttribute('contenteditable')).toBe('false'),
    );
    await user.click(screen.getByRole('button', { name: 'HTML source' }));
    const said = saidNotNow();
    const switched = screen.queryByLabelText('HTML source') !== null;
    refuse();
    await noticeSaying(/disk is full/i);
    expect({ switched, said }).toEqual({ switched: false, said: true });
  });
});
