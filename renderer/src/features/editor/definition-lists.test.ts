// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { DOMSerializer } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { definitionListExtensions, finishDefinitionLists } from './definition-lists';
import { after, key } from '../../testing/editor-keys';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const open = (html: string): Editor =>
  (editor = new Editor({
    extensions: [StarterKit.configure({ trailingNode: false }), ...definitionListExtensions],
    content: html,
  }));
/** The editor's document saved as documentHtml does it, definition lists finished. */
const html = (): string => {
  const e = editor as Editor;
  const page = document.implementation.createHTMLDocument('');
  page.body.append(
    DOMSerializer.fromSchema(e.schema).serializeFragment(e.state.doc.content, { document: page }),
  );
  finishDefinitionLists(page.body);
  return page.body.innerHTML;
};
const roundTrip = (source: string): string => {
  open(source);
  const saved = html();
  editor?.destroy();
  editor = undefined;
  return saved;
};
const caretIn = (e: Editor): string => e.state.selection.$from.parent.type.name;

const GLOSSARY =
  '<dl><dt>Draft</dt><dd>A version not yet published.</dd><dt>Slug</dt><dd>The part of the address after the domain.</dd></dl>';

describe('definition lists in the visual editor', () => {
  it('save the glossary as it came, terms with their marks', () => {
    for (const list of [
      GLOSSARY,
      '<dl><dt><em>Slug</em> or <code>permalink</code></dt><dd>See <strong>this</strong>.</dd></dl>',
    ])
      expect(roundTrip(list)).toBe(list);
    // The source's line breaks between items are not stray terms.
    expect(roundTrip('<dl>\n  <dt>Draft</dt>\n  <dd>Unpublished.</dd>\n</dl>')).toBe(
      '<dl><dt>Draft</dt><dd>Unpublished.</dd></dl>',
    );
  });

  it('keep bare descriptions bare and descriptions in paragraphs in paragraphs', () => {
    const list =
      '<dl><dt>A</dt><dd>Bare words</dd><dt>B</dt><dd><p>One</p><p>Two</p></dd><dd><p>Alone</p></dd><dd></dd></dl>';
    expect(roundTrip(list)).toBe(list);
  });

  it('keep lists, code and lists of their own inside descriptions', () => {
    for (const list of [
      '<dl><dt>Install</dt><dd>Either:<ul><li><p>npm</p></li><li><p>pnpm</p></li></ul>then run it.</dd></dl>',
      '<dl><dt>Install</dt><dd><p>Either:</p><ol><li><p>npm</p></li></ol></dd></dl>',
      '<dl><dt>Run</dt><dd><pre><code>npm start</code></pre></dd></dl>',
      '<dl><dt>Kinds</dt><dd><dl><dt>Post</dt><dd>Dated.</dd></dl></dd></dl>',
    ])
      expect(roundTrip(list)).toBe(list);
  });

  it('keep several terms to a description and several descriptions to a term', () => {
    const list =
      '<dl><dt>color</dt><dt>colour</dt><dd>A hue.</dd><dt>Slug</dt><dd>A path.</dd><dd>A slow snail.</dd></dl>';
    expect(roundTrip(list)).toBe(list);
  });

  it('keep every word, in order, when text stands directly in a list (not valid HTML)', () => {
    // Each stray run of text becomes a term of its own; nothing is thrown away or run together.
    expect(roundTrip('<dl>Note<dt>a</dt>stray<dd>b</dd>tail</dl>')).toBe(
      '<dl><dt>Note</dt><dt>a</dt><dt>stray</dt><dd>b</dd><dt>tail</dt></dl>',
    );
  });

  it('leave out the <div>s grouping items (named as lost), keeping the items', () => {
    expect(
      roundTrip('<dl><div><dt>a</dt><dd>b</dd></div><div><dt>c</dt><dd>d</dd></div></dl>'),
    ).toBe('<dl><dt>a</dt><dd>b</dd><dt>c</dt><dd>d</dd></dl>');
  });
});

