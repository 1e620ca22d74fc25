// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore } from '../../testing/app-over-real-core';
import { heldCalls } from '../../testing/real-core';
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
async function renderApp() {
  ({ publicationKeys } = await import('./queries'));
  client = app.renderApp();
  await screen.findByRole('button', { name: 'Remove Archive' });
}

const archiveIn = async (id: string) =>
  (await app.bridge.publications.list({})).some((p) => p.id === id);

describe('Remove loses only what it named', () => {
  it('keeps the publication when a change was saved elsewhere after the dialog counted', async () => {
    const archive = await app.addArchive();
    const named = await livePost(archive.id, 'Named one');
    const other = await livePost(archive.id, 'Other one');
    await edit(named.id);
    await renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Archive' }));
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText('“Named one”: edits not live: Update not pressed');
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
    await renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Archive' }));
    const dialog = await screen.findByRole('alertdialog');
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
    await renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Archive' }));
    const dialog = await screen.findByRole('alertdialog');
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
