import { decodeHTML, decodeHTMLStrict } from 'entities/decode';
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
  /** In the visual editor: the caret stood before a block's first words (see sourceRangeAt). */
  blockStart?: boolean;
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

// A tag's attributes as the parser reads them: a quote opens a value only just after `=` (review
// R18: a stray `"` in `width="100%""`, or the `'` of an unquoted `title=Bob's`, ran the tag on
// to the next such quote, through the words after it).
// An attribute follows white space, a slash or a quoted value, and an unquoted value never starts
// with a quote: read otherwise, `<svg aria-label="a/>` passed for a tag that closes itself (review
// R20). Each attribute needs its name: a run of white space is read one way only.
const ATTRIBUTES = String.raw`(?:(?:[\s/]+|(?<=["']))[^\s/>][^\s/>=]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|(?!["'])[^\s>]*))?)*[\s/]*`;
// A comment as the parser ends it (`<!-->` and `<!--->` are whole, review R18), an element whose
// words the visual editor drops with it (a <style> or <script>, review R7; a <title>, <template>,
// inline <svg> or <iframe>; the words a <video> or <audio> shows without a player, review R10)
// whole, a tag with its attributes, or a bogus comment (`<!DOCTYPE …>`, `<![CDATA[…]]>`, `<?php
// … ?>`, `</ …>`) to its first `>` whatever it quotes (review R18); each unclosed to the end.
const TAG = new RegExp(
  [
    String.raw`<!--(?:-?>|[\s\S]*?(?:--!?>|$))`,
    String.raw`<(script|style|title|template|iframe|video|audio|noscript)(?=[\s/>])${ATTRIBUTES}>?[\s\S]*?(?:<\/\1\s*>|$)`,
    String.raw`<\/?[a-z][^\s/>]*${ATTRIBUTES}>?`,
    String.raw`<[!?][^>]*>?|<\/(?![a-z])[^>]*>?`,
  ].join('|'),
  'iy',
);
// One character of the post's text, written as a reference: a key typed inside it splits it, and
// the post shows its letters in place of the character (review R7). As the parser reads them: a
// number without its `;`, and the old names it still reads without one (`&nbsp`, `&copy`, …),
// counted as their letters, put every place after them as many characters early (review R17).
const LEGACY_NAMES =
  'AElig AMP Aacute Acirc Agrave Aring Atilde Auml COPY Ccedil ETH Eacute Ecirc Egrave Euml GT ' +
  'Iacute Icirc Igrave Iuml LT Ntilde Oacute Ocirc Ograve Oslash Otilde Ouml QUOT REG THORN ' +
  'Uacute Ucirc Ugrave Uuml Yacute aacute acirc acute aelig agrave amp aring atilde auml brvbar ' +
  'ccedil cedil cent copy curren deg divide eacute ecirc egrave eth euml frac12 frac14 frac34 gt ' +
  'iacute icirc iexcl igrave iquest iuml laquo lt macr micro middot nbsp not ntilde oacute ocirc ' +
  'ograve ordf ordm oslash otilde ouml para plusmn pound quot raquo reg sect shy sup1 sup2 sup3 ' +
  'szlig thorn times uacute ucirc ugrave uml uuml yacute yen yuml';
const FOREIGN_TAG = new RegExp(String.raw`<(svg|math)(?=[\s/>])${ATTRIBUTES}>?`, 'iy');
// Inline <svg> and <math> end at their close, or where an HTML tag comes that the parser does not
// take into them (review R21: `<svg width=24 height=24/>`, unclosed, ended at its paragraph's
// `</p>`), but not inside the parts of them that hold HTML (review R22: a diagram's labels in
// `<foreignObject>`, an svg's `<desc>`, math's `<mtext>`), nor in a comment.
const BREAKS_OUT =
  /^(?:<(?:b|big|blockquote|body|br|center|code|dd|div|dl|dt|em|embed|h[1-6]|head|hr|i|img|li|listing|menu|meta|nobr|ol|p|pre|ruby|s|small|span|strong|strike|sub|sup|table|tt|u|ul|var)(?=[\s/>])|<font(?=[\s/>])[^>]*\s(?:color|face|size)\s*=|<\/(?:br|p)(?=[\s/>]))/i;
