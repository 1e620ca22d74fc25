// @vitest-environment jsdom
// A WordPress classic post edited, saved and opened again: its line breaks were saved as new
// lines where the post no longer read as classic (a heading now between its paragraphs, a line
// centred, paragraphs pasted in), and read back as spaces; and blank lines beside a comment or
// an image parted nothing, the paragraphs run together. From a review of classic-paragraphs.
import type { Editor } from '@tiptap/core';
import { afterEach, expect, it } from 'vitest';
import { JSDOM_PASTE, openEditor } from '../../testing/editor-fixture';
import { after, key } from '../../testing/editor-keys';
import { toggleCentre } from './alignment';
import { documentHtml } from './document-html';
import { markupLoss } from './fidelity';

let editors: Editor[] = [];
afterEach(() => {
  for (const e of editors) e.destroy();
  editors = [];
});
const open = (html: string): Editor => {
  const e = openEditor(html);
  editors.push(e);
  return e;
};
/** Saved, opened again (as the app does on the next visit), one letter typed at the end, saved. */
const reopenAndEdit = (saved: string): string => {
  expect(markupLoss(saved)).toEqual([]); // opens in the visual editor, nothing said
  const again = open(saved);
  again.commands.setTextSelection(again.state.doc.content.size - 1);
  again.commands.insertContent('!');
  return documentHtml(again.state.doc);
};

it('a classic post given a heading between its two paragraphs keeps its line break after the next save', () => {
  const e = open('Walk\nslowly.\n\nRun home.');
  e.commands.setTextSelection(after(e, 'slowly.'));
  expect(key(e, 'Enter')).toBe(true);
  e.commands.insertContent('Halfway');
  e.commands.setHeading({ level: 2 });
  const saved = documentHtml(e.state.doc);
  expect(reopenAndEdit(saved)).toMatch(/Walk(\n|<br>)slowly\./);
});

it('a classic line centred keeps its line break after the next save', () => {
  const e = open('Walk\nslowly.\n\nRun home.');
  e.commands.setTextSelection(after(e, 'Walk'));
  toggleCentre(e.state, e.view.dispatch);
  const saved = documentHtml(e.state.doc);
  expect(reopenAndEdit(saved)).toMatch(/Walk(\n|<br>)slowly\./);
});

it('paragraphs pasted into a classic post leave its other line breaks as they were', () => {
  const e = open('Intro.\n\nWalk\nslowly.');
  e.commands.setTextSelection(after(e, 'Intro.'));
  e.view.pasteHTML('<p>one</p><p>two</p>', JSDOM_PASTE);
  const saved = documentHtml(e.state.doc);
  expect(reopenAndEdit(saved)).toMatch(/Walk(\n|<br>)slowly\./);
});

it('a classic post whose blank lines stand beside markup, or a non-breaking space, is held whole', () => {
  for (const post of [
    'Intro\nline two\n\n<!--more-->\n\nBody.',
    '<img src="https://example.com/a.jpg">\n\nShort caption.\n\n<a href="https://example.com">Read on</a>',
    // TinyMCE's blank line between paragraphs, and a space of the writer's before a blank line.
    'A\n\n&nbsp;\n\nB',
    'Text&nbsp;\n\nNext\nline',
  ]) {
    expect(markupLoss(post), post).toEqual([]);
    const e = open(post);
    expect(documentHtml(e.state.doc)).toBe(post);
  }
});
