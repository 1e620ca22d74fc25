// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { documentHtml, editorExtensions } from './extensions';
import { markupLoss, visualRoundTrip } from './fidelity';
import { insertImage } from './figures';
import { sanitizeHtml } from './sanitize';
import { after, key } from '../../testing/editor-keys';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const open = (html: string): Editor =>
  (editor = new Editor({ extensions: editorExtensions, content: sanitizeHtml(html) }));
const html = () => documentHtml((editor as Editor).state.doc);

const IMG = '<img src="https://images.example.com/desk.jpg" alt="A desk">';

describe('figures in the visual editor', () => {
  it('are saved as they came: an image or a listing, the caption below or above, an anchor', () => {
    for (const figure of [
      `<figure>${IMG}<figcaption>Where it was <em>written</em>.</figcaption></figure>`,
      `<figure><p>${IMG}</p><figcaption>In a paragraph</figcaption></figure>`,
      `<figure><figcaption>Above</figcaption>${IMG}</figure>`,
      `<figure>${IMG}</figure>`,
      '<figure id="listing-4-1"><pre><code>let s = "hello";</code></pre><figcaption><a href="#listing-4-1">Listing 4-1</a>: scope</figcaption></figure>',
      '<figure><blockquote><p>Words.</p></blockquote><figcaption>Someone</figcaption></figure>',
    ]) {
      expect(markupLoss(figure), figure).toEqual([]);
      expect(visualRoundTrip(figure)).toBe(figure);
    }
  });

  it('name a figure the editor would move or split, so the post opens in source', () => {
    const figure = `<figure>${IMG}<figcaption>c</figcaption></figure>`;
    // A list item starts with a paragraph in the editor: the figure would leave the list.
    expect(markupLoss(`<ul><li>${figure}</li></ul>`)).toContain('<figure> inside <li>');
    // Two captions below: two figures. A caption alone: a figure made around it.
    expect(
      markupLoss(`<figure>${IMG}<figcaption>A</figcaption><figcaption>B</figcaption></figure>`),
    ).toContain('reshaped <figure>');
    expect(markupLoss('<p>a</p><figcaption>stray</figcaption>')).toContain('reshaped <figure>');
  });

  it('keep a line the writer adds in a figure apart from the image, and leave out an emptied caption', () => {
    const e = open(`<figure>${IMG}<figcaption>Desk</figcaption></figure>`);
    // After the image, in its line: Enter, and a credit line.
    e.commands.setTextSelection(3);
    expect(key(e, 'Enter')).toBe(true);
    e.commands.insertContent('Credit line');
    expect(html()).toBe(
      `<figure><p>${IMG}</p><p>Credit line</p><figcaption>Desk</figcaption></figure>`,
    );
    const caption = after(e, 'Desk');
    e.commands.deleteRange({ from: caption - 4, to: caption });
    expect(html()).toBe(`<figure><p>${IMG}</p><p>Credit line</p></figure>`);
  });

  it('go on below the figure when Enter is pressed in the caption', () => {
    const e = open(`<figure>${IMG}<figcaption>Desk</figcaption></figure><h2>Next</h2>`);
    e.commands.setTextSelection(after(e, 'Desk'));
    expect(key(e, 'Enter')).toBe(true);
    e.commands.insertContent('Below');
    expect(html()).toBe(
      `<figure>${IMG}<figcaption>Desk</figcaption></figure><p>Below</p><h2>Next</h2>`,
    );
  });

  it('keep their anchor on the original when a copy is pasted', () => {
    const e = open(`<figure id="f1">${IMG}<figcaption>One</figcaption></figure>`);
    e.commands.insertContentAt(
      e.state.doc.content.size,
      `<figure data-anchor-id="f1">${IMG}<figcaption>Copy</figcaption></figure>`,
    );
    expect(html()).toBe(
      `<figure id="f1">${IMG}<figcaption>One</figcaption></figure>` +
        `<figure>${IMG}<figcaption>Copy</figcaption></figure>`,
    );
  });
});

describe('insertImage', () => {
  const desk = { src: 'https://images.example.com/desk.jpg', alt: 'A desk' };

  it('puts an image without a caption at the caret, in the line', () => {
    const e = open('<p>See here.</p>');
    e.commands.setTextSelection(after(e, 'See '));
    insertImage({ ...desk, caption: '' })(e.state, e.view.dispatch);
    expect(html()).toBe(`<p>See ${IMG}here.</p>`);
  });

  it('makes an empty line the figure, leaves no empty line after it, and the caret in its caption', () => {
    const e = open('<p>Lead.</p><p></p>');
    e.commands.setTextSelection(e.state.doc.content.size - 1);
    insertImage({ ...desk, caption: 'My desk' })(e.state, e.view.dispatch);
    expect(html()).toBe(`<p>Lead.</p><figure>${IMG}<figcaption>My desk</figcaption></figure>`);
    e.commands.insertContent(', mostly');
    expect(key(e, 'Enter')).toBe(true);
    e.commands.insertContent('Then');
    expect(html()).toBe(
      `<p>Lead.</p><figure>${IMG}<figcaption>My desk, mostly</figcaption></figure><p>Then</p>`,
    );
  });

  it('puts an image on a line of its own after a code block, never inside the code', () => {
    const e = open('<pre><code>code</code></pre><p>Next</p>');
    e.commands.setTextSelection(3);
    insertImage({ ...desk, caption: '' })(e.state, e.view.dispatch);
    expect(html()).toBe(`<pre><code>code</code></pre><p>${IMG}</p><p>Next</p>`);
  });

  it('keeps an empty line a link points at, and puts the figure after it', () => {
    const e = open('<p id="photo"></p>');
    e.commands.setTextSelection(1);
    insertImage({ ...desk, caption: 'Mine' })(e.state, e.view.dispatch);
    expect(html()).toBe(`<p id="photo"></p><figure>${IMG}<figcaption>Mine</figcaption></figure>`);
  });

  it('puts a captioned image after the paragraph the caret is in, not inside its line', () => {
    const e = open('<p>Before it.</p><ul><li><p>Item</p></li></ul>');
    e.commands.setTextSelection(after(e, 'Before'));
    insertImage({ ...desk, alt: '', caption: 'Mine' })(e.state, e.view.dispatch);
    expect(html()).toBe(
      '<p>Before it.</p><figure><img src="https://images.example.com/desk.jpg" alt=""><figcaption>Mine</figcaption></figure>' +
        '<ul><li><p>Item</p></li></ul>',
    );
  });
});
