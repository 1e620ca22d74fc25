// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicationView } from '../../../../shared/views';
import { activePublication, installRealCore } from '../../testing/real-core';
// Type only: the module loads once window.quire is in place.
import type { DraftEditor as DraftEditorComponent } from './DraftEditor';

// Real parts: the desktop core behind the browser host (started by the Vitest global setup) with
// its SQLite store, embedded reference service and keychain, reached over the same HTTP calls the
// browser-hosted app makes. jsdom stands in for Chromium: it has no editing of its own, so each
// keystroke is the transaction ProseMirror makes from typed text.

const bridge = installRealCore();

let DraftEditor: typeof DraftEditorComponent;
let publication: PublicationView;

beforeAll(async () => {
  ({ DraftEditor } = await import('./DraftEditor'));
  publication = await activePublication(bridge);
});

afterAll(cleanup);

const editorOf = (element: Element): Editor => (element as Element & { editor: Editor }).editor;

describe('DraftEditor', () => {
  it('commits nothing to React while the writer types, and saves the words once they pause', async () => {
    const draft = await bridge.records.create({
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Typing test', content: '<p>Start.</p>' },
    });
    let commits = 0;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Profiler id="editor" onRender={() => commits++}>
          <DraftEditor
            draft={draft}
            publication={publication}
            initialFocus="opening"
            onReplaced={() => {}}
          />
        </Profiler>
      </QueryClientProvider>,
    );
    const editor = editorOf(await screen.findByLabelText('Post text'));
    await waitFor(() => expect(screen.getByText(/1 word/)).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 100));

    const type = (text: string) =>
      act(() => {
        const end = editor.state.doc.content.size - 1;
        editor.view.dispatch(editor.state.tr.insertText(text, end));
      });
    const before = commits;
    await type(' A');
    // The first keystroke changes what the writer sees: "Saving…" and an enabled Undo.
    const afterFirst = commits;
    expect(afterFirst).toBeGreaterThan(before);
    for (const letter of 'nother sentence, typed one letter at a time.') await type(letter);
    expect(commits).toBe(afterFirst);
    // Words on screen that the store does not hold yet are never called saved or synced.
    const badge = document.querySelector('.editor-header .badge');
    expect(badge?.textContent).toBe('Saving…');
    expect(screen.queryByText('Saved on this computer')).toBeNull();

    // After the pause: the word count catches up and the text is in the local store.
    await waitFor(() => expect(screen.getByText('Saved on this computer')).toBeTruthy(), {
      timeout: 5_000,
    });
    expect(screen.getByText(/^9 words/)).toBeTruthy();
    expect(document.querySelector('.editor-header .badge')?.textContent).toMatch(
      /^(Saved locally|Syncing|Synced)$/,
    );
    expect(commits).toBeGreaterThan(afterFirst);
    const stored = await bridge.drafts.get({ draftId: draft.id });
    expect(stored.fields.content).toBe(
      '<p>Start. Another sentence, typed one letter at a time.</p>',
    );
  });
});
