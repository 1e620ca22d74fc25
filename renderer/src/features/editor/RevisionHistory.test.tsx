// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DraftFieldsView } from '../../../../shared/model';
import type { PublicationView } from '../../../../shared/views';
import { activePublication, installRealCore, slugHeldElsewhere } from '../../testing/real-core';
// Type only: the module loads once window.quire is in place.
import type { RevisionHistory as RevisionHistoryComponent } from './RevisionHistory';

// Real parts: the desktop core behind the browser host (Vitest global setup) with its SQLite
// store and embedded reference service. jsdom has no modal dialogs, so `showModal` is a stand-in
// that only opens the element; journey 5 previews and restores in Chromium's own dialog.

const bridge = installRealCore();

let RevisionHistory: typeof RevisionHistoryComponent;
let publication: PublicationView;

beforeAll(async () => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  ({ RevisionHistory } = await import('./RevisionHistory'));
  publication = await activePublication(bridge);
});

afterEach(cleanup);

/** A post with one snapshot: the text before it was published, then changed since. */
/** A draft published, then changed, that the shared core's sync never writes (see the helper). */
async function publishedThenChanged() {
  const taken = await slugHeldElsewhere(bridge, publication.id);
  const draft = await bridge.records.create({
    publicationId: publication.id,
    kind: 'post',
    fields: { title: 'Harbour notes', content: '<p>The boats came in at dawn.</p>', slug: taken },
  });
  const before = draft.fields;
  await bridge.drafts.save({ draftId: draft.id, fields: { ...before, status: 'publish' } });
  const now: DraftFieldsView = {
    ...before,
    status: 'publish',
    title: 'Harbour notes, revised',
    content: '<p>The boats came in at noon.</p>',
    excerpt: 'Boats',
  };
  await bridge.drafts.save({ draftId: draft.id, fields: now });
  return { draftId: draft.id, now };
}

function renderHistory(draftId: string, now: DraftFieldsView, restored: number[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RevisionHistory
        draftId={draftId}
        current={() => now}
        publicationId={publication.id}
        onRestore={async (revisionId) => {
          restored.push(revisionId);
          await bridge.drafts.restoreRevision({ draftId, revisionId });
        }}
      />
    </QueryClientProvider>,
  );
}

