// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
            onReplaced={async () => {}}
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
    const badge = document.querySelector('.editor-header .sync-badge');
    expect(badge?.textContent).toBe('Saving…');
    expect(screen.queryByText('Saved on this computer')).toBeNull();

    // After the pause: the word count catches up and the text is in the local store.
    await waitFor(() => expect(screen.getByText('Saved on this computer')).toBeTruthy(), {
      timeout: 5_000,
    });
    expect(screen.getByText(/^9 words/)).toBeTruthy();
    expect(document.querySelector('.editor-header .sync-badge')?.textContent).toMatch(
      /^(Saved locally|Syncing|Synced)$/,
    );
    expect(commits).toBeGreaterThan(afterFirst);
    const stored = await bridge.drafts.get({ draftId: draft.id });
    expect(stored.fields.content).toBe(
      '<p>Start. Another sentence, typed one letter at a time.</p>',
    );
  });

  it('reads the post into the editor once: a draft that comes back after each save is not parsed again', async () => {
    cleanup();
    // Parsing a 100,000-character post took 35 ms and more in Chromium, at every save while the
    // writer typed on: a task long enough to hold up the letters typed next.
    const draft = await bridge.records.create({
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Parsed once', content: '<p>Heronsgate words.</p>' },
    });
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    try {
      const view = (shown: typeof draft) => (
        <QueryClientProvider client={new QueryClient()}>
          <DraftEditor
            draft={shown}
            publication={publication}
            initialFocus="text"
            onReplaced={async () => {}}
          />
        </QueryClientProvider>
      );
      const { rerender } = render(view(draft));
      await screen.findByLabelText('Post text');
      const parsesOfPost = () =>
        parse.mock.calls.filter(([html]) => String(html).includes('Heronsgate')).length;
      const opening = parsesOfPost();
      expect(opening).toBeGreaterThan(0);
      for (let save = 1; save <= 3; save++)
        rerender(view({ ...draft, updatedAt: draft.updatedAt + save }));
      expect(parsesOfPost()).toBe(opening);
    } finally {
      parse.mockRestore();
    }
  });

  it('goes to HTML source and back: keeps what the editor can hold, and asks before dropping markup', async () => {
    cleanup();
    // A highlighted listing keeps its lines, opened and brought back from source alike: TipTap's
    // own reading of HTML drops a text node that is only a line break.
    const listing =
      '<pre><code class="language-js"><span class="hljs-keyword">const</span>\n<span class="hljs-keyword">let</span></code></pre>';
    const start = `<h2>Heading</h2><p>Some <strong>bold</strong> text.</p>${listing}`;
    const draft = await bridge.records.create({
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Round trip', content: start },
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DraftEditor
          draft={draft}
          publication={publication}
          initialFocus="text"
          onReplaced={async () => {}}
        />
      </QueryClientProvider>,
    );
    const editor = editorOf(await screen.findByLabelText('Post text'));
    const stored = async () => (await bridge.drafts.get({ draftId: draft.id })).fields.content;
    const settled = () =>
      waitFor(() => expect(screen.getByText('Saved on this computer')).toBeTruthy(), {
        timeout: 5_000,
      });
    const toSource = () => fireEvent.click(screen.getByRole('button', { name: 'HTML source' }));
    const toVisual = () => fireEvent.click(screen.getByRole('button', { name: 'Visual' }));
    const sourceBox = () =>
      screen.getByRole('textbox', { name: 'HTML source' }) as HTMLTextAreaElement;

    expect(editor.state.doc.textContent).toContain('const\nlet');
    // A look at the source and straight back: the caret where it was, Undo with its steps.
    editor.commands.setTextSelection(8);
    editor.commands.insertContent('Sub');
    const caret = editor.state.selection.from;
    toSource();
    toVisual();
    expect(editor.state.selection.from).toBe(caret);
    expect(editor.can().undo()).toBe(true);
    editor.commands.undo();
    await settled();
    // The source shows the text as the editor holds it, and the keyboard is in it, as it is in
    // the visual editor on the way back (it stayed on the button: a writer's review).
    toSource();
    expect(sourceBox().value).toBe(start);
    expect(document.activeElement).toBe(sourceBox());

    // What the editor can hold comes back as written, without a question.
    const edited = '<h2>Heading</h2><p>Some <strong>bold</strong> text, <em>edited</em>.</p>';
    fireEvent.change(sourceBox(), { target: { value: edited } });
    toVisual();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'HTML source' })).toBeNull();
    expect(editor.getHTML()).toBe(edited);
    await settled();
    expect(await stored()).toBe(edited);
    toSource();
    fireEvent.change(sourceBox(), { target: { value: listing } });
    toVisual();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(editor.state.doc.textContent).toBe('const\nlet');
    toSource();
    expect(sourceBox().value).toBe(listing);
    fireEvent.change(sourceBox(), { target: { value: edited } });
    toVisual();

    // Markup it cannot hold (a site's navigation): the writer is told what would go before anything changes.
    const details = '<p>Before</p><nav class="card"><p>cell</p></nav>';
    toSource();
    fireEvent.change(sourceBox(), { target: { value: details } });
    toVisual();
    const warning = screen.getByRole('alertdialog');
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(expect.arrayContaining(['<nav>']));
    expect(sourceBox().value).toBe(details);
    fireEvent.click(within(warning).getByRole('button', { name: 'Stay in HTML source' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sourceBox().value).toBe(details);
    await settled();
    expect(await stored()).toBe(details);

    // Switching anyway keeps what the editor holds, and that is what is saved.
    toVisual();
    fireEvent.click(screen.getByRole('button', { name: 'Switch and drop it' }));
    expect(screen.queryByRole('textbox', { name: 'HTML source' })).toBeNull();
    expect(editor.getHTML()).not.toContain('<nav');
    expect(editor.getHTML()).toContain('cell');
    await settled();
    expect(await stored()).toBe(editor.getHTML());
  });

  it('starts undo at the text brought back from source: Ctrl+Z cannot empty a post', async () => {
    cleanup();
    // Opens in HTML source (the visual editor cannot hold a <nav>), its visual side empty.
    const start = '<p>Kept words.</p><nav class="card"><p>cell</p></nav>';
    const draft = await bridge.records.create({
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Undo after source', content: start },
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DraftEditor
          draft={draft}
          publication={publication}
          initialFocus="text"
          onReplaced={async () => {}}
        />
      </QueryClientProvider>,
    );
    await screen.findByRole('textbox', { name: 'HTML source' });
    fireEvent.click(screen.getByRole('button', { name: 'Visual' }));
    fireEvent.click(screen.getByRole('button', { name: 'Switch and drop it' }));
    const editor = editorOf(await screen.findByLabelText('Post text'));
    const brought = editor.getHTML();
    expect(brought).toContain('Kept words.');
    expect(editor.can().undo()).toBe(false);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Undo' }).getAttribute('aria-disabled')).toBe(
        'true',
      ),
    );
    act(() => {
      editor.commands.undo();
    });
    expect(editor.getHTML()).toBe(brought);

    // Edits after the switch undo as usual, back to the switched text and no further.
    act(() => {
      editor.view.dispatch(editor.state.tr.insertText(' More.', 1 + 'Kept words.'.length));
    });
    expect(editor.getHTML()).toContain('Kept words. More.');
    act(() => {
      editor.commands.undo();
      editor.commands.undo();
    });
    expect(editor.getHTML()).toBe(brought);
    await waitFor(() => expect(screen.getByText('Saved on this computer')).toBeTruthy(), {
      timeout: 5_000,
    });
    expect((await bridge.drafts.get({ draftId: draft.id })).fields.content).toBe(brought);
  });
});
