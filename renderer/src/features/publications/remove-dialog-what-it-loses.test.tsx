// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appOverRealCore } from '../../testing/app-over-real-core';
import {
  answeredCalls,
  calledMethods,
  DISK_FULL,
  failingCalls,
  heldCalls,
} from '../../testing/real-core';
import type { publicationKeys as publicationKeysOf } from './queries';

// Review P9 of Remove's dialog, over the real core (a core of its own: these tests remove and
// add publications).
const app = appOverRealCore('remove-what-it-loses');
configure({ asyncUtilTimeout: 10_000 });

const livePost = app.liveOn;

/** An edit saved, as another window saves it: held for Update, so it stays unsynced. */
async function edit(draftId: string) {
  const now = await app.bridge.drafts.get({ draftId });
  await app.bridge.drafts.save({ draftId, fields: { ...now.fields, content: '<p>Edited.</p>' } });
}

let client = new QueryClient();
// Imported once the real core is installed: the bridge module reads it as it loads.
let publicationKeys: typeof publicationKeysOf;
/** The App; `retry: false` as the app's own rule has it for the core's errors. */
async function renderApp() {
  ({ publicationKeys } = await import('./queries'));
  client = app.renderApp(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  await screen.findByRole('button', { name: 'Remove Archive' });
}

/** Sync now has read the counts and asked for the list of what is left. */
function calledAfterSync(): boolean {
  const synced = calledMethods.lastIndexOf('sync.syncNow');
  const counted = calledMethods.indexOf('publications.list', synced);
  return synced >= 0 && counted >= 0 && calledMethods.includes('publications.unsynced', counted);
}

const held = (title: string) => `“${title}”: edits not live: Update not pressed`;
const removeButton = (dialog: HTMLElement) => within(dialog).getAllByRole('button').at(-1)!;

/** Two posts live on the Archive, "Named one" edited here; Remove's dialog open, naming it. */
async function twoLiveOneEdited() {
  const archive = await app.addArchive();
  const named = await livePost(archive.id, 'Named one');
  const other = await livePost(archive.id, 'Other one');
  await edit(named.id);
  const dialog = await openRemove();
  await within(dialog).findByText(held('Named one'));
  return { archive, other, dialog };
}

/** The App, and Remove's dialog opened on the Archive from the sidebar. */
async function openRemove(): Promise<HTMLElement> {
  await renderApp();
  fireEvent.click(screen.getByRole('button', { name: 'Remove Archive' }));
  return screen.findByRole('alertdialog');
}

const archiveIn = async (id: string) =>
  (await app.bridge.publications.list({})).some((p) => p.id === id);

describe('Remove loses only what it named', () => {
  it('keeps the publication when a change was saved elsewhere after the dialog counted', async () => {
    const { archive, other, dialog } = await twoLiveOneEdited();
    const remove = within(dialog).getByRole('button', { name: 'Remove and lose 1 change' });
    // Another window saves an edit of "Other one"; its event has the app read the publications
    // again, and the writer presses Remove before that read is answered.
    await edit(other.id);
    void client.invalidateQueries({ queryKey: publicationKeys.list, exact: true });
    fireEvent.click(remove);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(
      '"Archive" was kept: “Other one” changed since you were asked, and would have been lost unasked.',
    );
    expect(await archiveIn(archive.id)).toBe(true);
    // Read again, the dialog names both, and Remove loses both only when pressed again.
    await within(dialog).findByRole('button', { name: 'Remove and lose 2 changes' });
    await within(dialog).findByText('“Other one”: edits not live: Update not pressed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove and lose 2 changes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await archiveIn(archive.id)).toBe(false);
  }, 60_000);
});

describe('Cancel and Escape while Remove is on its way', () => {
  it('are not taken: the dialog does not close as if nothing happened', async () => {
    const archive = await app.addArchive();
    const dialog = await openRemove();
    let answer = () => {};
    heldCalls.set('publications.remove', new Promise<void>((resolve) => (answer = resolve)));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel.getAttribute('aria-disabled')).toBe('true'));
    fireEvent.click(cancel);
    const escape = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(escape);
    expect({
      open: screen.queryByRole('alertdialog') !== null,
      escape: escape.defaultPrevented,
    }).toEqual({ open: true, escape: true });
    act(() => answer());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await archiveIn(archive.id)).toBe(false);
  }, 60_000);
});

