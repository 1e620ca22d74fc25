// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PublicationView } from '../../../../shared/views';
import { activePublication, installRealCore } from '../../testing/real-core';
import type { EditorScreen as EditorScreenComponent } from './EditorScreen';

// Real parts: a desktop core with its SQLite store behind the browser host (Vitest global setup).
// jsdom stands in for Chromium; typing is the transaction ProseMirror makes from typed text.

const bridge = installRealCore();
let EditorScreen: typeof EditorScreenComponent;
let publication: PublicationView;

beforeAll(async () => {
  ({ EditorScreen } = await import('./EditorScreen'));
  publication = await activePublication(bridge);
});
afterEach(cleanup);

const editorOf = (element: Element): Editor => (element as Element & { editor: Editor }).editor;

describe('EditorScreen', () => {
  it('reopens a draft closed a moment after typing with the words just typed', async () => {
    const draft = await bridge.records.create({
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Closed in a hurry', content: '<p>Start.</p>' },
    });
    // One cache for both openings, as in the app.
    const queryClient = new QueryClient();
    const open = () =>
      render(
        <QueryClientProvider client={queryClient}>
          <EditorScreen draftId={draft.id} publication={publication} />
        </QueryClientProvider>,
      );

    const first = open();
    const editor = editorOf(await screen.findByLabelText('Post text'));
    act(() => {
      const end = editor.state.doc.content.size - 1;
      editor.view.dispatch(editor.state.tr.insertText(' Fresh words.', end));
    });
    // Closed well before the autosave pause: only the save on the way out carries the words.
    first.unmount();

    open();
    const reopened = editorOf(await screen.findByLabelText('Post text'));
    expect(reopened.getHTML()).toBe('<p>Start. Fresh words.</p>');
    expect((await bridge.drafts.get({ draftId: draft.id })).fields.content).toBe(
      '<p>Start. Fresh words.</p>',
    );
  });
});
