import { Fragment, Slice, type Node } from '@tiptap/pm/model';
import { diffArrays } from 'diff';
import { TextSelection, type Selection } from '@tiptap/pm/state';
import { editorDocument } from './editor-content';
import { documentHtml } from './extensions';
import {
  isInlineTag,
  outsideMarkup,
  sourceRangeOf,
  textCountBefore,
  unitEnd,
  visualRangeOf,
} from './writer-place';

/**
 * The writer's place across a switch between the visual editor and HTML source, found exactly by
 * writing a mark where the caret is and finding it on the other side: the source made of the
 * document with the mark in it, or the document made of the source with the mark in it.
 *
 * Counting the characters of text before the caret (writer-place.ts) cannot tell the places
 * between which no text stands: a new line after Shift+Enter from the end of the paragraph, a line
 * left empty to write into, the two sides of an image, the start of a nested list item after
 * WordPress's comments (review R8 found the caret taken to the next words in each). The count
 * stays where no mark can be written (a caret beside a table or an embed), and finds where to
 * align the two where the source is not the document's own HTML.
 */
/**
 * A character of the private use area that neither side holds: one already in the post (an icon
 * font's glyph, Material Icons' "error" is U+E000) was found in place of the mark (review R14).
 */
function markFor(text: string, doc: Node): string {
  const words = heldBy(doc);
  for (let code = 0xe000; code <= 0xf8ff; code += 1) {
    const mark = String.fromCharCode(code);
    if (!text.includes(mark) && !words.includes(mark)) return mark;
  }
  return '';
}

/**
 * The document's text and the values of its attributes: the editor writes an attribute's
 * `&#xE000;` as the character (review R15: a link's title holding it was found for the mark).
 */
