// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appOverRealCore, noticeSaying } from '../../testing/app-over-real-core';
import { answeredCalls, heldCalls } from '../../testing/real-core';

// Review R7 of review R5's fix (f848769): a remount while its hold still stands keeps its landing
// (the caret put back, the keyboard taken) until the editor turns editable. Another hold may keep
// it read-only long after the remount: a Delete pressed while the Discard waited. The writer,
// shown the text gone back to, thinks better of the Delete and clicks into the Title to retitle
// the post. The core then refuses the Delete: an error. The editor turns editable, and the kept
// landing runs only now, taking the keyboard out of the Title into the text: the error moved the
// caret, and the next letter, meant for the title, goes into the post.

const app = appOverRealCore();
afterEach(() => answeredCalls.clear());

describe('A replaced text remounted while a Delete still waits', () => {
  it('does not take the keyboard from where the writer went, when the Delete is refused', async () => {
    const user = userEvent.setup();
    const title = 'Harbour bel';
    const live = '<p>Live words.</p><p>Second line.</p>';
    const post = await app.publishedWithEdits(title, live, `${live}<p>Edits to throw away.</p>`);
    await app.openInApp(post.id);

    // Discard edits: the core waits on the service.
    let landDiscard = () => {};
    heldCalls.set('drafts.discard', new Promise<void>((resolve) => (landDiscard = resolve)));
    await user.click(await screen.findByRole('button', { name: 'Discard edits' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Meanwhile the writer presses Delete; the core is slow over it, then refuses it.
    let refuseDelete = (_error: Error) => {};
    answeredCalls.set(
      'records.delete',
      () => new Promise((_resolve, reject) => (refuseDelete = reject)),
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await new Promise((resolve) => setTimeout(resolve, 200));

    // The Discard lands: the editor remounts on the live text, still read-only (the Delete).
    const old = screen.getByLabelText('Title');
    landDiscard();
    await noticeSaying(/^Back to the version on .*; your edits are in the history\.$/);
    await waitFor(() => expect(screen.getByLabelText('Title')).not.toBe(old));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The writer goes to the end of the title, to add the missing "l".
    const field = screen.getByLabelText('Title') as HTMLTextAreaElement;
    await user.click(field);
    field.setSelectionRange(field.value.length, field.value.length);

    // The Delete is refused.
    refuseDelete(new Error('The store is locked'));
    await noticeSaying(/store is locked/i);
    await waitFor(() =>
      expect(screen.getByLabelText('Post text').getAttribute('contenteditable')).toBe('true'),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    // (jsdom cannot type into the post's text: where the keyboard is stands for the next letter.)
    const field2 = screen.getByLabelText('Title') as HTMLTextAreaElement;
    expect({
      focused: document.activeElement?.getAttribute('aria-label'),
      titleCaret: field2.selectionStart,
      content: (await app.stored(post.id)).content,
    }).toEqual({ focused: 'Title', titleCaret: title.length, content: live });
  });
});
