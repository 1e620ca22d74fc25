// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentHtml, editorExtensions } from './extensions';
import { ImageForm } from './ImageForm';

let editor: Editor | undefined;
afterEach(() => {
  cleanup();
  editor?.destroy();
});

function setUp(html: string) {
  const e = (editor = new Editor({ extensions: editorExtensions, content: html }));
  e.commands.setTextSelection(e.state.doc.content.size - 1);
  const onClose = vi.fn();
  render(<ImageForm editor={e} onClose={onClose} />);
  return { e, onClose };
}

describe('ImageForm', () => {
  it('inserts a captioned image as a figure, described, and closes', async () => {
    const user = userEvent.setup();
    const { e, onClose } = setUp('<p>Lead.</p><p></p>');
    const address = screen.getByRole('textbox', { name: 'Image address' });
    expect(document.activeElement).toBe(address);
    await user.clear(address);
    await user.type(address, 'https://images.example.com/desk.jpg');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'A desk by a window');
    await user.type(screen.getByRole('textbox', { name: 'Caption' }), 'Where it was written');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(documentHtml(e.state.doc)).toBe(
      '<p>Lead.</p><figure><img src="https://images.example.com/desk.jpg" alt="A desk by a window">' +
        '<figcaption>Where it was written</figcaption></figure>',
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('says what is wrong with an address the app cannot show, and inserts nothing', async () => {
    const user = userEvent.setup();
    const { e, onClose } = setUp('<p>Lead.</p>');
    const address = screen.getByRole('textbox', { name: 'Image address' });
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(screen.getByRole('status').textContent).toBe(
      'Give the address of the image (https://…).',
    );
    await user.clear(address);
    await user.type(address, 'http://images.example.com/desk.jpg{Enter}');
    expect(screen.getByRole('status').textContent).toMatch(/https:\/\/ addresses only/);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    await user.clear(address);
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(screen.getByRole('status').textContent).toBe(
      'Only https:// addresses can be used for an image.',
    );
    expect(documentHtml(e.state.doc)).toBe('<p>Lead.</p>');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    expect(documentHtml(e.state.doc)).toBe('<p>Lead.</p>');
  });
});
