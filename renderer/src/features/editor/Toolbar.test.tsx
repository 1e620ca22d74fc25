// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it } from 'vitest';
import { documentHtml, editorExtensions } from './extensions';
import { Toolbar } from './Toolbar';

// The editor is TipTap's own, in jsdom, with the toolbar the writer uses over it.

let editor: Editor | undefined;
afterEach(() => {
  cleanup();
  editor?.destroy();
});

function open(html: string, caretAfter: string): Editor {
  const e = (editor = new Editor({ extensions: editorExtensions, content: html }));
  let at = 0;
  e.state.doc.descendants((node, pos) => {
    if (node.isText && node.text?.includes(caretAfter))
      at = pos + node.text.indexOf(caretAfter) + caretAfter.length;
  });
  e.commands.setTextSelection(at);
  return e;
}

const disabled = (name: string) =>
  within(screen.getByRole('toolbar', { name: 'Table' }))
    .getByRole('button', { name })
    .getAttribute('aria-disabled') === 'true';

describe('Toolbar', () => {
  it('raises and lowers the selected characters, one or the other', async () => {
    const user = userEvent.setup();
    const e = open('<p>H2O and x2</p>', 'H2O and x2');
    render(<Toolbar editor={e} readOnly={false} />);
    act(() => void e.commands.setTextSelection({ from: 2, to: 3 }));
    await user.click(screen.getByRole('button', { name: 'Subscript x₂' }));
    act(() => void e.commands.setTextSelection({ from: 10, to: 11 }));
    await user.click(screen.getByRole('button', { name: 'Subscript x₂' }));
    await user.click(screen.getByRole('button', { name: 'Superscript x²' }));
    expect(documentHtml(e.state.doc)).toBe('<p>H<sub>2</sub>O and x<sup>2</sup></p>');
    expect(
      screen.getByRole('button', { name: 'Superscript x²' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByRole('button', { name: 'Subscript x₂' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(
      screen.getByRole('button', { name: 'Superscript x²' }).getAttribute('aria-keyshortcuts'),
    ).toBe('Control+. Meta+.');
  });

  it('folds the line into a disclosure, pressed while in one, and takes it apart again', async () => {
    const user = userEvent.setup();
    const e = open('<p>Intro</p><p>The aside</p>', 'The aside');
    render(<Toolbar editor={e} readOnly={false} />);
    const button = screen.getByRole('button', { name: 'Disclosure' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await user.click(button);
    expect(documentHtml(e.state.doc)).toBe(
      '<p>Intro</p><details><summary>Details</summary><p>The aside</p></details>',
    );
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await user.click(button);
    expect(documentHtml(e.state.doc)).toBe('<p>Intro</p><p>Details</p><p>The aside</p>');
  });

  it('centres the line, pressed while it is, and is unavailable where there is no line', async () => {
    const user = userEvent.setup();
    const e = open('<p>Epigraph</p><pre><code>npm test</code></pre>', 'Epigraph');
    render(<Toolbar editor={e} readOnly={false} />);
    const button = screen.getByRole('button', { name: 'Centre' });
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+Shift+E Meta+Shift+E');
    await user.click(button);
    expect(documentHtml(e.state.doc)).toBe(
      '<p style="text-align: center">Epigraph</p><pre><code>npm test</code></pre>',
    );
    expect(button.getAttribute('aria-pressed')).toBe('true');
    act(() => void e.commands.setTextSelection(e.state.doc.content.size - 2));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(documentHtml(e.state.doc)).toContain('<pre><code>npm test</code></pre>');
  });

  it('shows the table tools on asking, each usable only where it can act', async () => {
    const user = userEvent.setup();
    const e = open('<p>Miles</p>', 'Miles');
    render(<Toolbar editor={e} readOnly={false} />);
    const table = screen.getByRole('button', { name: 'Table' });
    expect(table.getAttribute('aria-expanded')).toBe('false');
    await user.click(table);
    expect(table.getAttribute('aria-expanded')).toBe('true');
    const tools = screen.getByRole('toolbar', { name: 'Table' });
    expect(table.getAttribute('aria-controls')).toBe(tools.id);
    // Outside a table, only "Insert table" acts, and the focus is on it.
    expect(document.activeElement).toBe(
      within(tools).getByRole('button', { name: 'Insert table' }),
    );
    expect(disabled('Insert table')).toBe(false);
    expect(disabled('Add row below')).toBe(true);
    await user.click(within(tools).getByRole('button', { name: 'Add row below' }));
    expect(e.state.doc.childCount).toBe(1);

    await user.click(within(tools).getByRole('button', { name: 'Insert table' }));
    expect(e.isActive('table')).toBe(true);
    expect(disabled('Insert table')).toBe(true);
    expect(disabled('Add row below')).toBe(false);
    await user.click(within(tools).getByRole('button', { name: 'Add row below' }));
    expect(documentHtml(e.state.doc).match(/<tr>/g)).toHaveLength(4);
  });

  it('moves along the table tools with the arrows, and Escape closes them back to the Table button', async () => {
    const user = userEvent.setup();
    const e = open('<table><tbody><tr><td>a</td></tr></tbody></table>', 'a');
    render(<Toolbar editor={e} readOnly={false} />);
    await user.click(screen.getByRole('button', { name: 'Table' }));
    const tools = screen.getByRole('toolbar', { name: 'Table' });
    // In a table: the first tool that acts has the focus.
    expect(document.activeElement).toBe(
      within(tools).getByRole('button', { name: 'Add row above' }),
    );
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(
      within(tools).getByRole('button', { name: 'Add row below' }),
    );
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(
      within(tools).getByRole('button', { name: 'Delete table' }),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar', { name: 'Table' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Table' }));
  });
});
