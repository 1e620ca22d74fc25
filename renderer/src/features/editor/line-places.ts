// Where in a post's HTML a piece of it stands, for what the editor can hold only among a line's
// words (a comment, a named anchor): ProseMirror puts anything else in a block of its own, a new
// paragraph or list item the post never had.

/** Elements whose children are a line's words in the editor (a code listing's too). */
const LINES = /^(P|H[1-6]|DT|SUMMARY|FIGCAPTION|CAPTION|PRE)$/;

/** Formatting elements: a line's words with a look. */
export const PHRASES = new Set(
  'A ABBR B BR CITE CODE DEL EM I IMG KBD MARK Q S SMALL SPAN STRIKE STRONG SUB SUP TIME U'.split(
    ' ',
  ),
);

// A list item, a cell or a description with bare words (no paragraph) is a line too.
const BARE_LINES = /^(LI|TD|TH|DD)$/;

/** Whether a node stands among a line's words: in a paragraph, a heading, a listing, a phrase… */
export function amongWords(node: ChildNode): boolean {
  const parent = node.parentElement;
  if (!parent) return false;
  if (LINES.test(parent.tagName) || PHRASES.has(parent.tagName)) return true;
  return (
    BARE_LINES.test(parent.tagName) &&
    [...parent.children].every((child) => PHRASES.has(child.tagName)) &&
    (parent.textContent ?? '').trim() !== ''
  );
}
