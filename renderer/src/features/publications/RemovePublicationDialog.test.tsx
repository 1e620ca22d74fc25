// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { PublicationView } from '../../../../shared/views';
import { activePublication, calledMethods, installRealCore } from '../../testing/real-core';
import type { App as AppComponent } from '../../App';
import type { useUi as useUiStore } from '../../ui-store';
import type { leavesSettled as leavesSettledFn } from '../editor/leave-draft';

// Real parts: the whole renderer (App) over a desktop core with its SQLite store behind the
// browser host (Vitest global setup). jsdom has no modal dialogs, so `showModal` only opens the
// element. The publication is the shared core's sample: the dialog is cancelled, never confirmed.

const bridge = installRealCore();
let App: typeof AppComponent;
let useUi: typeof useUiStore;
let leavesSettled: typeof leavesSettledFn;
let publication: PublicationView;

beforeAll(async () => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  globalThis.CSS ??= { escape: (value: string) => value } as typeof CSS;
  ({ App } = await import('../../App'));
  ({ useUi } = await import('../../ui-store'));
  ({ leavesSettled } = await import('../editor/leave-draft'));
  publication = await activePublication(bridge);
});

afterEach(async () => {
  cleanup();
  await leavesSettled();
  useUi.setState({ openDraftId: null, notices: [], kind: 'post' });
});

const editorOf = (element: Element): Editor => (element as Element & { editor: Editor }).editor;

it('counts words typed a moment before Remove among those the removal would lose', async () => {
  const user = userEvent.setup();
  // Live, with nothing held: the words typed below are its only change not on the service, and
  // they stay held (for an Update) whatever the shared core's sync does meanwhile.
  const draft = await bridge.records.create({
    publicationId: publication.id,
    kind: 'post',
    fields: { title: 'Removed while typing', content: '<p>Readers see this.</p>' },
  });
  await bridge.drafts.save({ draftId: draft.id, fields: { ...draft.fields, status: 'publish' } });
  await bridge.sync.syncNow({});
  expect((await bridge.drafts.get({ draftId: draft.id })).syncState).toBe('synced');

  render(
    <QueryClientProvider client={new QueryClient()}>
      <App />
    </QueryClientProvider>,
  );
  act(() => useUi.getState().openDraft(draft.id));
  const editor = editorOf(await screen.findByLabelText('Post text'));
  const asked = calledMethods.length;
  act(() => {
    editor.view.dispatch(
      editor.state.tr.insertText(' Last words.', editor.state.doc.content.size - 1),
    );
  });
  // At once, well inside the autosave's pause.
  await user.click(screen.getByRole('button', { name: `Remove ${publication.name}` }));

  const dialog = await screen.findByRole('alertdialog', { name: `Remove “${publication.name}”?` });
  // The words are stored, and what the dialog counts was read after they were.
  expect((await bridge.drafts.get({ draftId: draft.id })).fields.content).toBe(
    '<p>Readers see this. Last words.</p>',
  );
  const since = calledMethods.slice(asked);
  expect(since).toContain('drafts.save');
  expect(since.lastIndexOf('publications.list')).toBeGreaterThan(since.indexOf('drafts.save'));
  expect(dialog.textContent).toMatch(
    /\d+ changes? (has|have) not reached the service yet and will be lost\./,
  );
  expect(
    within(dialog).getByRole('button', { name: /^Remove and lose \d+ changes?$/ }),
  ).toBeTruthy();

  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByLabelText('Post text')).toBeTruthy();
});
