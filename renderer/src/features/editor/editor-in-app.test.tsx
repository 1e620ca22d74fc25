// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PublicationView } from '../../../../shared/views';
import {
  activePublication,
  calledMethods,
  DISK_FULL,
  failingCalls,
  heldCalls,
  installRealCore,
  slugHeldElsewhere,
} from '../../testing/real-core';
import type { App as AppComponent } from '../../App';
import type { useUi as useUiStore } from '../../ui-store';
import type { leavesSettled as leavesSettledFn } from './leave-draft';
import type { publicationKeys as publicationKeysOf } from '../publications/queries';

// Real parts: the whole renderer (App) over a desktop core with its SQLite store behind the
// browser host (Vitest global setup). The one double: `failingCalls` answers drafts.save with the
// core's full-disk error, as a full disk cannot be made on demand here. jsdom has no modal
// dialogs, so `showModal` only opens the element, and no `CSS.escape` (the list finds the row it
// returns to by a draft id, which needs no escaping).

const bridge = installRealCore();
let App: typeof AppComponent;
let useUi: typeof useUiStore;
let leavesSettled: typeof leavesSettledFn;
let publicationKeys: typeof publicationKeysOf;
let publication: PublicationView;

beforeAll(async () => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  globalThis.CSS ??= { escape: (value: string) => value } as typeof CSS;
  ({ App } = await import('../../App'));
  ({ useUi } = await import('../../ui-store'));
  ({ leavesSettled } = await import('./leave-draft'));
  ({ publicationKeys } = await import('../publications/queries'));
  publication = await activePublication(bridge);
});

afterEach(async () => {
  failingCalls.clear();
  heldCalls.clear();
  cleanup();
  await leavesSettled();
  useUi.setState({ openDraftId: null, notices: [], kind: 'post' });
});

const editorOf = (element: Element): Editor => (element as Element & { editor: Editor }).editor;

const createPost = (title: string, content: string, slug?: string) =>
  bridge.records.create({
    publicationId: publication.id,
    kind: 'post',
    fields: { title, content, ...(slug ? { slug } : {}) },
  });

const stored = async (draftId: string) => (await bridge.drafts.get({ draftId })).fields;
const stillThere = async (draftId: string) =>
  (await bridge.drafts.list({ publicationId: publication.id })).some((d) => d.id === draftId);

/** The app, with a draft open in its editor; returns the editor and a way to type at its end. */
async function openInApp(draftId: string, queryClient = new QueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>,
  );
  act(() => useUi.getState().openDraft(draftId));
  const editor = editorOf(await screen.findByLabelText('Post text'));
  const type = (text: string) =>
    act(() => {
      editor.view.dispatch(editor.state.tr.insertText(text, editor.state.doc.content.size - 1));
    });
  return { editor, type, queryClient };
}

const noticeSaying = (pattern: RegExp) =>
  screen.findByText(pattern, { selector: '[data-notice] > span' }, { timeout: 5_000 });
const noticeId = (message: HTMLElement) =>
  message.closest('[data-notice]')?.getAttribute('data-notice');

