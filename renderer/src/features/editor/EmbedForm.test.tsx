// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmbedForm } from './EmbedForm';
import { documentHtml, editorExtensions } from './extensions';

let editor: Editor | undefined;
afterEach(() => {
  cleanup();
  editor?.destroy();
});

describe('EmbedForm', () => {
  it('puts the player after the line the caret is in, titled, the caret on the line below', async () => {
    const user = userEvent.setup();
    const e = (editor = new Editor({ extensions: editorExtensions, content: '<p>Watch:</p>' }));
    e.commands.setTextSelection(3);
    const onClose = vi.fn();
    render(<EmbedForm editor={e} onClose={onClose} />);
    const address = screen.getByRole('textbox', { name: 'Video or player address, or embed code' });
    expect(document.activeElement).toBe(address);
    await user.clear(address);
    await user.type(address, 'https://example.com/clip{Enter}');
    expect(screen.getByRole('status').textContent).toMatch(/^Quire embeds players from YouTube/);
    expect(documentHtml(e.state.doc)).toBe('<p>Watch:</p>');
    await user.clear(address);
    await user.type(address, 'https://youtu.be/dQw4w9WgXcQ');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'The launch talk');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(onClose).toHaveBeenCalled();
    e.commands.insertContent('Then.');
    expect(documentHtml(e.state.doc)).toBe(
      '<p>Watch:</p><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="560" height="315" frameborder="0" allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture" allowfullscreen="" title="The launch talk"></iframe><p>Then.</p>',
    );
  });
});
