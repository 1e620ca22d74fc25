import type { Node } from '@tiptap/pm/model';
import { Selection, TextSelection } from '@tiptap/pm/state';

/**
 * Where the writer was when the stored text changed under the editor (a restore, a resolved
 * conflict): the remounted editor opens there, in the same mode, so the next word typed does not
 * land at the top of a long post.
 */
export interface WriterPlace {
  mode: 'visual' | 'source';
  from: number;
  to: number;
  /** The HTML source scrolls inside its field, and Chromium does not bring a caret set by script into view. */
  scrollTop?: number;
}

const clamp = (value: number, max: number): number => Math.max(0, Math.min(value, max));

/** The same place in a document that may since have changed; past its end is its end. */
export function selectionAt(doc: Node, place: Pick<WriterPlace, 'from' | 'to'>): Selection {
  const size = doc.content.size;
  return TextSelection.between(
    doc.resolve(clamp(place.from, size)),
    doc.resolve(clamp(place.to, size)),
  );
}

/** The same place in an HTML source that may since have changed. */
export function sourceRangeAt(
  text: string,
  place: Pick<WriterPlace, 'from' | 'to'>,
): [number, number] {
  return [clamp(place.from, text.length), clamp(place.to, text.length)];
}

/**
 * The start of a text's first words. Not ProseMirror's start of the document, which is the first
 * block itself when that is an embed or a kept comment: selected, the writer's first key would
 * replace it. Nor a line before them that holds no words (mdBook's line of only an anchor), where
 * the first words typed would land beside the anchor.
 */
export function firstWords(doc: Node): Selection {
  let words = -1;
  doc.descendants((node, pos) => {
    if (words < 0 && node.isTextblock && node.textContent.trim() !== '') words = pos + 1;
    return words < 0;
  });
  const start = words >= 0 ? doc.resolve(words) : doc.resolve(0);
  return Selection.findFrom(start, 1, true) ?? Selection.atStart(doc);
}