describe('words the store cannot save', () => {
  it('keep the editor open on every way out, and land once there is room', async () => {
    const user = userEvent.setup();
    const draft = await createPost('Harbour log', '<p>Boats.</p>');
    const { type } = await openInApp(draft.id);
    failingCalls.set('drafts.save', DISK_FULL);
    type(' Gulls.');

    await user.click(screen.getByRole('button', { name: /All posts/ }));
    const said = await noticeSaying(/^The editor stays open: your last changes are not saved\./);
    expect(said.textContent).toContain(DISK_FULL.message);
    expect(screen.getByLabelText('Post text')).toBeTruthy();

    // The sidebar's ways out ask the same; each asking says it again (a new notice, not a second).
    const asked = calledMethods.length;
    let shown = noticeId(said);
    for (const name of ['Pages', 'New post', 'Posts']) {
      await user.click(screen.getByRole('button', { name }));
      await waitFor(() => {
        const now = noticeId(screen.getByText(/^The editor stays open/));
        expect(now).not.toBe(shown);
        shown = now;
      });
      expect(screen.getAllByText(/^The editor stays open/)).toHaveLength(1);
      expect(useUi.getState().openDraftId).toBe(draft.id);
    }
    // New post made nothing while the words were unsaved (asked of this file's bridge: the core
    // is shared with test files running meanwhile, so a count of its drafts could move).
    expect(calledMethods.slice(asked)).not.toContain('records.create');

    // Room again: Save lands the words, and the notice has nothing left to say.
    failingCalls.clear();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText(/^The editor stays open/)).toBeNull());
    expect((await stored(draft.id)).content).toBe('<p>Boats. Gulls.</p>');
    await user.click(screen.getByRole('button', { name: /All posts/ }));
    await waitFor(() => expect(screen.queryByLabelText('Post text')).toBeNull());
  });

  it('are given up only when the writer says so', async () => {
    const user = userEvent.setup();
    const draft = await createPost('', '');
    const { type } = await openInApp(draft.id);
    failingCalls.set('drafts.save', DISK_FULL);
    type('Lost on purpose');

    await user.click(screen.getByRole('button', { name: /All posts/ }));
    const said = await noticeSaying(/^The editor stays open/);
    await user.click(
      within(said.closest('[data-notice]') as HTMLElement).getByRole('button', {
        name: 'Leave without them',
      }),
    );
    await waitFor(() => expect(screen.queryByLabelText('Post text')).toBeNull());
    // Nothing was ever stored in it: the new draft goes, as any left without a word.
    await leavesSettled();
    expect(await stillThere(draft.id)).toBe(false);
  });

  it('hold back Publish and Delete, which act on the stored draft', async () => {
    const user = userEvent.setup();
    const draft = await createPost('Not yet', '<p>Draft words.</p>');
    const { type } = await openInApp(draft.id);
    failingCalls.set('drafts.save', DISK_FULL);
    type(' More.');

    await user.click(screen.getByRole('button', { name: `Publish to ${publication.name}` }));
    await noticeSaying(/^Not published: your last changes are not saved\. The disk is full/);
    expect(screen.getByRole('button', { name: `Publish to ${publication.name}` })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await noticeSaying(/^Not deleted: your last changes are not saved\./);
    expect(screen.getByLabelText('Post text')).toBeTruthy();

    // Once saves land again, the words are kept and the post is still a draft: the publish
    // asked for while they could not be saved does not go out with them later.
    failingCalls.clear();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Saved on this computer')).toBeTruthy());
    expect(await stored(draft.id)).toMatchObject({
      content: '<p>Draft words. More.</p>',
      status: 'draft',
    });
    expect(await stillThere(draft.id)).toBe(true);
  });

  it('closed by the app are said, kept, and can still be saved', async () => {
    const user = userEvent.setup();
    const draft = await createPost('', '');
    const { type } = await openInApp(draft.id);
    failingCalls.set('drafts.save', DISK_FULL);
    type('Written on a full disk');
    // A way out that does not ask (the editor's publication removed, say): the editor goes.
    act(() => useUi.getState().openDraft(null));

    const said = await noticeSaying(/^“Untitled” closed before its last changes could be saved\./);
    await leavesSettled();
    // Empty as stored, but not empty: it is not tidied away.
    expect(await stillThere(draft.id)).toBe(true);

    failingCalls.clear();
    await user.click(
      within(said.closest('[data-notice]') as HTMLElement).getByRole('button', {
        name: 'Save again',
      }),
    );
    await noticeSaying(/^Saved “Untitled”\.$/);
    expect((await stored(draft.id)).content).toBe('<p>Written on a full disk</p>');
  });
});