const HOLDS_HTML = /^<(\/?)(foreignObject|desc|title|mi|mo|mn|ms|mtext|annotation-xml)(?=[\s/>])/i;
const ONE_TAG = new RegExp(String.raw`<\/?[a-z][^\s/>]*${ATTRIBUTES}>?`, 'iy');
const HTML_ENCODING = /\sencoding\s*=\s*["']?(?:text\/html|application\/xhtml\+xml)/i;

/** Just past the inline <svg> or <math> whose start tag ends at `from` (see BREAKS_OUT). */
function foreignEnd(text: string, from: number, name: string): number {
  const close = new RegExp(String.raw`^<\/${name}\s*>`, 'i');
  let holding = 0;
  for (let at = text.indexOf('<', from); at >= 0; at = text.indexOf('<', at + 1)) {
    const head = text.slice(at, at + 200);
    // Its own close ends it, inside a part that holds HTML too (review R23: a `<desc>` left open
    // ran it on to the post's end).
    const closing = close.exec(head);
    if (closing) return at + closing[0].length;
    if (holding === 0 && BREAKS_OUT.test(head)) return at;
    const part = HOLDS_HTML.exec(head);
    // Such a part's tag alone: an svg's <title> is no HTML title, read whole to its close.
    ONE_TAG.lastIndex = at;
    const end = part
      ? at + Math.max(ONE_TAG.exec(text)?.[0].length ?? 0, 1)
      : Math.max(unitEnd(text, at), at + 1);
    const tag = text.slice(at, end);
    // An <annotation-xml> holds HTML only when it says so.
    const holds =
      part !== null &&
      !closesItself(tag) &&
      (part[1] !== '' || part[2]!.toLowerCase() !== 'annotation-xml' || HTML_ENCODING.test(tag));
    if (holds) holding = Math.max(0, holding + (part[1] ? -1 : 1));
    at = end - 1;
  }
  return text.length;
}
const OLD_NAMES = `(?:${LEGACY_NAMES.split(' ')
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const REFERENCE = new RegExp(
  `&(?:#\\d+;?|#[xX][\\da-fA-F]+;?|[a-zA-Z][a-zA-Z\\d]*;|${OLD_NAMES})`,
  'y',
);
const OLD_NAME = new RegExp(`&${OLD_NAMES}`, 'y');
const NAMED = /^&[a-zA-Z][a-zA-Z\d]*;$/;

/**
 * Whether a tag ends in a `/>` of its own: not one an unquoted value ends in, as the parser reads
 * `<svg width=24 height=24/>` (`height="24/"`, review R21: taken as closed, the words the editor
 * drops with the svg were counted).
 */
const closesItself = (tag: string): boolean =>
  tag.endsWith('/>') &&
  !/=\s*(?!["'])[^\s>]*\/>$/.test(tag.replace(/=\s*("[^"]*"|'[^']*')/g, '=""'));

/** Just past the end of the tag, comment or reference starting at `at`; `at` when none starts there. */
export function unitEnd(text: string, at: number): number {
  if (text[at] === '<') {
    // An `<svg … />` closes itself (review R19: read on to a `</svg>` that never came). Its tag
    // read first, as any tag: a pattern that must end in `/>` backtracked without end on a long
    // tag that does not.
    FOREIGN_TAG.lastIndex = at;
    const foreign = FOREIGN_TAG.exec(text);
    if (foreign && closesItself(foreign[0])) return at + foreign[0].length;
    if (foreign) return foreignEnd(text, at + foreign[0].length, foreign[1]!);
    TAG.lastIndex = at;
    return at + (TAG.exec(text)?.[0].length ?? 0);
  }
  if (text[at] !== '&') return at;
  REFERENCE.lastIndex = at;
  const reference = REFERENCE.exec(text)?.[0] ?? '';
  if (!NAMED.test(reference) || decodeHTMLStrict(reference) !== reference)
    return at + reference.length;
  // A name the parser does not know: only as much of it as an old name, if one starts it, is a
  // reference (review R18: `&notit;` is "¬it;", `&ampA;` "&A;"; taken whole, a letter typed
  // past one went as many characters on).
  OLD_NAME.lastIndex = at;
  return at + (OLD_NAME.exec(text)?.[0].length ?? 0);
}

/**
 * A caret never inside a tag: words typed there went into the tag, never shown in the post (review
 * R6). Inside a closing tag it goes before it, at the end of the element's words; inside any other,
 * just after it, at the start of the element's words (after a style sheet or a script: all of it is
 * out of the post). Inside a reference, just after it.
 */
export function outsideMarkup(text: string, at: number): number {
  const starts = /[<&]/g;
  for (let found = starts.exec(text); found && found.index < at; found = starts.exec(text)) {
    const end = unitEnd(text, found.index);
    if (end > at) return text.startsWith('</', found.index) ? found.index : end;
    // On past it: a `<` inside a script read again as a tag each time took the square of its
    // length (review R21: seconds a switch for a long script).
    starts.lastIndex = Math.max(end, found.index + 1);
  }
  return at;
}

// Elements among a line's words; any other tag is a block's edge, where ProseMirror keeps no white
// space. After a line break, white space starts no word either. An image, or
// a comment among words (not one between blocks, as WordPress writes them), holds no text, but
// keeps the white space on both sides of it.
// ProseMirror takes an element it has no rule for, outside its list of blocks, for inline: so
// ruby, and a custom (`mjx-container`, MathJax 3) or prefixed (`o:p`, Word) one (review R24:
// taken for a block's edge, the spaces beside each were dropped from the count).
const INLINE =
  /^<\/?(?:(?:a|abbr|acronym|b|big|bdi|bdo|cite|code|data|del|dfn|em|font|i|ins|kbd|label|mark|nobr|q|rb|rp|rt|rtc|ruby|s|samp|small|span|strike|strong|sub|sup|textarea|time|tt|u|var|wbr)\b|[a-z][\w.]*[-:][^\s/>]*)/i;
const IMAGE = /^<img\b/i;
const DROPPED_WHOLE =
  /^<(?:\?|(?:script|style|svg|noscript|template|title|meta|link|math)(?=[\s/>]))/i;
/** A tag of an element among a line's words (a link, bold), not a block's edge. */
export const isInlineTag = (tag: string): boolean => INLINE.test(tag);
const BREAK = /^<\/?br\b/i;
const PRE = /^<(\/?)pre\b/i;
const AREA = /^<(\/?)textarea(?=[\s/>])/i;
const AREA_END = /^<\/textarea(?=[\s/>])/i;
const FIGURE = /^<(\/?)figure(?=[\s/>])/i;
const SPACE = /[ \t\n\r\f]/;
const BLANK = /^[ \t\n\r\f]+$/;

/**
 * Where, in an HTML source, `chars` characters of its text are behind, counted as the visual editor
 * counts them (ProseMirror's parse): no white space at a block's edges, a run of it among words as
 * one, a reference as one, nothing of a style sheet or script; all of it in a <pre>. Review R7: the
 * position of the next character after them put the caret at the start of the next paragraph, and
 * the line breaks between blocks, counted, drifted it back a character a block (9 paragraphs early
 * in a post of 200). So: just after the last of them, or, for a caret that stood before a block's
 * first words (`blockStart`), just before the next; just past the last words when it has fewer.
 */
/**
 * A carriage return or line feed at `at`, written or a reference; `\r\n` one, however spelled,
 * but for a written `\r` before a referenced `\n`: the parser's input stream folds a written pair
 * only, and a written `\r` alone is a line end of its own before it.
 */
function lineEndAt(text: string, at: number): number {
  const one = (i: number): [string, number] | null => {
    const c = text.charAt(i);
    if (c === '\n' || c === '\r') return [c, 1];
    if (c !== '&') return null;
    const end = unitEnd(text, i);
    const stands = end > i + 1 ? decodeHTML(text.slice(i, end)) : '';
    return stands === '\n' || stands === '\r' ? [stands, end - i] : null;
  };
  const first = one(at);
  if (!first) return 0;
  const second = first[0] === '\r' ? one(at + first[1]) : null;
  const written = first[1] === 1;
  const pairs = second?.[0] === '\n' && (!written || second[1] === 1);
  return first[1] + (pairs ? second![1] : 0);
}

/** A carriage return written as a reference at `at`. */
const referencedReturn = (text: string, at: number): boolean =>
  text.charAt(at) === '&' && decodeHTML(text.slice(at, unitEnd(text, at))) === '\r';

function afterText(text: string, chars: number, blockStart: boolean): number {
  return walkText(text, chars, blockStart)[0];
}

/** How many characters of text an HTML source has before `offset`, as afterText counts them. */
export function textCountBefore(text: string, offset: number): number {
  return walkText(text.slice(0, offset), Infinity, false)[1];
}

/** afterText, and how many characters of text it counted on the way there. */
function walkText(text: string, chars: number, blockStart: boolean): [number, number] {
  let count = 0;
  let after = -1;
  // Words seen since the last edge of a block (or line break); where white space after them began.
  let words = false;
  let space = -1;
  let pre = false;
  // Inside a <textarea>, markup is its words, as the editor shows them (review R18: read as tags,
  // every place after it was as many characters early).
  let area = false;
  let figures = 0;
  for (let at = 0; at < text.length;) {
    // Only its own close ends it: a `<textarea>` written inside is its words (review R19).
    const literal: boolean = area && text[at] === '<' && !AREA_END.test(text.slice(at, at + 11));
    const end: number = literal ? at + 1 : Math.max(unitEnd(text, at), at + 1);
    const tag: string | null =
      !literal && text[at] === '<' && end > at + 1 ? text.slice(at, end) : null;
    const reference: string | null =
      tag === null && text[at] === '&' && end > at + 1 ? decodeHTML(text.slice(at, end)) : null;
    const inArea: RegExpExecArray | null = tag === null ? null : AREA.exec(tag);
    if (inArea) area = !inArea[1];
    // What the editor drops whole among words is as if not there: the spaces on both sides are
    // one (review R19: `a <?php … ?> b`, `a <svg/> b`, counted as two).
    if (tag && DROPPED_WHOLE.test(tag)) {
      at = end;
      continue;
    }
    if (tag && !IMAGE.test(tag) && !(words && tag.startsWith('<!--'))) {
      const inPre = PRE.exec(tag);
      if (inPre) pre = !inPre[1];
      const inFigure = FIGURE.exec(tag);
      if (inFigure) figures = Math.max(0, figures + (inFigure[1] ? -1 : 1));
      // In a figure, the space between its words and a listing is the editor's too (mdBook's
      // file name, then the listing: a character early a listing, the place past a few of them
      // went into the words of a heading below).
      if (inPre && pre && figures > 0 && words && space >= 0 && count < chars)
        [count, after, space] = [count + 1, at, -1];
      // The parser drops a line end just after `<pre>`: counted, the count ran a character ahead
      // a listing, and past two every aligned place was refused (review R14).
      if (inPre && pre) {
        [words, space] = [false, -1];
        // However written: `<pre>&#13;\n` is `<pre>` and a line end to the editor (review R25).
        const dropped = lineEndAt(text, end);
        at = end + dropped;
        // A referenced `\r` after a line feed the parser dropped begins the listing: the
        // sanitiser writes it raw, and the editor's parse of that reads it as the line end just
        // after `<pre>`, and drops it too (review R26: `<pre>\n&#13;\n`, a character early).
        if (dropped > 0 && !referencedReturn(text, end) && referencedReturn(text, at))
          at += lineEndAt(text, at);
        continue;
      }
      // In a listing a line break is a line end of its words (review R21: Medium's export).
      if (BREAK.test(tag) && pre) {
        if (count === chars) return [blockStart || after < 0 ? at : after, count];
        [count, after, words] = [count + 1, end, true];
      } else if (BREAK.test(tag)) words = false;
      else if (!INLINE.test(tag)) [words, space] = [false, -1];
    } else if (
      pre &&
      (reference !== null || text.charAt(at) === '\r') &&
      lineEndAt(text, at) > end - at
    ) {
      // In a listing the parser reads `\r\n` as one line end, however written: `&#13;` and the
      // line end after it are one character (reviews R24, R25: each line of such a listing
      // counted a character early), and so is a written pair (a post stored with Windows line
      // ends, as a form's textarea sends them: each line a character early).
    } else if (
      !tag &&
      !pre &&
      (reference === null ? SPACE.test(text.charAt(at)) : BLANK.test(reference))
    ) {
      // A reference that stands for white space is white space to the parser (review R24:
      // WordPress through PHP's DOMDocument writes `&#13;` at every line end, each counted a
      // character of words).
      if (words && space < 0) space = at;
    } else {
      // The white space before it is one character of text, if there are any left to count.
      if (space >= 0 && count < chars) [count, after, space] = [count + 1, at, -1];
      if (count === chars) return [blockStart || after < 0 ? at : after, count];
      words = true;
      // A reference is as many characters as it stands for: an emoji two, as the editor counts
      // them (review R21: WordPress writes `&#x1f389;`, each a character late).
      const units = reference?.length ?? 1;
      // A place inside what one reference stands for (`&fjlig;`, "fj") is just past it: counted
      // past, the walk never met the place and ran to the post's end (review R22).
      if (!tag && count + units > chars) return [end, chars];
      if (!tag) [count, after] = [count + units, end];
    }
    at = end;
  }
  return [Math.max(after, 0), count];
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
  place: Pick<WriterPlace, 'from' | 'to'> &
    Partial<Pick<WriterPlace, 'mode' | 'textBefore' | 'blockStart'>>,
): [number, number] {
  if (place.mode === 'visual') {
    const at = afterText(text, place.textBefore ?? 0, place.blockStart ?? false);
    return [at, at];
  }
  // Past the end of a shorter text: the end of its last words, as for a visual place. Clamped, it
  // was after the last closing tag, and the words typed next stood outside the post's every
  // element (review R7).
  const at = (offset: number) =>
    offset > text.length ? afterText(text, Infinity, false) : outsideMarkup(text, offset);
  return [at(place.from), at(place.to)];
}

/**
 * Where a caret of the visual editor stands, in what it shares with an HTML source: its text
 * (sourceRangeAt).
 */
export function textPlace(doc: Node, from: number): Pick<WriterPlace, 'textBefore' | 'blockStart'> {
  const $from = doc.resolve(from);
  return { textBefore: doc.textBetween(0, from).length, blockStart: $from.parentOffset === 0 };
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

/**
 * The same place, from the visual editor to the HTML source made of its text: as many characters
 * of text before each end of the selection. What a switch to source falls back on where its exact
 * place cannot be found (mode-switch-place.ts).
 */
export function sourceRangeOf(text: string, doc: Node, from: number, to: number): [number, number] {
  const at = (pos: number) => {
    const { textBefore = 0, blockStart = false } = textPlace(doc, pos);
    return afterText(text, textBefore, blockStart);
  };
  const start = at(from);
  return [start, from === to ? start : at(to)];
}

/**
 * Whether a tag that ends a block or a line stands in `text` between `from` and `to`: a caret past
 * one is at the start of the next words, not at the end of those before it.
 */
function edgeBetween(text: string, from: number, to: number): boolean {
  const starts = /</g;
  starts.lastIndex = from;
  for (let found = starts.exec(text); found && found.index < to; found = starts.exec(text)) {
    const end = unitEnd(text, found.index);
    const tag = text.slice(found.index, end);
    if (end <= to && end > found.index + 1 && !tag.startsWith('<!--') && !IMAGE.test(tag))
      if (BREAK.test(tag) || !INLINE.test(tag)) return true;
    starts.lastIndex = Math.max(end, found.index + 1);
  }
  return false;
}

/** Characters of text before `offset` of an HTML source, counted as afterText counts them. */
function textBefore(text: string, offset: number): Pick<WriterPlace, 'textBefore' | 'blockStart'> {
  const total = walkText(text, Infinity, false)[1];
  // afterText grows with its count: the most characters that end at or before `offset`.
  let [low, high] = [0, total];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (afterText(text, mid, false) <= offset) low = mid;
    else high = mid - 1;
  }
  const blockStart = low === 0 || edgeBetween(text, afterText(text, low, false), offset);
  return { textBefore: low, blockStart };
}

/**
 * Where, in the visual editor's document, `chars` characters of text are behind: just after the
 * last of them, or, before a block's first words (`blockStart`), just before the next one.
 */
function docPosAfter(doc: Node, chars: number, blockStart: boolean): number {
  const length = (pos: number) => doc.textBetween(0, pos).length;
  const size = doc.content.size;
  const wanted = chars + (blockStart ? 1 : 0);
  if (wanted === 0) return firstWords(doc).from;
  if (length(size) < wanted) return size;
  let [low, high] = [0, size];
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (length(mid) >= wanted) high = mid;
    else low = mid + 1;
  }
  // The character that makes `wanted` ends at `low`: the next words start just before it.
  return blockStart ? low - 1 : low;
}

/**
 * The same place, from the HTML source to the visual editor's document made of it (the reverse of
 * sourceRangeOf), for a switch back where its exact place cannot be found (mode-switch-place.ts).
 */
export function visualRangeOf(text: string, doc: Node, from: number, to: number): Selection {
  const at = (offset: number) => {
    const place = textBefore(text, offset);
    return doc.resolve(docPosAfter(doc, place.textBefore ?? 0, place.blockStart ?? false));
  };
  const start = at(from);
  return TextSelection.between(start, from === to ? start : at(to));
}
