// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, noticeSaying } from '../../testing/app-over-real-core';
import { heldCalls } from '../../testing/real-core';

// A post in HTML source (a <nav>). The writer cut paragraphs by mistake, pressed Discard edits to
// have the live version back, and was at the end of the line they were writing. The remount opened
// at the same character offset in a text of another length: between the "<" and the "p>" of a tag,
// and the next words typed went inside the tag, never shown in the post (review R6).

const app = appOverRealCore();
const para = (i: number) => `<p>Live words ${i}.</p>`;
const live = `<nav>Menu</nav>${Array.from({ length: 40 }, (_, i) => para(i)).join('')}`;
const lastLine = '<p>Live words 39, and the line I was writing at the end of it.</p>';
const edits = `<nav>Menu</nav>${Array.from({ length: 8 }, (_, i) => para(i)).join('')}${lastLine}`;

const source = () => screen.getByLabelText('HTML source') as HTMLTextAreaElement;
const insideTag = (text: string, at: number) =>
  text.lastIndexOf('<', at - 1) > text.lastIndexOf('>', at - 1);

describe('Discard edits landing on a post in HTML source, the live text longer', () => {
  it('puts the caret where words can go, and the words typed next are in the post', async () => {
    const user = userEvent.setup();
    const post = await app.publishedWithEdits('Pier source tag', live, edits);
    await app.openInApp(post.id);
    await screen.findByLabelText('HTML source');
    // The writer is at the end of the line they were writing.
    const end = source().value.indexOf('end of it.') + 'end of it.'.length;
    const placeAtEnd = () =>
      act(() => {
        source().focus();
        source().setSelectionRange(end, end);
      });
    placeAtEnd();
    let land = () => {};
    heldCalls.set('drafts.discard', new Promise<void>((resolve) => (land = resolve)));
    await user.click(await screen.findByRole('button', { name: 'Discard edits' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    placeAtEnd();
    const before = source();
    land();
    await noticeSaying(/^Back to the version on .*; your edits are in the history\.$/);
    await waitFor(() => expect(source()).not.toBe(before));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const field = source();
    const at = field.selectionStart;
    await user.keyboard('More words. ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    const stored = (await app.stored(post.id)).content;
    const shownOnSite = new DOMParser().parseFromString(stored, 'text/html').body.textContent;
    expect({
      showsLiveText: field.value.includes('Live words 39.</p>'),
      caretInsideTag: insideTag(field.value, at),
      typedWordsInPost: shownOnSite?.includes('More words.'),
    }).toEqual({ showsLiveText: true, caretInsideTag: false, typedWordsInPost: true });
  });
});
