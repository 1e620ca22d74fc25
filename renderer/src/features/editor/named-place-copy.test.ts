// @vitest-environment jsdom
import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { after } from '../../testing/editor-keys';
import { JSDOM_PASTE, openEditor } from '../../testing/editor-fixture';
import { documentHtml } from './extensions';
import { markupLoss } from './fidelity';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());
const open = (html: string): Editor => (editor = openEditor(html));
const pasteEvent = JSDOM_PASTE;

describe('a named place’s words copied and pasted in the same post (50661ee)', () => {
  it('leave a post the visual editor can open again', () => {
    const e = open('<h2><a id="intro">Introduction</a></h2><p>See the part.</p>');
    // Copy "Introduction" as the editor puts it on the clipboard; paste it after "See the ".
    const { dom } = (e.view as any).serializeForClipboard(
      e.state.doc.slice(1, after(e, 'Introduction')),
    );
    e.commands.setTextSelection(after(e, 'See the '));
    e.view.pasteHTML(dom.innerHTML, pasteEvent);
    const saved = documentHtml(e.state.doc);
    // Opened again, the post must not be sent to HTML source for markup the editor itself wrote.
    expect(markupLoss(saved)).toEqual([]);
  });
});