describe('Enter in a definition list', () => {
  it('opens a description under a term, from its end, with the caret in it', () => {
    const e = open(GLOSSARY);
    e.commands.setTextSelection(after(e, 'Draft'));
    expect(key(e, 'Enter')).toBe(true);
    expect(caretIn(e)).toBe('paragraph');
    e.commands.insertContent('Not yet out.');
    expect(html()).toBe(
      '<dl><dt>Draft</dt><dd>Not yet out.</dd><dd>A version not yet published.</dd>' +
        '<dt>Slug</dt><dd>The part of the address after the domain.</dd></dl>',
    );
  });

  it('saves a new description as the list saves its others: in paragraphs here', () => {
    const e = open('<dl><dt>A</dt><dd><p>One</p></dd><dt>B</dt></dl>');
    e.commands.setTextSelection(after(e, 'B'));
    expect(key(e, 'Enter')).toBe(true);
    e.commands.insertContent('Two');
    expect(html()).toBe('<dl><dt>A</dt><dd><p>One</p></dd><dt>B</dt><dd><p>Two</p></dd></dl>');
  });

  it('splits a term in two from its middle, as any line', () => {
    const e = open('<dl><dt>colorcolour</dt><dd>A hue.</dd></dl>');
    e.commands.setTextSelection(after(e, 'color'));
    expect(key(e, 'Enter')).toBe(true);
    expect(html()).toBe('<dl><dt>color</dt><dt>colour</dt><dd>A hue.</dd></dl>');
  });

  it('makes a second line in a description, saved in paragraphs so the two do not run together', () => {
    const e = open('<dl><dt>A</dt><dd>One</dd></dl>');
    e.commands.setTextSelection(after(e, 'One'));
    expect(key(e, 'Enter')).toBe(true);
    expect(caretIn(e)).toBe('paragraph');
    e.commands.insertContent('Two');
    expect(html()).toBe('<dl><dt>A</dt><dd><p>One</p><p>Two</p></dd></dl>');
  });

  it('leaves a description for a new term after it from its empty last line', () => {
    const e = open(GLOSSARY);
    e.commands.setTextSelection(after(e, 'published.'));
    expect(key(e, 'Enter')).toBe(true);
    expect(key(e, 'Enter')).toBe(true);
    expect(caretIn(e)).toBe('definitionTerm');
    e.commands.insertContent('Tag');
    // The empty line is gone: the description is saved bare, as it came.
    expect(html()).toBe(
      '<dl><dt>Draft</dt><dd>A version not yet published.</dd><dt>Tag</dt>' +
        '<dt>Slug</dt><dd>The part of the address after the domain.</dd></dl>',
    );
  });

  it('opens a description under an empty term within the list, never splitting the list', () => {
    const e = open(GLOSSARY);
    e.commands.setTextSelection(after(e, 'published.'));
    expect(key(e, 'Enter')).toBe(true);
    expect(key(e, 'Enter')).toBe(true);
    expect(key(e, 'Enter')).toBe(true);
    expect(caretIn(e)).toBe('paragraph');
    e.commands.insertContent('Words');
    expect(html()).toBe(
      '<dl><dt>Draft</dt><dd>A version not yet published.</dd><dt></dt><dd>Words</dd>' +
        '<dt>Slug</dt><dd>The part of the address after the domain.</dd></dl>',
    );
  });

  it('goes description, term, then out of the list, from the end of the last description', () => {
    const e = open(`${GLOSSARY}<h2>Next</h2>`);
    e.commands.setTextSelection(after(e, 'domain.'));
    expect(key(e, 'Enter')).toBe(true);
    expect(key(e, 'Enter')).toBe(true);
    expect(caretIn(e)).toBe('definitionTerm');
    expect(key(e, 'Enter')).toBe(true);
    expect(caretIn(e)).toBe('paragraph');
    e.commands.insertContent('After');
    expect(html()).toBe(`${GLOSSARY}<p>After</p><h2>Next</h2>`);
  });

  it('turns the empty description it just opened into a term, leaving no empty <dd>', () => {
    const e = open('<dl><dt>Draft</dt></dl>');
    e.commands.setTextSelection(after(e, 'Draft'));
    expect(key(e, 'Enter')).toBe(true);
    expect(caretIn(e)).toBe('paragraph');
    expect(key(e, 'Enter')).toBe(true);
    expect(caretIn(e)).toBe('definitionTerm');
    e.commands.insertContent('Slug');
    expect(html()).toBe('<dl><dt>Draft</dt><dt>Slug</dt></dl>');
  });

  it('makes a list that is only an empty term a line', () => {
    const e = open('<p>Lead</p><dl><dt></dt></dl>');
    // Paragraph "Lead" (6), the list, its term: inside the term.
    e.commands.setTextSelection(8);
    expect(caretIn(e)).toBe('definitionTerm');
    expect(key(e, 'Enter')).toBe(true);
    e.commands.insertContent('Line');
    expect(html()).toBe('<p>Lead</p><p>Line</p>');
  });

  it('leaves a list inside a description first, then the description', () => {
    const e = open('<dl><dt>Install</dt><dd>Either:<ul><li><p>npm</p></li></ul></dd></dl>');
    e.commands.setTextSelection(after(e, 'npm'));
    expect(key(e, 'Enter')).toBe(true);
    // The empty item: the bulleted list's own Enter takes it out of that list, into the description.
    expect(key(e, 'Enter')).toBe(true);
    expect(e.state.selection.$from.node(-1).type.name).toBe('definitionDescription');
    expect(key(e, 'Enter')).toBe(true);
    expect(caretIn(e)).toBe('definitionTerm');
    e.commands.insertContent('Run');
    expect(html()).toBe(
      '<dl><dt>Install</dt><dd>Either:<ul><li><p>npm</p></li></ul></dd><dt>Run</dt></dl>',
    );
  });

  it('takes back the description it opened with Backspace', () => {
    const e = open('<dl><dt>Draft</dt><dd>Unpublished.</dd></dl>');
    e.commands.setTextSelection(after(e, 'Draft'));
    expect(key(e, 'Enter')).toBe(true);
    expect(e.state.selection.$from.node(-1).type.name).toBe('definitionDescription');
    expect(key(e, 'Backspace')).toBe(true);
    expect(html()).toBe('<dl><dt>Draft</dt><dd>Unpublished.</dd></dl>');
    expect(caretIn(e)).toBe('definitionTerm');
  });
});
