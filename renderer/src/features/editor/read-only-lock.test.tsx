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

// A review of the editor's ways out: read-only was one flag, set by a Delete and by a replaced
// text (here a conflict choice) alike. A conflict choice that failed while a Delete pressed
// meanwhile still waited made the text editable again, and words typed then would be saved into
// the post, which takes the waiting Delete back. It is counted now (read-only-lock.ts). The core's
// answers to both are made here: a conflict cannot be made on demand in the shared core.

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

describe('A conflict choice refused while a Delete is on its way', () => {
  it('leaves the text read-only until the Delete is answered', async () => {
    const user = userEvent.setup();
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
        gone: false,
      },
    };
    let refuseChoice = () => {};
    answeredCalls.set(
      'sync.resolveConflict',
      () =>
        new Promise<string[]>((_, reject) => {
          refuseChoice = () => reject(new Error('The service did not answer'));
        }),
    );
    let answerDelete = () => {};
    answeredCalls.set(
      'records.delete',
      () =>
        new Promise<{ undoUntil: number }>((resolve) => {
          answerDelete = () => resolve({ undoUntil: Date.now() + 10_000 });
        }),
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
    const text = await screen.findByLabelText('Post text');
    const title = screen.getByLabelText('Title') as HTMLTextAreaElement;

    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    refuseChoice();
    await waitFor(() =>
      expect(useUi.getState().notices.map((n) => n.message)).toContain(
        'The service did not answer',
      ),
    );
    const whileDeleting = {
      text: text.getAttribute('contenteditable'),
      title: title.readOnly,
      publish: screen.getByRole('button', { name: /^Publish to/ }).getAttribute('aria-disabled'),
    };

    answerDelete();
    await waitFor(() => expect(useUi.getState().openDraftId).toBeNull());
    expect(whileDeleting).toEqual({ text: 'false', title: true, publish: 'true' });
  });
});