function heldBy(doc: Node): string {
  const held: string[] = [];
  const values = (attrs: Record<string, unknown>) => {
    for (const value of Object.values(attrs))
      held.push(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  };
  doc.descendants((node) => {
    if (node.isText) held.push(node.text ?? '');
    values(node.attrs);
    for (const mark of node.marks) values(mark.attrs);
  });
  return held.join('');
}

/** The document with `glyph` at `pos`, if text can stand there. */
function markedDocument(doc: Node, pos: number, glyph: string): Node | null {
  const $pos = doc.resolve(pos);
  if (!$pos.parent.inlineContent || !glyph) return null;
  // With the marks of the place, so it does not split a bold run into two.
  const mark = doc.type.schema.text(glyph, $pos.marks());
  try {
    return doc.replace(pos, pos, new Slice(Fragment.from(mark), 0, 0));
  } catch {
    return null;
  }
}

// Characters each side of the mark aligned with the source, and how much farther the source's
// side reaches (the count's place may be off by the markup the two write differently). An
// alignment that would take more edits than that is given up (the count's place stands): its cost
// grows with them.
const AROUND = 200;
const SLACK = 100;
const MOST_EDITS = 2 * SLACK + AROUND;

/**
 * The units two HTMLs are aligned by: a tag or a character reference whole, else a character. By
 * characters alone, the "quo" of `&laquo;` was taken for the "quo" of the next words.
 */
const units = (html: string): string[] => html.match(/<[^<>]*>|&#?[0-9a-zA-Z]+;|[\s\S]/g) ?? [];

/**
 * A tag is its like by name, whatever its attributes and their writing: an `<img … />` as stored
 * matched nothing of the editor's `<img …>`, and the space after it was matched with the indent
 * before it, the caret taken to the image's near side (review R11). Its common part is `to`'s.
 */
const tagName = (unit: string): string | null =>
  /^<(\/?[a-z][\w-]*)/i.exec(unit)?.[1]?.toLowerCase() ?? null;
const sameUnit = (a: string, b: string): boolean => {
  if (a === b) return true;
  const name = tagName(a);
  return name !== null && name === tagName(b);
};

/**
 * Where `at` of `from` is in `to`, which says the same with other markup here and there (a post
 * as stored against the editor's own HTML of it: line ends between blocks, `<br />`, `&eacute;`),
 * by aligning the two unit by unit around `at` and `near`, its rough place in `to`. Of places
 * between which `to` has units of its own, the last (after a line end, before the next words),
 * unless the caret ends a word (text, or an inline tag's close, just before it) or white space
 * follows it: then the first, or a caret after "was" in `was\n   very` went past the line end
 * (review R10).
 */
function alignedIndex(
  from: string,
  at: number,
  to: string,
  near: number,
  byName: boolean,
  inPre: boolean,
  atEnd = false,
): number | null {
  const found = alignedAt(from, at, to, near, byName, inPre, atEnd);
  if (found === null) return null;
  // After a space, past the rest of the source's run of it (the editor's one space was matched
  // with its first: a letter typed there stood apart from the next words, review R12).
  if (inPre || !/^\s$/.test(from.charAt(at - 1))) return found;
  let end = found;
  while (/[ \t\n\r\f]/.test(to.charAt(end))) end += 1;
  return end;
}

function alignedAt(
  from: string,
  at: number,
  to: string,
  near: number,
  byName: boolean,
  inPre: boolean,
  atEnd: boolean,
): number | null {
  const before = units(from.slice(Math.max(0, at - AROUND), at));
  const after = units(from.slice(at, at + AROUND));
  const toStart = Math.max(0, near - AROUND - SLACK);
  // Whole units of `to` only: a cut one would not match its like in `from`.
  const toUnits = units(to.slice(toStart, near + AROUND + SLACK));
  const parts = diffArrays([...before, ...after], toUnits, {
    maxEditLength: MOST_EDITS,
    comparator: byName ? sameUnit : undefined,
  });
  if (!parts) return null;
  const wanted = before.length;
  const last = before[wanted - 1] ?? '';
  // Not a block's close: the caret past a paragraph's `</p>` (before a WordPress comment the
  // editor writes in the next line) went before the line end, outside both (review R11).
  const endsWord = /^[^<\s]/.test(last) || (last.startsWith('</') && isInlineTag(last));
  let [inFrom, inTo] = [0, toStart];
  // Where the run of `to`'s own units just passed began, if with a space or a line end (not an
  // `&eacute;` for the `é` before the caret).
  let runStart: number | null = null;
  // White space after the caret here too (one space the source writes as a line end and an
  // indent, after an image): the caret stays before all of it.
  // Not in a listing, where white space is text, matched one for one (a caret at the start of an
  // indented first line stayed before the line end the parser drops after `<pre>`, review R12).
  const spaceNext = !inPre && /^\s$/.test(after[0] ?? '');
  // At the end of its line, as well: white space there is no text, and a letter typed past it
  // stood apart from what it was typed after (an image ending a paragraph, or a figure's).
  const between = (): number =>
    (endsWord || spaceNext || atEnd) && runStart !== null ? runStart : inTo;
  for (const [index, part] of parts.entries()) {
    const length = part.value.length;
    const chars = part.value.join('').length;
    if (part.added) {
      if (runStart === null && /^\s/.test(part.value[0] ?? '')) runStart = inTo;
      inTo += chars;
      continue;
    }
    // What replaced it follows it (the diff puts a removal first).
    const next = parts[index + 1];
    const replaced = part.removed && next?.added;
    // Before a removal, as inside one: the place in what replaced it (review R18: a line's start
    // after `<br>`, before `<strong>` written `\n<b>` in the source, stayed before the line end,
    // and a letter typed there was a word of its own).
    if (wanted === inFrom && !replaced) return between();
    if (wanted < inFrom + length) {
      if (!part.removed) return inTo + part.value.slice(0, wanted - inFrom).join('').length;
      const inside = replaced
        ? placeInReplacement(
            part.value,
            wanted - inFrom,
            { units: next.value, start: inTo },
            endsWord,
          )
        : null;
      return inside ?? (wanted === inFrom ? between() : inTo);
    }
    runStart = null;
    inFrom += length;
    if (!part.removed) inTo += chars;
  }
  // At the end of the editor's HTML, before the source's white space after its last units: a
  // post ending in an image and a line end had a letter typed there on a line of its own (review
  // R14; past a `</a>` the editor does not write, `runStart` never began). The editor's HTML
  // ends in a tag there, never in white space of its own.
  if (after.length === 0) {
    let end = inTo;
    while (/\s/.test(to.charAt(end - 1))) end -= 1;
    return end;
  }
  return between();
}

const said = (unit: string): boolean => !/^\s$/.test(unit);

/**
 * Where the place before the `k`-th of `removed` is in what replaced it, `by`, unit for unit, when
 * the two say as many things besides spaces and line ends (`<br><br>` for `<br />\n<br />\n`:
 * the empty line between two breaks went to the end of the line before, review R10); else null.
 */
function placeInReplacement(
  removed: string[],
  k: number,
  by: { units: string[]; start: number },
  endsWord: boolean,
): number | null {
  if (removed.filter(said).length !== by.units.filter(said).length) return null;
  let count = removed.slice(0, k).filter(said).length;
  let [place, i] = [by.start, 0];
  for (; count > 0; i += 1) {
    const unit = by.units[i]!;
    if (said(unit)) count -= 1;
    place += unit.length;
  }
  // As between two runs: after a line end, unless the caret ends a word, or white space follows
  // it here too (that space, written otherwise: after an image, review R11 found a caret taken
  // past the line end, a letter typed there stuck to the next word).
  const past = !endsWord && k < removed.length && said(removed[k]!);
  for (; past && i < by.units.length && !said(by.units[i]!); i += 1) place += by.units[i]!.length;
  return place;
}

/**
 * How many units of markup `html` has between `from` and `to`, read as `pastTags` reads the
 * source's: a comment, an `<iframe>…</iframe>` or a `<video>` with its sources one (review R18:
 * counted tag by tag here, unit by unit there, the caret went several images too far).
 */
function unitsIn(html: string, from: number, to: number): number {
  let count = 0;
  for (let at = html.indexOf('<', from); at >= 0 && at < to; at = html.indexOf('<', at + 1)) {
    const end = unitEnd(html, at);
    if (end <= at) continue;
    count += 1;
    at = end - 1;
  }
  return count;
}

// What the editor drops whole: none of it is in its HTML, so none of it is counted there.
// An inline `<svg>`, a `<meta>`, a `<noscript>` or a `<?php ?>` too (review R19).
const DROPPED = /^<(?:(?:script|style|title|template|svg|meta|link|noscript|math)(?=[\s/>])|\?)/i;

/**
 * Just past the `count`-th tag of `html` from `at`, or the last before any words: the markup the
 * editor writes there is not always the source's, tag for tag (a `</p>` or `<tbody>` the source
 * leaves out), and one tag too many ran through the words after the caret (review R16). A style
 * sheet, a script or a comment is one, read whole: its insides are no words (review R17).
 */
function pastTags(html: string, at: number, count: number): number {
  let end = at;
  for (let left = count; left > 0;) {
    const next = html.indexOf('<', end);
    if (next < 0 || /\S/.test(html.slice(end, next))) break;
    const after = unitEnd(html, next);
    if (after <= next) break;
    // A style sheet or a script is passed without counting (review R18: counted, the caret
    // after an image below one stayed before the image).
    if (!DROPPED.test(html.slice(next, next + 10))) left -= 1;
    end = after;
  }
  return end;
}

/**
 * Just before the `count`-th unit of markup of `html` back from `at`, among those after its last
 * words: where the count's place runs past the caret (a line of only anchors, mdBook's old
 * headings: its start was taken to the next heading's words, and a letter typed there went into
 * them). A style sheet or a script is passed without counting, as in `pastTags`.
 */
function beforeTags(html: string, at: number, count: number): number {
  const starts: number[] = [];
  for (let i = Math.max(0, at - 20_000); i < at;) {
    const end = html[i] === '<' ? unitEnd(html, i) : i;
    if (end > i && end <= at) {
      starts.push(i);
      i = end;
      continue;
    }
    if (/\S/.test(html[i]!)) starts.length = 0;
    i += 1;
  }
  let place = at;
  for (let left = count, k = starts.length - 1; left > 0 && k >= 0; k -= 1) {
    place = starts[k]!;
    if (!DROPPED.test(html.slice(place, place + 10))) left -= 1;
  }
  return place;
}

/** Where in `text` (the HTML source) the visual editor's `from`..`to` is. */
export function sourcePlaceOf(text: string, doc: Node, from: number, to: number): [number, number] {
  const glyph = markFor(text, doc);
  const at = (pos: number): number | null => {
    const marked = markedDocument(doc, pos, glyph);
    if (!marked) return null;
    const html = documentHtml(marked);
    const index = html.indexOf(glyph);
    if (index < 0) return null;
    const own = html.slice(0, index) + html.slice(index + 1);
    if (own === text) return index;
    // Not the editor's own HTML (a post as stored, until its first edit in Visual): the count
    // finds about where, the alignment exactly where (review R9: the start of a line after a
    // line break, and the far side of an image, were taken to the end of the words before).
    // The count's place is before markup holding no text (images): past as many tags of the
    // source as the editor writes between its own count's place and the caret (review R14: the
    // caret past Blogger's separator, 400 characters of it, was out of the window's reach and
    // taken to an image in the block before; R15: a window stretched to reach it took in a run
    // of separators, alike by tag name, and another photo was matched).
    const ownNear = sourceRangeOf(own, doc, pos, pos)[0];
    const counted = sourceRangeOf(text, doc, pos, pos)[0];
    // Back over markup only from a line's start (review R20: after "Some " before a bold run
    // whose words start on the next line, it stepped back before the indent the editor reads
    // as a space).
    const lineStart = doc.resolve(pos).parentOffset === 0;
    const near =
      ownNear <= index || !lineStart
        ? pastTags(text, counted, unitsIn(own, ownNear, index))
        : beforeTags(text, counted, unitsIn(own, index, ownNear));
    // Asked of the document, not of the HTML: a kept comment saying `<pre>` made every caret
    // after it one in a listing (review R13).
    const inListing = doc.resolve(pos).parent.type.spec.code === true;
    const $pos = doc.resolve(pos);
    const atEnd = !inListing && $pos.parentOffset === $pos.parent.content.size;
    // Tags by name first, then as written: by name, the words after a caret past Blogger's
    // separator image were matched with the post's first line (review R12), refused below.
    for (const byName of [true, false]) {
      const found = alignedIndex(own, index, text, near, byName, inListing, atEnd);
      if (found === null) continue;
      const aligned = outsideMarkup(text, found);
      // Only among the places with as much text before them (give or take a space at the end, not
      // yet counted): where the two differ too much, the alignment matched other words. Counted
      // alike on both sides, in the HTML: where the count and the editor differ (the line end
      // after an mdBook listing's file name, a space the editor keeps), they differ on both, and
      // the right place was refused past two listings (review R11).
      const off = textCountBefore(text, aligned) - textCountBefore(own, index);
      if (Math.abs(off) <= 1) return aligned;
    }
    // Past no words (see pastTags): the count's place, and past the markup it stands before
    // (review R17: the count's own place, four characters early past a `&nbsp` written without
    // its `;`, put the caret inside the words before an image).
    return near;
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
  const glyph = markFor(text, doc);
  const at = (offset: number): number | null => {
    if (!glyph) return null;
    const inText = outsideMarkup(text, offset);
    const marked = textblocks(
      editorDocument(`${text.slice(0, inText)}${glyph}${text.slice(inText)}`),
    );
    const index = marked.findIndex(({ node }) => node.textContent.includes(glyph));
    const inBlock = marked[index]?.node;
    if (!inBlock) return null;
    // The mark between blocks made a line of its own: the count knows where that is.
    if (marked.length !== blocks.length) return null;
    let offsetInBlock = 0;
    inBlock.forEach((child, childOffset) => {
      const found = child.isText ? (child.text ?? '').indexOf(glyph) : -1;
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