describe('Sync now’s line beside a Delete still in its undo window', () => {
  it('says it still waits for the service, not for the writer', async () => {
    const user = userEvent.setup();
    const archive = await app.addArchive();
    const post = await livePost(archive.id, 'Going one');
    await renderApp();
    await app.bridge.records.delete({ draftId: post.id });
    await user.click(screen.getByRole('button', { name: 'Remove Archive' }));
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText('“Going one”: a Delete not sent yet');
    await user.click(within(dialog).getByRole('button', { name: 'Sync now' }));
    const status = await within(dialog).findByText(/^Sync now /);
    expect(status.textContent).toBe(
      'Sync now sent what it could. 1 change is still waiting for the service.',
    );
  }, 60_000);
});

describe('Remove’s dialog, the publication removed in another window', () => {
  it('says so, and offers only Close', async () => {
    const archive = await app.addArchive();
    const dialog = await openRemove();
    await app.bridge.publications.remove({ id: archive.id });
    await act(() => client.invalidateQueries({ queryKey: publicationKeys.list }));
    await within(dialog).findByText('It is no longer in Quire: it was removed in another window.');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  }, 60_000);
});

// Review P10, of P9's fixes.
describe('Remove, the list of what it loses not read', () => {
  it('says why it waits, and Read again reads it', async () => {
    const archive = await app.addArchive();
    await edit((await livePost(archive.id, 'Named one')).id);
    failingCalls.set('publications.unsynced', DISK_FULL);
    const dialog = await openRemove();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toMatch(/^Quire could not read which changes Remove would lose: /);
    const remove = within(dialog).getByRole('button', { name: 'Remove and lose 1 change' });
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    failingCalls.clear();
    fireEvent.click(within(alert).getByRole('button', { name: 'Read again' }));
    await within(dialog).findByText('“Named one”: edits not live: Update not pressed');
    await waitFor(() => expect(remove.getAttribute('aria-disabled')).toBeNull());
    expect(within(dialog).queryByRole('alert')).toBeNull();
  }, 60_000);
});

describe('Remove, its list read before the count', () => {
  it('waits until both say the same, and loses no more than it said', async () => {
    const { other, dialog } = await twoLiveOneEdited();
    // Another window saves "Other one": the list is read again, the count not yet.
    await edit(other.id);
    let answer = () => {};
    heldCalls.set('publications.list', new Promise<void>((resolve) => (answer = resolve)));
    void client.invalidateQueries({ queryKey: publicationKeys.list, exact: true });
    void client.invalidateQueries({ queryKey: publicationKeys.unsyncedAll });
    await within(dialog).findByText('“Other one”: edits not live: Update not pressed');
    const remove = within(dialog).getByRole('button', { name: 'Remove and lose 1 change' });
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    const removes = () => calledMethods.filter((name) => name === 'publications.remove').length;
    const before = removes();
    fireEvent.click(remove);
    await act(async () => {});
    expect(removes(), 'the press not taken').toBe(before);
    // The count read, both say two: Remove loses the two it now names.
    act(() => answer());
    const both = await within(dialog).findByRole('button', { name: 'Remove and lose 2 changes' });
    await waitFor(() => expect(both.getAttribute('aria-disabled')).toBeNull());
  }, 60_000);
});

describe('Remove’s dialog, the publication removed elsewhere while Remove has the focus', () => {
  it('keeps the keyboard in the dialog, on Close', async () => {
    const archive = await app.addArchive();
    const dialog = await openRemove();
    const remove = within(dialog).getByRole('button', { name: 'Remove' });
    act(() => remove.focus());
    await app.bridge.publications.remove({ id: archive.id });
    await act(() => client.invalidateQueries({ queryKey: publicationKeys.list }));
    await within(dialog).findByText('It is no longer in Quire: it was removed in another window.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
  }, 60_000);
});

describe('Escape pressed twice while Remove is on its way', () => {
  it('is stopped at its keydown, and a close let through opens the dialog again', async () => {
    const archive = await app.addArchive();
    await renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Archive' }));
    const dialog = (await screen.findByRole('alertdialog')) as HTMLDialogElement;
    let answer = () => {};
    heldCalls.set('publications.remove', new Promise<void>((resolve) => (answer = resolve)));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel.getAttribute('aria-disabled')).toBe('true'));
    // Chromium: a second Escape with no activation between fires a cancel that cannot be
    // prevented, then closes the dialog (its close watcher's guard); only the keydown stops it.
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    dialog.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
    // Closed all the same: shown again.
    dialog.open = false;
    dialog.dispatchEvent(new Event('close'));
    expect({ open: dialog.open, shown: screen.queryByRole('alertdialog') !== null }).toEqual({
      open: true,
      shown: true,
    });
    act(() => answer());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await archiveIn(archive.id)).toBe(false);
  }, 60_000);
});

