// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appOverRealCore,
  closeIsHeld,
  editorOf,
  noticeSaying,
  typeAtEnd,
} from '../../testing/app-over-real-core';
import { DISK_FULL, failingCalls, heldCalls } from '../../testing/real-core';

// A review of the editor's ways out: two holders of the window's close, an open editor's
// (save-before-close.ts) and the words of editors closed unsaved (closed-unsaved.ts), each "told,
// the next close goes through". Each called window.close() once its OWN words were saved, and in
// Electron that close runs beforeunload again: the other holder, having just told the writer
// "Close again to close anyway", let it through. The window closed by itself over words still
// refused, although the writer never closed again. One holder now waits for all (window-close.ts).

const app = appOverRealCore('window-close-holders');

afterEach(() => vi.restoreAllMocks());

/** `app.closeUnsaved`, the disk and the core back to normal after it. */
async function closedUnsaved(user: ReturnType<typeof userEvent.setup>, title: string) {
  const draft = await app.closeUnsaved(user, title);
  failingCalls.clear();
  heldCalls.clear();
  return draft;
}

/** Another post opened in the editor, as from the list. */
async function openAnother(title: string) {
  const other = await app.createPost(title, '<p>Ships.</p>');
  act(() => app.useUi().getState().openDraft(other.id));
  await screen.findByDisplayValue(title);
  const editor = editorOf(await screen.findByLabelText('Post text'));
  return { other, editor };
}

/**
 * drafts.save refused (a full disk) for the drafts named, answered by the core for the others:
 * a small change fits where a long one does not. `slowFor` delays the core's answer.
 */
async function disk(refusedFor: string[], slowFor: string[] = []) {
  // Under the test's transport (real-core.ts), each call is a fetch to the browser host.
  const real = globalThis.fetch.bind(globalThis);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    if (String(url).endsWith('/api/call/drafts.save')) {
      const { input } = JSON.parse(String(init?.body)) as { input: { draftId: string } };
      if (refusedFor.includes(input.draftId))
        return new Response(JSON.stringify({ ok: false, error: DISK_FULL }));
      if (slowFor.includes(input.draftId)) await new Promise((r) => setTimeout(r, 600));
    }
    return real(url, init);
  });
}

/** window.close() as in Electron: beforeunload runs again, and the window goes unless held. */
function electronClose() {
  const closes: ('went' | 'held')[] = [];
  vi.spyOn(window, 'close').mockImplementation(() => {
    closes.push(closeIsHeld() ? 'held' : 'went');
  });
  return closes;
}

describe('Closing the window with an open editor and words closed unsaved', () => {
  it("does not close by itself over the open editor's refused words", async () => {
    const user = userEvent.setup();
    const closed = await closedUnsaved(user, 'Harbour log two');
    const { other, editor } = await openAnother('Ferry notes two');
    // The closed post's words fit now; the open post's do not.
    await disk([other.id]);
    const closes = electronClose();
    typeAtEnd(editor, ' Unsaved evening words.');

    // The writer quits.
    const held = closeIsHeld();
    await noticeSaying(/^Your last changes are not saved\. .*Close again to close anyway\.$/);
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    expect({
      held,
      closedWordsStored: (await app.stored(closed.id)).content,
      openWordsStored: (await app.stored(other.id)).content,
      // Told "Close again to close anyway", the writer has not closed again.
      windowWent: closes.includes('went'),
    }).toEqual({
      held: true,
      closedWordsStored: '<p>Boats. Gulls.</p>',
      openWordsStored: '<p>Ships.</p>',
      windowWent: false,
    });
  });

  it('does not close by itself over words closed unsaved, still refused', async () => {
    const user = userEvent.setup();
    const closed = await closedUnsaved(user, 'Harbour log three');
    const { other, editor } = await openAnother('Ferry notes three');
    // The open post's few words fit (answered a moment later); the closed post's do not.
    await disk([closed.id], [other.id]);
    const closes = electronClose();
    typeAtEnd(editor, ' Saved words.');

    const held = closeIsHeld();
    await noticeSaying(/^“Harbour log three” closed before .* Close again to close anyway\.$/);
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    expect({
      held,
      openWordsStored: (await app.stored(other.id)).content,
      windowWent: closes.includes('went'),
    }).toEqual({
      held: true,
      openWordsStored: '<p>Ships. Saved words.</p>',
      windowWent: false,
    });
  });
});
