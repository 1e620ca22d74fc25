import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, inject } from 'vitest';
import type { OwnCore } from '../../../shared/testing/provided-host';
import type { PublicationView } from '../../../shared/views';
import type { App as AppComponent } from '../App';
import type { leavesSettled as leavesSettledFn } from '../features/editor/leave-draft';
import type { useUi as useUiStore } from '../ui-store';
import {
  activePublication,
  answeredCalls,
  DISK_FULL,
  failingCalls,
  heldCalls,
  installRealCore,
} from './real-core';

// The whole App over the real core behind the browser host (the Vitest global setup), for the
// tests of the editor's ways out (a writer's review of them). `failingCalls` stands in for a full
// disk (drafts.save answered with the core's own full-disk error), `heldCalls` for a slow core.
// jsdom has no modal dialogs, so `showModal` only opens the element, and no `CSS.escape`.

type User = ReturnType<typeof userEvent.setup>;

export const editorOf = (element: Element): Editor =>
  (element as Element & { editor: Editor }).editor;

/** Words typed at the end of the text: jsdom has no editing, so the transaction a key makes. */
export const typeAtEnd = (editor: Editor, text: string): void =>
  act(() => {
    editor.view.dispatch(editor.state.tr.insertText(text, editor.state.doc.content.size - 1));
  });

export const noticeSaying = (pattern: RegExp) =>
  screen.findByText(pattern, { selector: '[data-notice] > span' }, { timeout: 8_000 });

export const noticeButton = (message: HTMLElement, name: string) =>
  within(message.closest('[data-notice]') as HTMLElement).getByRole('button', { name });

/** Whether closing the window now would be held for the editor's words (save-before-close.ts). */
export function closeIsHeld(): boolean {
  const close = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(close);
  return close.defaultPrevented;
}

/**
 * Sets up the App over the real core for the calling test file, each test from the sample. A file
 * that turns the app to another publication names its own core (see the global setup).
 */
