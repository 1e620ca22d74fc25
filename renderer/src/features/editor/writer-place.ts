import type { Node } from '@tiptap/pm/model';
import { Selection, TextSelection } from '@tiptap/pm/state';

/**
 * Where the writer was when the stored text changed under the editor (a restore, a resolved
 * conflict): the remounted editor opens there, in the same mode (or at the same words of an HTML
 * source, when the replaced text can open only there), so the next word typed does not land at the
 * top of a long post.
 */
export interface WriterPlace {
  mode: 'visual' | 'source';
  from: number;
  to: number;
  /** The HTML source scrolls inside its field, and Chromium does not bring a caret set by script into view. */
  scrollTop?: number;
  /** In the visual editor: how many characters of text were before the caret (see sourceRangeAt). */
  textBefore?: number;
  /** The writer was in the Title, this range of it selected: the keyboard goes back there. */
  title?: [number, number];
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

// A comment, or a tag with its attributes (a ">" inside quotes is not its end), unclosed to the end.
const TAG = /<!--[\s\S]*?(?:-->|$)|<[a-z/!?](?:"[^"]*"|'[^']*'|[^"'>])*>?/iy;

/** Just past the end of the tag (or comment) starting at `at`; `at` when none starts there. */
function tagEnd(text: string, at: number): number {
  TAG.lastIndex = at;
  return at + (TAG.exec(text)?.[0].length ?? 0);
}

/**
 * A caret never inside a tag: words typed there went into the tag, never shown in the post (review
 * R6). Inside a closing tag it goes before it, at the end of the element's words; inside any other,
 * just after it, at the start of the element's words.
 */
function outsideTags(text: string, at: number): number {
  for (let start = text.indexOf('<'); start >= 0 && start < at;) {
    const end = tagEnd(text, start);
    if (end > at) return text[start + 1] === '/' ? start : end;
    start = text.indexOf('<', start + 1);
  }
  return at;
}

/**
 * Where, in an HTML source, `chars` characters of its text (outside tags) are behind: just past the
 * last of its words when it has fewer.
 */
function afterText(text: string, chars: number): number {
  let count = 0;
  let after = 0;
  for (let at = 0; at < text.length;) {
    const end = tagEnd(text, at);
    if (end > at) {
      at = end;
      continue;
    }
    if (count === chars) return at;
    if (text.charAt(at).trim()) after = at + 1;
    count += 1;
    at += 1;
  }
  return after;
}

/**
 * The same place in an HTML source that may since have changed, out of its tags.
 *
 * A place of the visual editor comes here when the replaced text can open only in HTML source (it
 * holds markup the visual editor cannot keep, review R6): its positions count ProseMirror's nodes,
 * of a document the source never was, and meant nothing here (dropped, the caret was at 0 and the
 * writer's next words went above the whole post). The characters of text before it are what the
 * two share: as many in, the writer is about where they were, near the same words, and one who
 * was at the end of the post is at the end of its last words.
 */
export function sourceRangeAt(
  text: string,
  place: Pick<WriterPlace, 'from' | 'to'> & Partial<Pick<WriterPlace, 'mode' | 'textBefore'>>,
): [number, number] {
  if (place.mode === 'visual') {
    const at = afterText(text, place.textBefore ?? 0);
    return [at, at];
  }
  return [
    outsideTags(text, clamp(place.from, text.length)),
    outsideTags(text, clamp(place.to, text.length)),
  ];
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
