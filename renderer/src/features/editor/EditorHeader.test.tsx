// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { PublicationView } from '../../../../shared/views';
import { activePublication, installRealCore } from '../../testing/real-core';
import type { App as AppComponent } from '../../App';
import type { useUi as useUiStore } from '../../ui-store';
import type { leavesSettled as leavesSettledFn } from './leave-draft';

// Real parts: the whole renderer (App) over a desktop core with its SQLite store behind the
// browser host (Vitest global setup), whose embedded reference service knows no category 999.

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
  ({ leavesSettled } = await import('./leave-draft'));
  publication = await activePublication(bridge);
});

afterEach(async () => {
  cleanup();
  await leavesSettled();
  useUi.setState({ openDraftId: null, notices: [], kind: 'post' });
});

const noticeSaying = (pattern: RegExp) =>
  screen.findByText(pattern, { selector: '[data-notice] > span' }, { timeout: 10_000 });

it('says a Publish refused for a field goes live once that is put right, and takes it back', async () => {
  const user = userEvent.setup();
  const name = publication.name;
  const draft = await bridge.records.create({
    publicationId: publication.id,
    kind: 'post',
    fields: { title: 'Refused category', content: '<p>Half-finished.</p>', category: 999 },
  });
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>,
  );
  act(() => useUi.getState().openDraft(draft.id));
  await screen.findByLabelText('Post text');

  await user.click(screen.getByRole('button', { name: `Publish to ${name}` }));
  // The notice says what the refusal means for the Publish, and the way to keep it a draft.
  await noticeSaying(
    new RegExp(
      `^Not (sent to|published on) ${name}: Unknown category id: 999\\. The post goes live on ${name} by itself once that is put right; to keep it a draft, press Keep as draft\\.$`,
    ),
  );
  const header = document.querySelector('.editor-header') as HTMLElement;
  const badge = header.querySelector('.status-badge') as HTMLElement;
  expect(badge.textContent).toBe('Publish refused');
  expect(badge.title).toBe(
    `Not live: ${name} refused it (what it said shows in the post, under its title). It goes live by itself once that is put right, unless you keep it a draft.`,
  );
  // Not "Unpublish": it is not live. The button takes the waiting Publish back.
  expect(screen.queryByRole('button', { name: `Unpublish from ${name}` })).toBeNull();
  const keep = screen.getByRole('button', { name: `Keep as draft on ${name}` });
  expect(keep.className).not.toContain('primary');

  // Pressable once it has rested from the Publish (a second press at once is ignored).
  await waitFor(() => expect(keep.getAttribute('aria-disabled')).toBeNull(), { timeout: 3_000 });
  await user.click(keep);
  await noticeSaying(
    new RegExp(
      `^“Refused category” kept as a draft: not published on ${name}\\. Not synced: Unknown category id: 999\\.$`,
    ),
  );
  await waitFor(() => expect(badge.textContent).toBe('Draft'));
  expect(screen.getByRole('button', { name: `Publish to ${name}` })).toBeTruthy();

  // What it said is true: the category put right, the post goes to the service as a draft.
  const kept = await bridge.drafts.get({ draftId: draft.id });
  await bridge.drafts.save({ draftId: draft.id, fields: { ...kept.fields, category: null } });
  await waitFor(
    async () => {
      await bridge.sync.syncNow({});
      expect(await bridge.drafts.get({ draftId: draft.id })).toMatchObject({
        syncState: 'synced',
        serviceStatus: 'draft',
      });
    },
    { timeout: 10_000 },
  );
});