/**
 * Remove's dialog over two live posts, "Named one" edited; Sync now pressed, its read of what is
 * left held while "Other one" is edited, as another window saves it. `answer` lets the read go.
 */
async function syncNowWhileOtherSaved() {
  const archive = await app.addArchive();
  const named = await livePost(archive.id, 'Named one');
  const other = await livePost(archive.id, 'Other one');
  await edit(named.id);
  const dialog = await openRemove();
  const user = userEvent.setup();
  await within(dialog).findByText(held('Named one'));
  let answer = () => {};
  heldCalls.set('publications.unsynced', new Promise<void>((resolve) => (answer = resolve)));
  await user.click(within(dialog).getByRole('button', { name: 'Sync now' }));
  // Sync now has read the count (1) and waits on the list: another window saves meanwhile.
  await waitFor(() => expect(calledAfterSync()).toBe(true));
  await edit(other.id);
  return { dialog, other, answer };
}

describe('Sync now’s line, a change saved between its two reads', () => {
  it('says as many as the count beside it', async () => {
    const { dialog, answer } = await syncNowWhileOtherSaved();
    act(() => answer());
    const status = await within(dialog).findByText(/^Sync now /);
    expect({
      line: status.textContent,
      count: dialog.querySelector('.error-text strong')?.textContent,
    }).toEqual({
      line: 'Sync now sent what it could. 2 edits to live posts wait for your Update.',
      count: '2 changes have not reached the service yet and will be lost.',
    });
  }, 60_000);
});

describe('Read again, pressed from the keyboard, succeeds (review P11)', () => {
  it('keeps the focus in the dialog (the button it was on goes)', async () => {
    const user = userEvent.setup();
    const archive = await app.addArchive();
    await edit((await livePost(archive.id, 'Named one')).id);
    failingCalls.set('publications.unsynced', DISK_FULL);
    try {
      const dialog = await openRemove();
      const again = await within(dialog).findByRole('button', { name: 'Read again' });
      act(() => again.focus());
      failingCalls.clear();
      await user.keyboard('{Enter}');
      await within(dialog).findByText('“Named one”: edits not live: Update not pressed');
      await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
      expect(dialog.contains(document.activeElement), 'focus fell to the page').toBe(true);
    } finally {
      failingCalls.clear();
    }
  }, 60_000);
});

describe('the count not read again (publications.list fails), the list read (review P11)', () => {
  it('says why Remove waits, or lets it go: not disabled without a word', async () => {
    const { other, dialog } = await twoLiveOneEdited();
    await edit(other.id);
    // What readCounts does on the draft-changed event: the count's read fails, the list's not.
    failingCalls.set('publications.list', DISK_FULL);
    try {
      await act(() =>
        Promise.all([
          client.invalidateQueries({ queryKey: publicationKeys.list, exact: true }),
          client.invalidateQueries({ queryKey: publicationKeys.unsyncedAll }),
        ]),
      );
      await within(dialog).findByText('“Other one”: edits not live: Update not pressed');
      const remove = within(dialog).getByRole('button', { name: 'Remove and lose 1 change' });
      const alert = await within(dialog).findByRole('alert');
      expect({
        removeDisabled: remove.getAttribute('aria-disabled') === 'true',
        toldWhy: alert.textContent,
      }).toEqual({
        removeDisabled: true,
        toldWhy:
          'The changes counted and the changes named differ: something changed as they were read. Read again',
      });
      // Read again, the count answered: both say two.
      failingCalls.clear();
      fireEvent.click(within(alert).getByRole('button', { name: 'Read again' }));
      const both = await within(dialog).findByRole('button', { name: 'Remove and lose 2 changes' });
      await waitFor(() => expect(both.getAttribute('aria-disabled')).toBeNull());
    } finally {
      failingCalls.clear();
    }
  }, 60_000);
});