describe('RevisionHistory', () => {
  it('offers no restore of a snapshot the same as the draft now', async () => {
    const user = userEvent.setup();
    const draft = await bridge.records.create({
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Unchanged since', content: '<p>Same words.</p>' },
    });
    const now: DraftFieldsView = { ...draft.fields, status: 'publish' };
    await bridge.drafts.save({ draftId: draft.id, fields: now });
    const restored: number[] = [];
    renderHistory(draft.id, now, restored);
    await user.click(await screen.findByRole('button', { name: 'History (1)' }));
    await user.click(screen.getByRole('button', { name: /^Preview snapshot from / }));
    const dialog = await screen.findByRole('dialog', { name: /^Snapshot from / });
    await within(dialog).findByText('This snapshot is the same as your draft now.');
    const restore = within(dialog).getByRole('button', { name: 'Restore this snapshot' });
    expect(restore.getAttribute('aria-disabled')).toBe('true');
    await user.click(restore);
    expect(restored).toEqual([]);
  });

  it('offers the restore of a snapshot that differs only in its slug', async () => {
    const user = userEvent.setup();
    const draft = await bridge.records.create({
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Slug since', content: '<p>Same words.</p>' },
    });
    await bridge.drafts.save({ draftId: draft.id, fields: { ...draft.fields, status: 'publish' } });
    const now: DraftFieldsView = { ...draft.fields, status: 'publish', slug: 'typed-since' };
    renderHistory(draft.id, now, []);
    await user.click(await screen.findByRole('button', { name: 'History (1)' }));
    await user.click(screen.getByRole('button', { name: /^Preview snapshot from / }));
    const dialog = await screen.findByRole('dialog', { name: /^Snapshot from / });
    const restore = within(dialog).getByRole('button', { name: 'Restore this snapshot' });
    await waitFor(() => expect(within(dialog).queryByText('Loading…')).toBeNull());
    expect(within(dialog).queryByText('This snapshot is the same as your draft now.')).toBeNull();
    expect(restore.getAttribute('aria-disabled')).toBeNull();
  });

  it('previews a snapshot beside the draft as it is now, and restores it only from there', async () => {
    const user = userEvent.setup();
    const { draftId, now } = await publishedThenChanged();
    const restored: number[] = [];
    renderHistory(draftId, now, restored);

    await user.click(await screen.findByRole('button', { name: 'History (1)' }));
    const item = screen.getByRole('listitem');
    expect(item.textContent).toMatch(/^Harbour notes — Before publishing, /);
    // No Restore in the list: only a preview leads to one.
    expect(within(item).queryByRole('button', { name: /Restore/ })).toBeNull();

    await user.click(within(item).getByRole('button', { name: /^Preview snapshot from / }));
    const dialog = await screen.findByRole('dialog', { name: /^Snapshot from / });
    // The snapshot's text is asked for when the preview opens.
    const snapshot = await within(dialog).findByRole('article', { name: 'The snapshot' });
    const draftNow = within(dialog).getByRole('article', { name: 'Your draft now' });
    await waitFor(() => expect(snapshot.textContent).toContain('The boats came in at dawn.'));
    expect(draftNow.textContent).toContain('The boats came in at noon.');
    const marked = (side: HTMLElement) =>
      [...side.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marked(snapshot)).toEqual(['dawn']);
    expect(marked(draftNow)).toEqual([', revised', 'noon']);
    // Details that differ are named; Published or Draft is not, as a restore leaves it alone.
    const rows = within(dialog).getByRole('table', { name: 'Other fields that differ' });
    expect(
      within(rows)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['FieldThe snapshotNow', 'Excerpt(empty)Boats']);
    // Cancel has the focus: Enter alone changes nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(dialog).getByRole('button', { name: 'Restore this snapshot' }));
    expect(restored).toHaveLength(1);
    const after = await bridge.drafts.get({ draftId });
    expect(after.fields).toMatchObject({
      title: 'Harbour notes',
      content: '<p>The boats came in at dawn.</p>',
      status: 'publish',
    });
    const history = await bridge.drafts.revisions({ draftId });
    expect(history.map((revision) => [revision.reason, revision.title])).toEqual([
      ['before-restore', 'Harbour notes, revised'],
      ['before-publish', 'Harbour notes'],
    ]);
  });

  it('closes the preview on Cancel without restoring, and shows snapshots taken while closed', async () => {
    const user = userEvent.setup();
    const { draftId, now } = await publishedThenChanged();
    const restored: number[] = [];
    renderHistory(draftId, now, restored);
    const toggle = await screen.findByRole('button', { name: 'History (1)' });

    // Taken while the panel is closed: opening it asks again.
    await bridge.drafts.save({ draftId, fields: { ...now, status: 'draft' } });
    await bridge.drafts.save({ draftId, fields: { ...now, status: 'publish' } });
    await user.click(toggle);
    await screen.findByRole('button', { name: 'History (2)' });

    const [newest] = screen.getAllByRole('listitem');
    await user.click(within(newest!).getByRole('button', { name: /^Preview/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('This snapshot is the same as your draft now.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(restored).toEqual([]);
    expect((await bridge.drafts.get({ draftId })).fields.title).toBe('Harbour notes, revised');
  });

  it('says what it holds before there is any snapshot', async () => {
    const user = userEvent.setup();
    const draft = await bridge.records.create({
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Fresh', content: '<p>New.</p>' },
    });
    renderHistory(draft.id, draft.fields, []);
    await user.click(await screen.findByRole('button', { name: 'History (0)' }));
    expect(screen.getByText(/every 10 minutes while you write/)).toBeTruthy();
  });
});
