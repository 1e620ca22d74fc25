// @vitest-environment jsdom
// What a writer's edits do to markup kept from a post: words bare beside blocks, comments among
// them and around list items. Found by a review of the first version (1862ad6), where each of
// these failed: words glued together, a line break lost, Shift+Tab refused in a WordPress list.
import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { after, key } from '../../testing/editor-keys';
import { JSDOM_PASTE, openEditor } from '../../testing/editor-fixture';
import { editorDocument } from './editor-content';
import { documentHtml } from './extensions';
import { markupLoss, textOf, visualRoundTrip } from './fidelity';
import { cleanPastedHtml } from './paste';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());
const open = (html: string): Editor => (editor = openEditor(html));
const html = () => documentHtml(editor!.state.doc);
const pasteEvent = JSDOM_PASTE;
// Bundled as raw text, as the corpus test has it.
const [WP_POST = ''] = Object.values(
  import.meta.glob<string>('./corpus/38-wordpress-block-editor.html', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);

describe('bare lines side by side', () => {
  it('Enter in the middle of a quote citation keeps two lines', () => {
    const e = open('<blockquote><p>Q</p><cite>Proverb, 1900</cite></blockquote>');
    e.commands.setTextSelection(after(e, 'Proverb,'));
    expect(key(e, 'Enter')).toBe(true);
    expect(e.state.doc.firstChild!.childCount).toBe(3); // the writer sees three lines
    // ...but the saved post holds two: the split is gone on the next open.
    expect(editorDocument(html()).firstChild!.childCount).toBe(3);
  });

  it('Enter in the middle of a cell sentence beside a list keeps two lines', () => {
    const e = open('<table><tbody><tr><td>Text here<ul><li>a</li></ul></td></tr></tbody></table>');
    e.commands.setTextSelection(after(e, 'Text'));
    expect(key(e, 'Enter')).toBe(true);
    expect(html()).not.toBe(
      '<table><tbody><tr><td>Text here<ul><li>a</li></ul></td></tr></tbody></table>',
    );
  });

  it('a line made by Enter at the start of a citation is not glued to it', () => {
    const e = open('<blockquote><p>Q</p><cite>Proverb</cite></blockquote>');
    e.commands.setTextSelection(after(e, 'Proverb') - 7);
    expect(key(e, 'Enter')).toBe(true);
    e.commands.setTextSelection(after(e, 'Q') + 2); // into the new, empty line
    e.commands.insertContent('Old saying');
    expect(textOf(html())).toContain('Old saying Proverb');
  });

  it('deleting the list between two bare sentences does not glue them', () => {
    const e = open('<div class="note">Read this first.<ul><li>a</li></ul>Then this.</div>');
    const div = e.state.doc.firstChild!;
    const from = 1 + div.child(0).nodeSize;
    e.commands.deleteRange({ from, to: from + div.child(1).nodeSize });
    expect(textOf(html())).toBe('Read this first. Then this.');
  });

  it('outdenting a nested outline in a WordPress column does not glue its items', () => {
    const e = open(
      '<div class="wp-block-column"><ul><li>Tomatoes<ul><li>Beans<ul><li>runner</li></ul></li></ul></li></ul></div>',
    );
    e.commands.setTextSelection(after(e, 'Tomatoes'));
    expect(key(e, 'Tab', true)).toBe(true);
    e.commands.setTextSelection(after(e, 'Beans'));
    expect(key(e, 'Tab', true)).toBe(true);
    expect(textOf(html())).toContain('Tomatoes Beans');
  });
});

describe('a comment among words standing bare beside blocks keeps them apart', () => {
  for (const post of [
    '<div class="note">Hello <!-- c --> world</div>',
    '<blockquote>Hello <!-- c --> world</blockquote>',
    '<details><summary>S</summary>Hello <!-- c --> world</details>',
    '<ul><li>Tomatoes <!-- note --> and beans<ul><li>x</li></ul></li></ul>',
  ])
    it(post, () => {
      expect(markupLoss(post)).toEqual([]); // opens in the visual editor, nothing named
      expect(textOf(visualRoundTrip(post))).toBe(textOf(post));
    });
});

describe('every phrase element is among the words, not a block between them', () => {
  for (const post of [
    '<ul><li>Run <samp>ls -l</samp> to list</li></ul>',
    '<ul><li>A <dfn>term</dfn> here</li></ul>',
    '<ul><li>Shipped <data value="3">three</data> boxes</li></ul>',
    '<table><tbody><tr><td><font size="2">Price</font> per kg</td></tr></tbody></table>',
  ])
    it(post, () => {
      // Only the tag is named (as it was before 1862ad6); the words themselves must not change.
      expect(textOf(visualRoundTrip(post))).toBe(textOf(post));
    });
});

describe('WordPress 6 nested lists, their comments on the sub-list', () => {
  it('Shift-Tab on a nested item outdents it as in a plain list, every comment kept', () => {
    const e = open(WP_POST);
    const comments = (text: string) => text.match(/<!--/g)?.length ?? 0;
    const before = html();
    e.commands.setTextSelection(after(e, 'runner'));
    expect(key(e, 'Tab', true)).toBe(true);
    // As ProseMirror outdents any list: the item after it goes along, under it.
    // The sub-list's own comments go with it, its opener too (wordpress-sub-lists.test.ts).
    expect(html()).toContain(
      '<li>runner<!-- wp:list --><ul class="wp-block-list"><!-- wp:list-item --><li>broad',
    );
    expect(comments(html())).toBe(comments(before));
  });

  it('Enter twice after the last nested item leaves no empty bullets in the post', () => {
    const e = open(WP_POST);
    e.commands.setTextSelection(after(e, 'broad'));
    expect(key(e, 'Enter')).toBe(true);
    expect(key(e, 'Enter')).toBe(true);
    e.commands.insertContent('peas');
    expect(html()).not.toContain('<li></li>');
  });
});

describe('a page pasted from elsewhere', () => {
  it('brings no hidden comment (WordPress block delimiter) through data-comments-*', () => {
    const e = open('<p>Start</p><p></p>');
    e.commands.setTextSelection(e.state.doc.content.size - 1);
    const note = encodeURIComponent(JSON.stringify([' wp:block {"ref":42} /']));
    const page = `<p>Shopping:</p><ul><li data-comments-before="${note}">Buy milk</li><li>Eggs</li></ul>`;
    expect(cleanPastedHtml(page).notes).toEqual([]);
    e.view.pasteHTML(page, pasteEvent);
    expect(html()).not.toContain('<!--');
  });

  it('brings no marker of the editor’s own in its markup', () => {
    const page =
      '<blockquote><p>One.</p><p data-bare-line="">Two.</p></blockquote><ul><li data-comments-after="%5B%22x%22%5D">i</li></ul>';
    expect(cleanPastedHtml(page).html).not.toMatch(/data-bare-line|data-comments/);
  });

  it('brings no data-bare-line that glues its lines', () => {
    const e = open('<blockquote><p>Q</p></blockquote>');
    e.commands.setTextSelection(after(e, 'Q'));
    e.view.pasteHTML(
      '<p>One.</p><p data-bare-line="">Two.</p><p data-bare-line="">Three.</p>',
      pasteEvent,
    );
    expect(textOf(html())).toContain('Two. Three.');
  });
});