describe('Sync now counted a change another window then took back (review P11)', () => {
  it('does not leave Remove disabled beside a list that names fewer', async () => {
    // Another window saves "Other one" while Sync now reads what is left...
    const { dialog, other, answer: answerUnsynced } = await syncNowWhileOtherSaved();
    let answerList = () => {};
    try {
      heldCalls.set('publications.list', new Promise<void>((r) => (answerList = r)));
      act(() => answerUnsynced());
      await within(dialog).findByRole('button', { name: 'Remove and lose 2 changes' });
      // ...and discards it again before the sidebar's count is read.
      await app.bridge.drafts.discard({ draftId: other.id });
      // Its draft-changed event, as readCounts reads on it (jsdom gets no events).
      void client.invalidateQueries({ queryKey: publicationKeys.list, exact: true });
      void client.invalidateQueries({ queryKey: publicationKeys.unsyncedAll });
      act(() => answerList());
      await waitFor(() =>
        expect(
          within(dialog).queryByText('“Other one”: edits not live: Update not pressed'),
        ).toBeNull(),
      );
      await within(dialog).findByText('“Named one”: edits not live: Update not pressed');
      await waitFor(
        () => {
          const remove = within(dialog).getAllByRole('button').at(-1)!;
          expect({
            label: remove.textContent,
            disabled: remove.getAttribute('aria-disabled'),
          }).toEqual({
            label: 'Remove and lose 1 change',
            disabled: null,
          });
        },
        { timeout: 3_000 },
      );
    } finally {
      answerList();
      answerUnsynced();
      heldCalls.clear();
    }
  }, 60_000);
});

