// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { after, key } from '../../testing/editor-keys';
import { JSDOM_PASTE, openEditor } from '../../testing/editor-fixture';
import { editorDocument } from './editor-content';
import { documentHtml, editorExtensions } from './extensions';
import { markupLoss, sameHtml, visualRoundTrip } from './fidelity';
import { cleanPastedHtml } from './paste';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const open = (html: string): Editor =>
  (editor = new Editor({ extensions: editorExtensions, content: editorDocument(html).toJSON() }));
const html = () => documentHtml(editor!.state.doc);

describe('list items', () => {
  it('are saved as they came: a tight list bare, a loose one in paragraphs', () => {
    for (const list of [
      '<ul><li>Tomatoes</li><li>Beans<ul><li>runner</li><li>broad</li></ul></li></ul>',
      '<ol start="3"><li><em>Sow</em> in March</li></ol>',
      '<ul><li><p>Loose</p></li><li><p>Two</p><p>lines</p></li></ul>',
      '<ul><li><p class="note">A line with a class</p></li></ul>',
      '<ul><li></li></ul>',
      '<ul><li>Intro<blockquote><p>quoted</p></blockquote></li></ul>',
    ])
      expect(visualRoundTrip(list)).toBe(list);
  });

  it('come back in paragraphs and bare as they went: sameHtml tells the two apart', () => {
    expect(sameHtml('<ul><li>a</li></ul>', '<ul><li><p>a</p></li></ul>')).toBe(false);
  });

  it('made by Enter are like the item they come from', () => {
    const e = open('<ul><li>Tight</li></ul><ul><li><p>Loose</p></li></ul>');
    e.commands.setTextSelection(after(e, 'Tight'));
    expect(key(e, 'Enter')).toBe(true);
    e.commands.insertContent('Next');
    e.commands.setTextSelection(after(e, 'Loose'));
    expect(key(e, 'Enter')).toBe(true);
    e.commands.insertContent('Also');
    expect(html()).toBe(
      '<ul><li>Tight</li><li>Next</li></ul><ul><li><p>Loose</p></li><li><p>Also</p></li></ul>',
    );
  });

  it('keep a second line apart from the first: a tight item given one is saved in paragraphs', () => {
    const e = open('<ul><li>First</li></ul>');
    e.commands.insertContentAt(after(e, 'First') + 1, {
      type: 'paragraph',
      content: [{ type: 'text', text: 'Second' }],
    });
    expect(html()).toBe('<ul><li><p>First</p><p>Second</p></li></ul>');
  });

  it('of a list made in the editor are bare, a sub-list made by Tab too', () => {
    const e = open('<p>One</p><p>Two</p>');
    e.commands.selectAll();
    e.commands.toggleBulletList();
    e.commands.setTextSelection(after(e, 'Two'));
    expect(e.commands.sinkListItem('listItem')).toBe(true);
    expect(html()).toBe('<ul><li>One<ul><li>Two</li></ul></li></ul>');
  });
});

describe('words bare beside blocks', () => {
  it('are saved bare where they stood: a quote’s cite, a wrapper’s sentence, a cell’s, an item’s tail', () => {
    for (const html of [
      '<blockquote class="wp-block-quote"><p>The best time was twenty years ago.</p><cite>Proverb</cite></blockquote>',
      '<div class="note">Before: <em>this</em><ul><li>a</li></ul>Then more.</div>',
      '<table><tbody><tr><td>Text<ul><li>a</li></ul></td></tr></tbody></table>',
      '<ul><li>a<ul><li>b</li></ul>tail</li></ul>',
      '<details><summary>S</summary>Words<p>para</p></details>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
  });

  it('split by Enter leave a paragraph after them; given a look, they stay a paragraph', () => {
    const e = open('<blockquote><p>Q</p><cite>Proverb</cite></blockquote>');
    e.commands.setTextSelection(after(e, 'Proverb'));
    expect(key(e, 'Enter')).toBe(true);
    e.commands.insertContent('More');
    expect(html()).toBe('<blockquote><p>Q</p><cite>Proverb</cite><p>More</p></blockquote>');
    e.commands.setTextSelection(after(e, 'Prov'));
    e.commands.updateAttributes('paragraph', { style: 'text-align: center' });
    expect(html()).toBe(
      '<blockquote><p>Q</p><p style="text-align: center"><cite>Proverb</cite></p><p>More</p></blockquote>',
    );
  });
});

describe('a bare line copied', () => {
  it('is a paragraph where it is pasted, even at the top of the post', () => {
    const e = (editor = openEditor('<blockquote><p>Q</p><cite>Proverb</cite></blockquote><p></p>'));
    const copy = e.view.dom.querySelector('[data-bare-line]')!.outerHTML;
    e.commands.setTextSelection(e.state.doc.content.size - 1);
    e.view.pasteHTML(`<meta data-pm-slice="0 0 []">${copy}`, JSDOM_PASTE);
    expect(html()).toBe(
      '<blockquote><p>Q</p><cite>Proverb</cite></blockquote><p><cite>Proverb</cite></p>',
    );
  });

  it('is marked nowhere in a paste, the editor’s own copy included', () => {
    const own =
      '<meta data-pm-slice="1 1 []"><blockquote><p data-bare-line="">Proverb</p></blockquote>';
    expect(cleanPastedHtml(own).html).not.toContain('data-bare-line');
  });

  it('stays bare as a post had it at its top, lines parted by <br> as Blogger wrote them', () => {
    for (const post of [
      'Spring at last.<br><a name="more"></a>The rest.<br><br><strong>Distance:</strong> 7 km',
      'Before<p>x</p>After',
    ]) {
      expect(markupLoss(post), post).toEqual([]);
      expect(visualRoundTrip(post)).toBe(post);
    }
  });
});