describe('a replaced text', () => {
  it('is not written over by a change made while the restore was on its way', async () => {
    const user = userEvent.setup();
    // Never written by the shared core's sync: its snapshots are only the ones made here.
    const slug = await slugHeldElsewhere(bridge, publication.id);
    const draft = await createPost('Harbour notes', '<p>The boats came in at dawn.</p>', slug);
    const before = draft.fields;
    // One snapshot: the text before it was published; then changed since.
    await bridge.drafts.save({ draftId: draft.id, fields: { ...before, status: 'publish' } });
    await bridge.drafts.save({
      draftId: draft.id,
      fields: { ...before, status: 'publish', title: 'Harbour notes, revised' },
    });
    await openInApp(draft.id);
    await user.click(await screen.findByRole('button', { name: 'History (1)' }));
    await user.click(screen.getByRole('button', { name: /^Preview snapshot from / }));
    const dialog = await screen.findByRole('dialog', { name: /^Snapshot from / });
    await waitFor(() => expect(dialog.textContent).toContain('The boats came in at dawn.'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore this snapshot' }));
    // A change arrives as the restore sets off (the text turns read-only a moment later; an
    // event already on its way still lands).
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Typed during the restore' },
    });

    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLTextAreaElement).value).toBe(
        'Harbour notes',
      ),
    );
    // Past the autosave's pause: the change from before the restore was not saved over it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await stored(draft.id)).title).toBe('Harbour notes');
  });

  it('that cannot be read back closes the editor and says so', async () => {
    const user = userEvent.setup();
    const slug = await slugHeldElsewhere(bridge, publication.id);
    const draft = await createPost('Read back', '<p>First.</p>', slug);
    await bridge.drafts.save({ draftId: draft.id, fields: { ...draft.fields, status: 'publish' } });
    await bridge.drafts.save({
      draftId: draft.id,
      fields: { ...draft.fields, status: 'publish', content: '<p>Second.</p>' },
    });
    await openInApp(draft.id, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    await user.click(await screen.findByRole('button', { name: 'History (1)' }));
    await user.click(screen.getByRole('button', { name: /^Preview snapshot from / }));
    const dialog = await screen.findByRole('dialog', { name: /^Snapshot from / });
    await waitFor(() => expect(dialog.textContent).toContain('First.'));
    failingCalls.set('drafts.get', { kind: 'storage', message: 'The local store failed: I/O' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore this snapshot' }));

    await noticeSaying(/^Done, but the post could not be shown again: The local store failed/);
    await waitFor(() => expect(screen.queryByLabelText('Post text')).toBeNull());
    failingCalls.clear();
    expect((await stored(draft.id)).content).toBe('<p>First.</p>');
  });
});

describe('an open editor', () => {
  it('stays when a later read of its draft fails, and a failed first read opens nothing stale', async () => {
    const draft = await createPost('Steady', '<p>On screen.</p>');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await openInApp(draft.id, queryClient);
    failingCalls.set('drafts.get', { kind: 'storage', message: 'The local store failed: I/O' });
    await act(() => queryClient.invalidateQueries({ queryKey: ['drafts', draft.id] }));
    await waitFor(() =>
      expect(queryClient.getQueryState(['drafts', draft.id])?.status).toBe('error'),
    );
    expect(screen.getByLabelText('Post text')).toBeTruthy();
    expect(screen.queryByText('The local store failed: I/O')).toBeNull();

    // The publications read again, failing: said in the sidebar, the editor untouched.
    failingCalls.set('publications.list', {
      kind: 'storage',
      message: 'The local store failed: I/O',
    });
    await act(() => queryClient.invalidateQueries({ queryKey: publicationKeys.list }));
    const sidebar = screen.getByRole('navigation', { name: 'Publications' });
    await within(sidebar).findByText('The local store failed: I/O');
    expect(screen.getByLabelText('Post text')).toBeTruthy();
    failingCalls.delete('publications.list');

    // Closed and opened again while reads fail: the copy cached before is not shown as current.
    act(() => useUi.getState().openDraft(null));
    act(() => useUi.getState().openDraft(draft.id));
    await within(screen.getByRole('main')).findByText('The local store failed: I/O');
    expect(screen.queryByLabelText('Post text')).toBeNull();
  });
});

describe('a press while the last is on its way', () => {
  it('does nothing on Publish: a double-click never unpublishes what it just published', async () => {
    const user = userEvent.setup();
    const draft = await createPost('Pressed twice', '<p>Words.</p>');
    await openInApp(draft.id);
    let answer = () => {};
    heldCalls.set('sync.syncNow', new Promise<void>((resolve) => (answer = resolve)));
    const syncs = () => calledMethods.filter((name) => name === 'sync.syncNow').length;
    const before = syncs();
    await user.click(screen.getByRole('button', { name: `Publish to ${publication.name}` }));
    const next = await screen.findByRole('button', {
      name: new RegExp(`^(Unpublish from|Keep as draft on) ${publication.name}$`),
    });
    await waitFor(() => expect(syncs()).toBe(before + 1));
    expect(next.getAttribute('aria-disabled')).toBe('true');
    await user.click(next);
    answer();
    await noticeSaying(new RegExp(`^“[^”]+” published on ${publication.name}`));
    await waitFor(() => expect(next.getAttribute('aria-disabled')).toBeNull(), { timeout: 3_000 });
    expect(syncs()).toBe(before + 1);
    expect((await bridge.drafts.get({ draftId: draft.id })).fields.status).toBe('publish');
  });

  it('rests only after a press that did something: nothing to publish leaves it pressable', async () => {
    const user = userEvent.setup();
    const draft = await createPost('', '');
    await openInApp(draft.id);
    const publish = screen.getByRole('button', { name: `Publish to ${publication.name}` });
    await user.click(publish);
    await noticeSaying(/^Nothing to publish yet/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(publish.getAttribute('aria-disabled')).toBeNull();
  });

  it('does nothing on a second Enter just after Publish landed, and unpublishes on one after', async () => {
    // The button keeps the focus and by then says "Unpublish": Enter twice put the post live and
    // took it down again (a writer's review).
    const user = userEvent.setup();
    const draft = await createPost('Entered twice', '<p>Words.</p>');
    await openInApp(draft.id);
    const publish = screen.getByRole('button', { name: `Publish to ${publication.name}` });
    await user.click(publish);
    await noticeSaying(new RegExp(`^“Entered twice” published on ${publication.name}`));
    const unpublish = screen.getByRole('button', {
      name: `Unpublish from ${publication.name}`,
    });
    expect(document.activeElement).toBe(unpublish);
    await user.keyboard('{Enter}');
    expect((await bridge.drafts.get({ draftId: draft.id })).fields.status).toBe('publish');
    await waitFor(() => expect(unpublish.getAttribute('aria-disabled')).toBeNull(), {
      timeout: 3_000,
    });
    await user.keyboard('{Enter}');
    await noticeSaying(new RegExp(`^“Entered twice” unpublished from ${publication.name}`));
    expect((await bridge.drafts.get({ draftId: draft.id })).fields.status).toBe('draft');
  });

  it('does nothing on Delete: one delete, one Undo', async () => {
    const user = userEvent.setup();
    const draft = await createPost('Deleted twice', '<p>Words.</p>');
    await openInApp(draft.id);
    const deletes = () => calledMethods.filter((name) => name === 'records.delete').length;
    const before = deletes();
    await user.dblClick(screen.getByRole('button', { name: 'Delete' }));
    await noticeSaying(/^Deleted “Deleted twice”/);
    expect(deletes()).toBe(before + 1);
    expect(screen.queryByText(/Not deleted|No draft|not found/i)).toBeNull();
  });
});

describe('a live post', () => {
  it('offers Update as the next step only when there is something newer than readers see', async () => {
    const user = userEvent.setup();
    const draft = await createPost('Live already', '<p>Readers see this.</p>');
    await bridge.drafts.save({ draftId: draft.id, fields: { ...draft.fields, status: 'publish' } });
    await bridge.sync.syncNow({});
    expect((await bridge.drafts.get({ draftId: draft.id })).syncState).toBe('synced');
    const { type } = await openInApp(draft.id);
    const update = screen.getByRole('button', { name: `Update on ${publication.name}` });
    expect(update.getAttribute('aria-disabled')).toBe('true');
    expect(update.className).not.toContain('primary');
    await user.click(update);
    await noticeSaying(/^Nothing to update: readers of .* see this version\.$/);

    type(' And now this.');
    await waitFor(() => expect(update.getAttribute('aria-disabled')).toBeNull());
    expect(update.className).toContain('primary');
    await user.click(update);
    await noticeSaying(new RegExp(`^“Live already” updated on ${publication.name}\\.$`));
    await waitFor(() => expect(update.getAttribute('aria-disabled')).toBe('true'));
  });
});

describe('a draft the service refused', () => {
  it('marks the tag it named, and the marks go once the draft is put right', async () => {
    const user = userEvent.setup();
    const draft = await bridge.records.create({
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Tagged by hand', content: '<p>Rain.</p>', tags: [987654] },
    });
    // The embedded reference service knows no tag 987654: the push is refused, naming tags.
    await waitFor(
      async () => {
        await bridge.sync.syncNow({});
        expect((await bridge.drafts.get({ draftId: draft.id })).refusedFields?.tags).toBeTruthy();
      },
      { timeout: 10_000 },
    );
    const { queryClient } = await openInApp(draft.id);

    const alert = await screen.findByText(/^Not synced:/);
    expect(alert.textContent).toContain('987654');
    expect(alert.textContent).toContain('What it refused (Tags) is marked in Details and search.');
    // The panel opens by itself on the field, and the chip is marked in words.
    expect(
      screen.getByRole('button', { name: 'Details and search' }).getAttribute('aria-expanded'),
    ).toBe('true');
    const chips = screen.getByRole('list', { name: 'Tags on this post' });
    expect(within(chips).getByText('refused')).toBeTruthy();
    expect(chips.getAttribute('aria-describedby')).toBeTruthy();
    const reason = document.getElementById(chips.getAttribute('aria-describedby') as string);
    expect(reason?.textContent).toMatch(/^Refused by the service: .*987654/);

    await user.click(
      screen.getByRole('button', { name: 'Remove tag #987654, refused by the service' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(
      async () => {
        await bridge.sync.syncNow({});
        const now = await bridge.drafts.get({ draftId: draft.id });
        expect(now).toMatchObject({ syncState: 'synced', lastError: null, refusedFields: null });
      },
      { timeout: 10_000 },
    );
    // The app hears of it by the core's "synced" event, which this test's transport does not
    // carry (journeys in Chromium do): the refresh that event makes is made here.
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(screen.queryByText(/^Not synced:/)).toBeNull());
    expect(screen.queryByText(/^Refused by the service/)).toBeNull();
    expect(screen.queryByText('refused')).toBeNull();
    expect((await stored(draft.id)).tags).toEqual([]);
  });
});