describe('Close, the publication removed in another window (review P12)', () => {
  it('leaves the keyboard in the sidebar, not on the page', async () => {
    const user = userEvent.setup();
    const archive = await app.addArchive();
    const dialog = await openRemove();
    await app.bridge.publications.remove({ id: archive.id });
    await act(() => client.invalidateQueries({ queryKey: publicationKeys.list }));
    await user.click(await within(dialog).findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const nav = screen.getByRole('navigation', { name: 'Publications' });
    expect(nav.contains(document.activeElement), 'focus fell to <body>').toBe(true);
  }, 60_000);
});

describe('a count come back to one the list was read at before (review P12)', () => {
  it('does not offer Remove over the old list (naming a change no longer at stake)', async () => {
    const user = userEvent.setup();
    const archive = await app.addArchive();
    const a = await app.liveOn(archive.id, 'Kept A');
    const b = await app.liveOn(archive.id, 'Gone B');
    const c = await app.liveOn(archive.id, 'New C');
    await edit(a.id);
    await edit(b.id);
    await renderApp();
    await user.click(screen.getByRole('button', { name: 'Remove Archive' }));
    let dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText(held('Gone B'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Elsewhere: B's edit taken back, C edited: still 2, not the same 2.
    await app.bridge.drafts.discard({ draftId: b.id });
    await edit(c.id);
    let answer = () => {};
    heldCalls.set('publications.unsynced', new Promise<void>((r) => (answer = r)));
    try {
      await user.click(screen.getByRole('button', { name: 'Remove Archive' }));
      dialog = await screen.findByRole('alertdialog');
      await within(dialog).findByText(
        '2 changes have not reached the service yet and will be lost.',
      );
      const snapshot = {
        namesGoneB: within(dialog).queryByText(held('Gone B')) !== null,
        removeEnabled: removeButton(dialog).getAttribute('aria-disabled') !== 'true',
      };
      // Pressed now, it is not taken: no Remove the core would turn away.
      const removes = () => calledMethods.filter((name) => name === 'publications.remove').length;
      const before = removes();
      await user.click(removeButton(dialog));
      expect({ ...snapshot, sent: removes() - before }).toEqual({
        namesGoneB: false,
        removeEnabled: false,
        sent: 0,
      });
      // Read, the list names what is at stake now.
      answer();
      await within(dialog).findByText(held('New C'));
      expect(within(dialog).queryByText(held('Gone B'))).toBeNull();
    } finally {
      answer();
    }
  }, 90_000);
});

describe('the list read again fails, an earlier read on screen (review P12)', () => {
  it('does not say it could not read what Remove loses while Remove offers to lose it', async () => {
    const archive = await app.addArchive();
    await edit((await app.liveOn(archive.id, 'Named one')).id);
    const dialog = await openRemove();
    await within(dialog).findByText(held('Named one'));
    failingCalls.set('publications.unsynced', DISK_FULL);
    await act(() => client.invalidateQueries({ queryKey: publicationKeys.unsyncedAll }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toMatch(/^Quire could not read which changes Remove would lose/);
    expect(
      removeButton(dialog).getAttribute('aria-disabled'),
      'Remove enabled beside "could not read which changes Remove would lose"',
    ).toBe('true');
  }, 60_000);
});

describe('a refused Remove’s words, once the counts moved on (review P12)', () => {
  it('go: no "Sync first" beside a plain Remove and no Sync now', async () => {
    const user = userEvent.setup();
    const archive = await app.addArchive();
    const post = await app.liveOn(archive.id, 'Named one');
    const dialog = await openRemove();
    // Another window saves an edit; the writer presses Remove before the count is read again.
    await edit(post.id);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toMatch(/not yet on the service\. Sync first/);
    // ...and takes it back: nothing is left to lose, the count read again says so.
    await app.bridge.drafts.discard({ draftId: post.id });
    await act(() => client.invalidateQueries({ queryKey: publicationKeys.list }));
    await within(dialog).findByRole('button', { name: 'Remove' });
    expect({
      syncNow: within(dialog).queryByRole('button', { name: 'Sync now' }) !== null,
      alert: within(dialog).queryByRole('alert')?.textContent ?? null,
    }).toEqual({ syncNow: false, alert: null });
  }, 60_000);
});

describe('the list while the counts are read again (review P12)', () => {
  it('stays on screen: it does not blink out on every count that moves', async () => {
    const archive = await app.addArchive();
    const a = await app.liveOn(archive.id, 'Named one');
    const b = await app.liveOn(archive.id, 'Other one');
    await edit(a.id);
    const dialog = await openRemove();
    await within(dialog).findByText(held('Named one'));
    await edit(b.id);
    let answer = () => {};
    heldCalls.set('publications.unsynced', new Promise<void>((r) => (answer = r)));
    try {
      await act(() => client.invalidateQueries({ queryKey: publicationKeys.list, exact: true }));
      await within(dialog).findByRole('button', { name: 'Remove and lose 2 changes' });
      expect(within(dialog).queryByText(held('Named one')), 'the list blinked out').not.toBeNull();
    } finally {
      answer();
    }
  }, 60_000);
});

// Review P13, of P12's fixes.
const shownState = (dialog: HTMLElement) => ({
  label: removeButton(dialog).textContent,
  disabled: removeButton(dialog).getAttribute('aria-disabled'),
  alert: within(dialog).queryByRole('alert')?.textContent ?? null,
  namesOther: within(dialog).queryByText(held('Other one')) !== null,
});
const settled = {
  label: 'Remove and lose 2 changes',
  disabled: null,
  alert: null,
  namesOther: true,
};

describe('the counts move while a read of the list, begun before, is on its way (review P13)', () => {
  it('reads the list again: no "differ" alert and Remove disabled over a list predating the change', async () => {
    const archive = await app.addArchive();
    const a = await livePost(archive.id, 'Named one');
    const b = await livePost(archive.id, 'Other one');
    await edit(a.id);
    const dialog = await openRemove();
    await within(dialog).findByText(held('Named one'));
    await waitFor(() => expect(removeButton(dialog).getAttribute('aria-disabled')).toBeNull());
    // The next read of the list is the real core's answer, delivered late (a slow IPC reply).
    let coreRead = () => {};
    const read = new Promise<void>((r) => (coreRead = r));
    let deliver = () => {};
    const delivered = new Promise<void>((r) => (deliver = r));
    answeredCalls.set('publications.unsynced', async () => {
      answeredCalls.delete('publications.unsynced');
      const value = await app.bridge.publications.unsynced({ id: archive.id });
      coreRead();
      await delivered;
      return value;
    });
    // A read of the list begins (an event's), and the core answers it: "Named one" alone.
    act(() => void client.invalidateQueries({ queryKey: publicationKeys.unsyncedAll }));
    await read;
    // Then another window saves "Other one", and the counts are read again: 2.
    await edit(b.id);
    await act(() => client.invalidateQueries({ queryKey: publicationKeys.list, exact: true }));
    await within(dialog).findByRole('button', { name: 'Remove and lose 2 changes' });
    // The read begun before the save is answered.
    act(() => deliver());
    await waitFor(() => expect(shownState(dialog)).toEqual(settled), { timeout: 5_000 });
  }, 60_000);
});

describe('two reads of the list stamped with the same millisecond (review P13)', () => {
  it('does not leave Remove disabled without a word', async () => {
    const archive = await app.addArchive();
    const a = await livePost(archive.id, 'Named one');
    const b = await livePost(archive.id, 'Other one');
    await edit(a.id);
    const dialog = await openRemove();
    await within(dialog).findByText(held('Named one'));
    // The wall clock stands still (or is set back by NTP): Date.now() is what TanStack stamps.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await act(() => client.invalidateQueries({ queryKey: publicationKeys.unsyncedAll }));
      await edit(b.id);
      await act(() => client.invalidateQueries({ queryKey: publicationKeys.list, exact: true }));
      await within(dialog).findByText(held('Other one'));
      await waitFor(() => expect(shownState(dialog)).toEqual(settled), { timeout: 5_000 });
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);
});
