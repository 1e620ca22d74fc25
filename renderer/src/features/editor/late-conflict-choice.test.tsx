// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DraftView, PublicationView } from '../../../../shared/views';
import { activePublication, answeredCalls, installRealCore } from '../../testing/real-core';
import type { useUi as useUiStore } from '../../ui-store';
// Type only: the module loads once window.quire is in place.
import type { DraftEditor as DraftEditorComponent } from './DraftEditor';

// A writer's review of the editor's ways out: a conflict choice that takes its time ("Keep both",
// or "Discard mine" when the service deleted the post) opened its result, or the list, once it
// was done, wherever the writer had gone meanwhile (New post, another post). The editor over the
// real core; only the core's answer to the choice is made here, as a conflict cannot be made on
// demand in the shared core.

const bridge = installRealCore();
let DraftEditor: typeof DraftEditorComponent;
let useUi: typeof useUiStore;
let publication: PublicationView;

beforeAll(async () => {
  ({ DraftEditor } = await import('./DraftEditor'));
  ({ useUi } = await import('../../ui-store'));
  publication = await activePublication(bridge);
});

afterEach(() => {
  answeredCalls.clear();
  cleanup();
  useUi.setState({ openDraftId: null, notices: [] });
});

/** A post in conflict with the service's version, open in its editor; the choice held. */
async function inConflict(gone: boolean) {
  const draft = await bridge.records.create({
    publicationId: publication.id,
    kind: 'post',
    fields: { title: 'Tide table', content: '<p>Mine.</p>' },
  });
  const conflicted: DraftView = {
    ...draft,
    theirs: {
      title: 'Tide table',
      content: '<p>Theirs.</p>',
      updatedAt: new Date().toISOString(),
      version: 'theirs-1',
      gone,
    },
  };
  let answer = (_kept: string[]) => {};
  answeredCalls.set(
    'sync.resolveConflict',
    () => new Promise<string[]>((resolve) => (answer = resolve)),
  );
  useUi.getState().openDraft(draft.id);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DraftEditor
        draft={conflicted}
        publication={publication}
        initialFocus="opening"
        onReplaced={async () => {}}
      />
    </QueryClientProvider>,
  );
  await screen.findByLabelText('Post text');
  return { draft, answer: (kept: string[]) => answer(kept) };
}

const said = () => useUi.getState().notices.map((notice) => notice.message);

describe('A conflict choice answered late', () => {
  it('(control) opens the copy for "Keep both" when the writer stayed', async () => {
    const user = userEvent.setup();
    const { draft, answer } = await inConflict(false);
    await user.click(screen.getByRole('button', { name: 'Keep both' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Post text').getAttribute('contenteditable')).toBe('false'),
    );
    answer([draft.id, 'the-copy']);
    await waitFor(() => expect(useUi.getState().openDraftId).toBe('the-copy'));
    expect(said().some((message) => message.includes('open now'))).toBe(true);
  });

  it('leaves the writer where they went meanwhile after "Keep both"', async () => {
    const user = userEvent.setup();
    const { draft, answer } = await inConflict(false);
    await user.click(screen.getByRole('button', { name: 'Keep both' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Post text').getAttribute('contenteditable')).toBe('false'),
    );
    // The writer presses New post while the core works on the choice.
    useUi.getState().openDraft('a-new-post');
    answer([draft.id, 'the-copy']);
    await waitFor(() =>
      expect(said().some((message) => message.startsWith('Kept both'))).toBe(true),
    );
    expect({
      open: useUi.getState().openDraftId,
      saidOpenNow: said().some((message) => message.includes('open now')),
    }).toEqual({ open: 'a-new-post', saidOpenNow: false });
  });

  it('leaves the writer where they went meanwhile after "Discard mine" of a deleted post', async () => {
    const user = userEvent.setup();
    const { answer } = await inConflict(true);
    await user.click(screen.getByRole('button', { name: 'Discard mine' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Post text').getAttribute('contenteditable')).toBe('false'),
    );
    useUi.getState().openDraft('another-post');
    answer([]);
    await waitFor(() => expect(said().some((message) => message.startsWith('Deleted'))).toBe(true));
    expect(useUi.getState().openDraftId).toBe('another-post');
  });
});
