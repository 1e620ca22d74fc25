// @vitest-environment jsdom
// A place named by <a name> (older posts': Blogger's `<a name="more">` marks where "Read more"
// cuts the post) is named once, as an id is: a review found a pasted copy and Enter each gave
// the name twice.
import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { JSDOM_PASTE, openEditor } from '../../testing/editor-fixture';
import { after, key } from '../../testing/editor-keys';
import { documentHtml } from './document-html';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const names = (html: string) => html.match(/name="intro"/g)?.length ?? 0;

describe('words named by <a name>', () => {
  it('copied and pasted elsewhere in the post come as plain words', () => {
    const e = (editor = openEditor(
      '<h2><a name="intro">Introduction</a></h2><p>See the part.</p>',
    ));
    const { dom } = (e.view as any).serializeForClipboard(
      e.state.doc.slice(1, after(e, 'Introduction')),
    );
    e.commands.setTextSelection(after(e, 'See the '));
    e.view.pasteHTML(dom.innerHTML, JSDOM_PASTE);
    const saved = documentHtml(e.state.doc);
    expect(saved).toContain('See the Introductionpart.');
    expect(names(saved), saved).toBe(1);
  });

  it('split by Enter keep the name on one half only', () => {
    const e = (editor = openEditor('<h2><a name="intro">Introduction</a></h2>'));
    e.commands.setTextSelection(after(e, 'Intro'));
    expect(key(e, 'Enter')).toBe(true);
    const saved = documentHtml(e.state.doc);
    expect(names(saved), saved).toBe(1);
    expect(saved).toContain('duction');
  });

  it('an empty <a name> copied with its line is not doubled either', () => {
    const e = (editor = openEditor('<p>Start<a name="intro"></a> here.</p><p>Other.</p>'));
    const { dom } = (e.view as any).serializeForClipboard(e.state.doc.slice(1, after(e, 'here')));
    e.commands.setTextSelection(after(e, 'Other'));
    e.view.pasteHTML(dom.innerHTML, JSDOM_PASTE);
    const saved = documentHtml(e.state.doc);
    expect(saved).toContain('OtherStart here');
    expect(names(saved), saved).toBe(1);
  });

  it('sent twice by the service stay twice: not ours to choose', () => {
    const html = '<p><a name="intro">One</a> and <a name="intro">two</a></p>';
    const e = (editor = openEditor(html));
    e.commands.setTextSelection(after(e, 'and'));
    e.commands.insertContent('!');
    expect(names(documentHtml(e.state.doc))).toBe(2);
  });
});
