import { Fragment, Slice, type Node } from '@tiptap/pm/model';
import { TextSelection, type Selection } from '@tiptap/pm/state';
import { editorDocument } from './editor-content';
import { documentHtml } from './extensions';
import { outsideMarkup, sourceRangeOf, visualRangeOf } from './writer-place';

/**
 * The writer's place across a switch between the visual editor and HTML source, found exactly by
 * writing a mark where the caret is and finding it on the other side: the source made of the
 * document with the mark in it, or the document made of the source with the mark in it.
 *
 * Counting the characters of text before the caret (writer-place.ts) cannot tell the places
 * between which no text stands: a new line after Shift+Enter from the end of the paragraph, a line
 * left empty to write into, the two sides of an image, the start of a nested list item after
 * WordPress's comments (review R8 found the caret taken to the next words in each). The count
 * stays where no mark can be written (a caret beside a table or an embed) or where the two sides
 * do not match (the source is not the document's own HTML).
 */
const MARK = '\uE000';

/** The document with the mark at `pos`, if text can stand there. */
function markedDocument(doc: Node, pos: number): Node | null {
  const $pos = doc.resolve(pos);
  if (!$pos.parent.inlineContent) return null;
  // With the marks of the place, so it does not split a bold run into two.
  const mark = doc.type.schema.text(MARK, $pos.marks());
  try {
    return doc.replace(pos, pos, new Slice(Fragment.from(mark), 0, 0));
  } catch {
    return null;
  }
}

/** Where in `text` (the HTML source) the visual editor's `from`..`to` is. */
export function sourcePlaceOf(text: string, doc: Node, from: number, to: number): [number, number] {
  const at = (pos: number): number | null => {
    const marked = markedDocument(doc, pos);
    if (!marked) return null;
    const html = documentHtml(marked);
    const index = html.indexOf(MARK);
    const same = index >= 0 && html.slice(0, index) + html.slice(index + 1) === text;
    return same ? index : null;
  };
  const start = at(from);
  const end = from === to ? start : at(to);
  if (start === null || end === null) return sourceRangeOf(text, doc, from, to);
  return [start, end];
}

/** The textblocks of a document, in order, with their positions. */
function textblocks(doc: Node): { node: Node; pos: number }[] {
  const found: { node: Node; pos: number }[] = [];
  doc.descendants((node, pos) => {
    if (node.isTextblock) found.push({ node, pos });
    return !node.isTextblock;
  });
  return found;
}

/** Where in `doc` (made of `text`) the HTML source's `from`..`to` is. */
export function visualPlaceOf(text: string, doc: Node, from: number, to: number): Selection {
  const blocks = textblocks(doc);
  const at = (offset: number): number | null => {
    const inText = outsideMarkup(text, offset);
    const marked = textblocks(
      editorDocument(`${text.slice(0, inText)}${MARK}${text.slice(inText)}`),
    );
    const index = marked.findIndex(({ node }) => node.textContent.includes(MARK));
    const inBlock = marked[index]?.node;
    if (!inBlock) return null;
    // The mark between blocks made a line of its own: the count knows where that is.
    if (marked.length !== blocks.length) return null;
    let offsetInBlock = 0;
    inBlock.forEach((child, childOffset) => {
      const found = child.isText ? (child.text ?? '').indexOf(MARK) : -1;
      if (found >= 0) offsetInBlock = childOffset + found;
    });
    const block = blocks[index];
    if (!block) return null;
    return block.pos + 1 + Math.min(offsetInBlock, block.node.content.size);
  };
  const start = at(from);
  const end = from === to ? start : at(to);
  if (start === null || end === null) return visualRangeOf(text, doc, from, to);
  return TextSelection.between(doc.resolve(start), doc.resolve(end));
}