export function appOverRealCore(own?: OwnCore) {
  const bridge = installRealCore(own);
  let App: typeof AppComponent;
  let useUi: typeof useUiStore;
  let leavesSettled: typeof leavesSettledFn;
  let sample: PublicationView;

  beforeAll(async () => {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
    globalThis.CSS ??= { escape: (value: string) => value } as typeof CSS;
    ({ App } = await import('../App'));
    ({ useUi } = await import('../ui-store'));
    ({ leavesSettled } = await import('../features/editor/leave-draft'));
    sample = await activePublication(bridge);
  });

  afterEach(async () => {
    failingCalls.clear();
    heldCalls.clear();
    answeredCalls.clear();
    cleanup();
    await leavesSettled();
    useUi.setState({ openDraftId: null, notices: [], kind: 'post', addingPublication: false });
    // Each test starts on the sample, without the archive added by the one before.
    const { baseUrl } = inject('quireHost').elsewhere;
    for (const p of await bridge.publications.list({}))
      if (p.baseUrl === baseUrl)
        await bridge.publications.remove({ id: p.id, discardUnsynced: true });
    await bridge.publications.setActive({ id: sample.id });
  });

  /** Published and synced; with `publicationId`, nothing of that publication left unsynced. */
  const publish = async (draftId: string, publicationId?: string) => {
    const made = await bridge.drafts.get({ draftId });
    await bridge.drafts.save({ draftId, fields: { ...made.fields, status: 'publish' } });
    await waitFor(
      async () => {
        await bridge.sync.syncNow({});
        expect((await bridge.drafts.get({ draftId })).serviceStatus).toBe('publish');
        if (publicationId === undefined) return;
        const now = (await bridge.publications.list({})).find((p) => p.id === publicationId);
        expect(now?.pendingChanges).toBe(0);
      },
      { timeout: 15_000, interval: 500 },
    );
  };

  const harness = {
    bridge,
    useUi: (): typeof useUiStore => useUi,
    sample: () => sample,
    leavesSettled: () => leavesSettled(),

    createPost: (title: string, content: string) =>
      bridge.records.create({ publicationId: sample.id, kind: 'post', fields: { title, content } }),

    stored: async (draftId: string) => (await bridge.drafts.get({ draftId })).fields,

    /** A post live on the service with `live`, and edits held here (not sent with Update). */
    publishedWithEdits: async (title: string, live: string, edits: string) => {
      const post = await harness.createPost(title, live);
      // Not all the sample: other files' drafts share its core.
      await publish(post.id);
      const published = await bridge.drafts.get({ draftId: post.id });
      await bridge.drafts.save({
        draftId: post.id,
        fields: { ...published.fields, content: edits },
      });
      return post;
    },

    /** A post live on the service of `publicationId`, nothing of it unsynced. */
    liveOn: async (publicationId: string, title: string) => {
      const post = await bridge.records.create({
        publicationId,
        kind: 'post',
        fields: { title, content: '<p>Live.</p>' },
      });
      await publish(post.id, publicationId);
      return post;
    },

    /** The App on a cache of its own, for a test to do what an event from the core does. */
    renderApp(client = new QueryClient()) {
      render(
        <QueryClientProvider client={client}>
          <App />
        </QueryClientProvider>,
      );
      return client;
    },

    /** The global setup's plain second service, added behind the app's back (not made active). */
    addArchive: () => {
      const { baseUrl, subdomain, token } = inject('quireHost').elsewhere;
      return bridge.publications.add({ name: 'Archive', baseUrl, subdomain, token });
    },

    /** The App, with the draft open in its editor, and the app's cache. */
    async openInApp(draftId: string) {
      const client = harness.renderApp();
      act(() => useUi.getState().openDraft(draftId));
      const editor = editorOf(await screen.findByLabelText('Post text'));
      return { editor, client, type: (text: string) => typeAtEnd(editor, text) };
    },

    /** The writer adds the global setup's second service through the sidebar's dialog. */
    async addArchiveThroughDialog(user: User) {
      const { baseUrl, subdomain, token } = inject('quireHost').elsewhere;
      await user.click(screen.getByRole('button', { name: 'Add publication' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add publication' });
      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Archive' } });
      fireEvent.change(within(dialog).getByLabelText('Service address'), {
        target: { value: baseUrl },
      });
      fireEvent.change(within(dialog).getByLabelText('Subdomain'), {
        target: { value: subdomain },
      });
      fireEvent.change(within(dialog).getByLabelText('Access token'), {
        target: { value: token },
      });
      await user.click(within(dialog).getByRole('button', { name: 'Add publication' }));
      // Checked against the service, then added: the dialog goes.
      await waitFor(
        () => expect(screen.queryByRole('dialog', { name: 'Add publication' })).toBeNull(),
        { timeout: 10_000 },
      );
    },

    /**
     * A post whose editor closed on words the full disk refused: the writer switched to the
     * Archive while the core was slow to answer, went on typing meanwhile, and the save on the
     * way out was refused. The failing and held calls are left for the test to clear.
     */
    async closeUnsaved(user: User, title: string) {
      await harness.addArchive();
      const draft = await harness.createPost(title, '<p>Boats.</p>');
      const { type } = await harness.openInApp(draft.id);
      let answer = () => {};
      heldCalls.set('publications.setActive', new Promise<void>((resolve) => (answer = resolve)));
      await user.click(await screen.findByRole('button', { name: /^Archive/ }));
      // Nothing unsaved when it was pressed: the editor may go; the core has yet to answer.
      await new Promise((resolve) => setTimeout(resolve, 200));
      failingCalls.set('drafts.save', DISK_FULL);
      type(' Gulls.');
      answer();
      await noticeSaying(
        new RegExp(`^“${title}” closed before its last changes could be saved\\.`),
      );
      await screen.findByText('Archive', { selector: '.current-publication strong' });
      return draft;
    },

    /** The Archive's post "Archived note", deleted from its open editor, the app on the Archive. */
    async deletedOnArchive(user: User) {
      const archive = await harness.addArchive();
      const note = await bridge.records.create({
        publicationId: archive.id,
        kind: 'post',
        fields: { title: 'Archived note', content: '<p>Old.</p>' },
      });
      await bridge.publications.setActive({ id: archive.id });
      await harness.openInApp(note.id);
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      const deleted = await noticeSaying(/^Deleted “Archived note”\. Undo is possible/);
      return { note, deleted };
    },

    /** Back to the sample in the sidebar, and the post opened from its list, as a writer does. */
    async reopenFromTheList(user: User, title: string) {
      await user.click(screen.getByRole('button', { name: new RegExp(`^${sample.name}`) }));
      await screen.findByText(sample.name, { selector: '.current-publication strong' });
      await user.click(await screen.findByRole('button', { name: title }, { timeout: 10_000 }));
      return editorOf(await screen.findByLabelText('Post text'));
    },
  };
  return harness;
}
