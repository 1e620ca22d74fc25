// @vitest-environment jsdom
import { Editor } from '@tiptap/react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editorDocument } from './editor-content';
import { documentHtml, editorExtensions } from './extensions';
import { visualRoundTrip } from './fidelity';
import { LinkForm } from './LinkForm';

// The editor is TipTap's own, in jsdom. jsdom opens no windows, so window.open is a spy: in
// Electron the shell hands the address to the system browser (electron/core/external-links.ts).

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function editorWithCaretIn(html: string, text: string): Editor {
  const editor = new Editor({ extensions: editorExtensions, content: html });
  let at = 0;
  editor.state.doc.descendants((node, pos) => {
    if (node.isText && node.text?.includes(text)) at = pos + node.text.indexOf(text) + 1;
  });
  editor.commands.setTextSelection(at);
  return editor;
}

describe('LinkForm', () => {
  it('makes words that name a place a link, the place kept as the link’s id', async () => {
    const user = userEvent.setup();
    const editor = new Editor({
      extensions: editorExtensions,
      content: editorDocument('<h2><a name="intro">Introduction</a></h2>').toJSON(),
    });
    editor.commands.setTextSelection({ from: 1, to: 13 });
    render(<LinkForm editor={editor} readOnly={false} onClose={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'Link address' }), 'https://example.org');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(documentHtml(editor.state.doc)).toBe(
      '<h2><a href="https://example.org" id="intro">Introduction</a></h2>',
    );
    editor.destroy();
  });

  it('links words around a named place whole, the place kept as an anchor just before the link', async () => {
    // From a review: the link skipped the named words (an <a> holds no other <a>), a hole in it.
    const user = userEvent.setup();
    const editor = new Editor({
      extensions: editorExtensions,
      content: editorDocument('<p>Read the <a name="intro">introduction</a> first.</p>').toJSON(),
    });
    editor.commands.setTextSelection({ from: 1, to: editor.state.doc.content.size - 1 });
    render(<LinkForm editor={editor} readOnly={false} onClose={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'Link address' }), 'https://example.org');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(documentHtml(editor.state.doc)).toBe(
      '<p><a name="intro"></a><a href="https://example.org">Read the introduction first.</a></p>',
    );
    const saved = documentHtml(editor.state.doc);
    expect(visualRoundTrip(saved)).toBe(saved);
  });

  it('opens the link under the caret from the keyboard, and stays open', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const editor = editorWithCaretIn(
      '<p>See <a href="https://example.com/map">the map</a> first.</p>',
      'map',
    );
    const onClose = vi.fn();
    render(<LinkForm editor={editor} readOnly={false} onClose={onClose} />);
    expect(screen.getByRole('textbox', { name: 'Link address' })).toHaveProperty(
      'value',
      'https://example.com/map',
    );
    // From the address field: Apply, Remove link, then Open link.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open link' }));
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenCalledWith('https://example.com/map', '_blank', 'noopener,noreferrer');
    expect(onClose).not.toHaveBeenCalled();
    editor.destroy();
  });

  it('offers no Open link for a path or a new link', () => {
    const editor = editorWithCaretIn('<p>The <a href="/about">about</a> page.</p>', 'about');
    render(<LinkForm editor={editor} readOnly={false} onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Open link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove link' })).toBeTruthy();
    cleanup();
    editor.commands.setContent('<p>Plain words.</p>');
    render(<LinkForm editor={editor} readOnly={false} onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Open link' })).toBeNull();
    editor.destroy();
  });
});
