// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PublicationView } from '../../../../shared/views';
import { activePublication, installRealCore } from '../../testing/real-core';
import type { EditorScreen as EditorScreenComponent } from './EditorScreen';
import type { leavesSettled as leavesSettledFn } from './leave-draft';

// Real parts: a desktop core with its SQLite store behind the browser host (Vitest global setup).
// jsdom stands in for Chromium; typing is the transaction ProseMirror makes from typed text.

const bridge = installRealCore();
let EditorScreen: typeof EditorScreenComponent;
let leavesSettled: typeof leavesSettledFn;
let publication: PublicationView;

beforeAll(async () => {
  ({ EditorScreen } = await import('./EditorScreen'));
  ({ leavesSettled } = await import('./leave-draft'));
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
          <EditorScreen draftId={draft.id} publications={[publication]} />
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

  it('opens again a draft closed untouched, its cached copy read afresh', async () => {
    const draft = await bridge.records.create({
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Opened twice', content: '<p>Same words.</p>' },
    });
    // Sent first, so nothing about it changes between the two openings.
    await bridge.sync.syncNow({});
    const queryClient = new QueryClient();
    const open = () =>
      render(
        <QueryClientProvider client={queryClient}>
          <EditorScreen draftId={draft.id} publications={[publication]} />
        </QueryClientProvider>,
      );
    const first = open();
    await screen.findByLabelText('Post text');
    first.unmount();
    // The second read answers the very copy the cache holds: the editor opens all the same.
    open();
    expect(editorOf(await screen.findByLabelText('Post text')).getHTML()).toBe(
      '<p>Same words.</p>',
    );
  });

  it('names the draft’s own publication, not the one active in the sidebar', async () => {
    const draft = await bridge.records.create({
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Whose is it', content: '<p>Mine.</p>' },
    });
    const elsewhere: PublicationView = {
      ...publication,
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Somewhere else',
      active: true,
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EditorScreen
          draftId={draft.id}
          publications={[{ ...publication, active: false }, elsewhere]}
        />
      </QueryClientProvider>,
    );
    // Named by what it shows (WCAG 2.5.3), so the target publication is heard too.
    const publish = await screen.findByRole('button', { name: /^Publish to / });
    expect(publish.textContent).toBe(`Publish to ${publication.name}`);
    expect(screen.getByText('Writing for').textContent).toBe(`Writing for ${publication.name}`);
  });

  it('opens no editor for a draft whose publication was removed', async () => {
    const draft = await bridge.records.create({
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Orphan', content: '<p>Left behind.</p>' },
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EditorScreen draftId={draft.id} publications={[]} />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('no longer in Quire');
    expect(screen.queryByLabelText('Post text')).toBeNull();
  });

  it('drops a new draft left without a word, keeps one closed a moment after typing', async () => {
    const create = () =>
      bridge.records.create({
        publicationId: publication.id,
        kind: 'post',
        fields: { title: '', content: '' },
      });
    const open = (draftId: string, strict = false) => {
      const tree = (
        <QueryClientProvider client={new QueryClient()}>
          <EditorScreen draftId={draftId} publications={[publication]} />
        </QueryClientProvider>
      );
      // At the root, as in main.tsx: only there does React rehearse an unmount on mounting.
      return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    };
    const stillThere = async (draftId: string) =>
      (await bridge.drafts.list({ publicationId: publication.id })).some((d) => d.id === draftId);

    const untouched = await create();
    // StrictMode unmounts and remounts once on opening: that must not count as leaving.
    const first = open(untouched.id, true);
    await screen.findByLabelText('Post text');
    await leavesSettled();
    expect(await stillThere(untouched.id)).toBe(true);
    first.unmount();
    await leavesSettled();
    expect(await stillThere(untouched.id)).toBe(false);

    const typed = await create();
    const second = open(typed.id);
    const editor = editorOf(await screen.findByLabelText('Post text'));
    act(() => editor.view.dispatch(editor.state.tr.insertText('A first word', 1)));
    // Left before the autosave pause: the save on the way out lands before the core decides.
    second.unmount();
    await leavesSettled();
    expect(await stillThere(typed.id)).toBe(true);
    expect((await bridge.drafts.get({ draftId: typed.id })).fields.content).toBe(
      '<p>A first word</p>',
    );
  });
});
