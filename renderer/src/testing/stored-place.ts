import { Fragment, Slice } from '@tiptap/pm/model';
import { expect } from 'vitest';
import { editorDocument } from '../features/editor/editor-content';
import { documentHtml } from '../features/editor/extensions';
import { sourcePlaceOf } from '../features/editor/mode-switch-place';
import { sourceRangeAt } from '../features/editor/writer-place';

/** Helpers of the tests of the caret's place across a switch, in a post as stored. */
export type Doc = ReturnType<typeof editorDocument>;

/** The stored source with a "^" where the caret `find(doc)` of its document lands there. */
export const storedCaret = (source: string, find: (doc: Doc) => number): string => {
  const doc = editorDocument(source);
  expect(documentHtml(doc)).not.toBe(source);
  const from = find(doc);
  const [at] = sourcePlaceOf(source, doc, from, from);
  return `${source.slice(0, at)}^${source.slice(at)}`;
};

/** Just after `words` in the first line holding them, or just before with `start`. */
export const by =
  (words: string, start = false) =>
  (doc: Doc): number => {
    let found = -1;
    doc.descendants((node, pos) => {
      if (found >= 0 || !node.isTextblock) return found < 0;
      const index = node.textContent.indexOf(words);
      if (index >= 0) found = pos + 1 + index + (start ? 0 : words.length);
      return false;
    });
    return found;
  };

/** Just after the `index`-th inline child of the first line holding `words`. */
export const afterChild =
  (words: string, index: number) =>
  (doc: Doc): number => {
    let found = -1;
    doc.descendants((node, pos) => {
      if (found < 0 && node.isTextblock && node.textContent.includes(words)) {
        found = pos + 1;
        for (let i = 0; i <= index; i += 1) found += node.child(i).nodeSize;
      }
      return found < 0;
    });
    return found;
  };

/**
 * The document's text (lines joined by "|", an image as "[img]") with "^" where a letter typed at
 * the caret `find(doc)` shows: typed in Visual, and typed in the source where the switch puts it.
 */
export const typedBothWays = (source: string, find: (doc: Doc) => number) => {
  const doc = editorDocument(source);
  const from = find(doc);
  const [at] = sourcePlaceOf(source, doc, from, from);
  const typed = editorDocument(`${source.slice(0, at)}\uE001${source.slice(at)}`);
  const letter = doc.type.schema.text('\uE001', doc.resolve(from).marks());
  const inVisual = doc.replace(from, from, new Slice(Fragment.from(letter), 0, 0));
  const text = (d: Doc) => d.textBetween(0, d.content.size, '|', '[img]').replace('\uE001', '^');
  return { source: text(typed), visual: text(inVisual) };
};

/** Just after the `k`-th image (from 0) of the document. */
export const afterImage =
  (k: number) =>
  (doc: Doc): number => {
    let found = -1;
    let seen = 0;
    doc.descendants((node, pos) => {
      if (found < 0 && node.type.name === 'image') {
        if (seen === k) found = pos + node.nodeSize;
        seen += 1;
      }
      return found < 0;
    });
    return found;
  };

/** Just after the first `words` of the document, an image counted as the one node it is. */
export const afterWords =
  (words: string) =>
  (doc: Doc): number => {
    for (let pos = 0; pos <= doc.content.size; pos += 1) {
      const $pos = doc.resolve(pos);
      if (!$pos.parent.inlineContent) continue;
      if (doc.textBetween($pos.start(), pos, undefined, '\uFFFC').endsWith(words)) return pos;
    }
    return -1;
  };

/** The source up to where a visual place kept just before `words` is restored (sourceRangeAt). */
export const restoredBefore = (source: string, words: string): string => {
  const doc = editorDocument(source);
  const textBefore = doc.textBetween(0, doc.content.size).indexOf(words);
  const [at] = sourceRangeAt(source, { mode: 'visual', from: 0, to: 0, textBefore });
  return source.slice(0, at);
};
