// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, noticeSaying } from '../../testing/app-over-real-core';
import { heldCalls } from '../../testing/real-core';

// A post in HTML source (a <nav>). The writer pressed Discard edits to have the live version back,
// their caret at the end of the words they were writing. The remount keeps the same character
// offset in a text of another length: it must land where words typed go into the post, or they
// are lost to it. It fell between the "<" and the "p>" of a tag (review R6), inside "&amp;"
// (review R7: "&am|p;", the typed words splitting it, the "&" gone from the post), and, the live
// text shorter, after the last "</p>", the words then outside every element (review R7).

const app = appOverRealCore();
const source = () => screen.getByLabelText('HTML source') as HTMLTextAreaElement;

/**
 * Discard edits pressed with the caret at the end of `words` in the edits, and kept there while
 * the Discard waits; resolves with the field remounted on the live text.
 */
async function discardWithCaretAfter(
  user: ReturnType<typeof userEvent.setup>,
  post: { id: string },
  words: string,
): Promise<HTMLTextAreaElement> {
  await app.openInApp(post.id);
  await screen.findByLabelText('HTML source');
  const end = source().value.indexOf(words) + words.length;
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
  return source();
}

/** Typed at the caret, then saved: the stored text. */
async function typeAndSave(
  user: ReturnType<typeof userEvent.setup>,
  draftId: string,
  words: string,
) {
  await user.keyboard(words);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await new Promise((resolve) => setTimeout(resolve, 800));
  return (await app.stored(draftId)).content;
}

const shownOnSite = (html: string) =>
  new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

describe('Discard edits landing on a post in HTML source, the caret kept where words show', () => {
  it('out of a tag, the live text longer', async () => {
    const user = userEvent.setup();
    const para = (i: number) => `<p>Live words ${i}.</p>`;
    const live = `<nav>Menu</nav>${Array.from({ length: 40 }, (_, i) => para(i)).join('')}`;
    const lastLine = '<p>Live words 39, and the line I was writing at the end of it.</p>';
    const edits = `<nav>Menu</nav>${Array.from({ length: 8 }, (_, i) => para(i)).join('')}${lastLine}`;
    const post = await app.publishedWithEdits('Pier source tag', live, edits);
    const field = await discardWithCaretAfter(user, post, 'end of it.');
    const at = field.selectionStart;
    const stored = await typeAndSave(user, post.id, 'More words. ');
    expect({
      showsLiveText: field.value.includes('Live words 39.</p>'),
      caretInsideTag: field.value.lastIndexOf('<', at - 1) > field.value.lastIndexOf('>', at - 1),
      typedWordsInPost: shownOnSite(stored).includes('More words.'),
    }).toEqual({ showsLiveText: true, caretInsideTag: false, typedWordsInPost: true });
  });

  it('out of a character reference, the post keeping its "&"', async () => {
    const user = userEvent.setup();
    const post = await app.publishedWithEdits(
      'Pier source entity',
      '<nav>Menu</nav><p>Salt &amp; vinegar on the chips.</p>',
      '<nav>Menu</nav><p>Salt and</p>',
    );
    await discardWithCaretAfter(user, post, 'Salt and');
    const stored = await typeAndSave(user, post.id, 'More words. ');
    expect({
      referenceLettersShown: shownOnSite(stored).includes('&am'),
      typedWordsInPost: shownOnSite(stored).includes('More words.'),
      stored,
    }).toMatchObject({
      referenceLettersShown: false,
      typedWordsInPost: true,
      stored: expect.stringContaining('&amp;'),
    });
  });

  it('at the end of the last words, inside their paragraph, the live text shorter', async () => {
    const user = userEvent.setup();
    const live = '<nav>Menu</nav><p>Live words.</p>';
    const post = await app.publishedWithEdits(
      'Pier source end',
      live,
      `${live}<p>A paragraph added at the end, to throw away.</p>`,
    );
    await discardWithCaretAfter(user, post, 'throw away.');
    expect(await typeAndSave(user, post.id, ' More words.')).toBe(
      '<nav>Menu</nav><p>Live words. More words.</p>',
    );
  });
});
