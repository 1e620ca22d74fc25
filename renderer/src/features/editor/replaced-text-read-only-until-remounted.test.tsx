// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, editorOf, noticeSaying } from '../../testing/app-over-real-core';
import { heldCalls } from '../../testing/real-core';

// Discard edits landed: textReplaced() only scheduled the remount (a state update, rendered in a
// later task), then replaceStored's finally let the hold go, and the lock's own follow() made the
// *old* editor, still showing the discarded edits, editable at once. A key that landed before
// React rendered the remount went into the discarded text, and the old editor's save stored it:
// the edits the writer had just thrown away were back (review R5). Rendering the remount first is
// not enough alone: the old editor lives on a moment after it, unmounted, its saving still on.

const app = appOverRealCore();

const publishedWithEdits = (title: string) =>
  app.publishedWithEdits(title, '<p>Live words.</p>', '<p>Edits to throw away.</p>');

describe('the editor Discard edits replaces', () => {
  it('never takes a key on the discarded text', async () => {
    const user = userEvent.setup();
    const post = await publishedWithEdits('Harbour wall');
    await app.openInApp(post.id);
    let land = () => {};
    heldCalls.set('drafts.discard', new Promise<void>((resolve) => (land = resolve)));
    await user.click(await screen.findByRole('button', { name: 'Discard edits' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const old = screen.getByLabelText('Post text');
    const editableBeforeLanding = old.getAttribute('contenteditable');
    // The writer, who has kept typing into the read-only text, presses a key the moment it
    // takes keys again (here: as soon as the old editor turns editable, before React renders).
    let oldTurnedEditable = false;
    const watch = new MutationObserver(() => {
      if (oldTurnedEditable || old.getAttribute('contenteditable') !== 'true') return;
      oldTurnedEditable = true;
      const editor = editorOf(old);
      editor.view.dispatch(editor.state.tr.insertText('!', editor.state.doc.content.size - 1));
    });
    watch.observe(old, { attributes: true, attributeFilter: ['contenteditable'] });
    land();
    await noticeSaying(/^Back to the version on .*; your edits are in the history\.$/);
    await waitFor(() => expect(screen.getByLabelText('Post text')).not.toBe(old));
    watch.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await app.leavesSettled();
    expect({
      editableBeforeLanding,
      oldTurnedEditable,
      shown: screen.getByLabelText('Post text').textContent,
      stored: (await app.stored(post.id)).content,
    }).toEqual({
      editableBeforeLanding: 'false',
      oldTurnedEditable: false,
      shown: 'Live words.',
      stored: '<p>Live words.</p>',
    });
  });
});
