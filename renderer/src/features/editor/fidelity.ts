import { classicBlankLines } from './bare-words';
import { documentHtml } from './extensions';
import { editorDocument } from './editor-content';
import { PHRASES } from './line-places';
import { unevenTables } from './tables';
import { CONTAINER_TAGS } from './containers';
import { countText, type TextCount } from './word-count';

/** What the visual editor keeps of some HTML, after making it safe. */
export function visualRoundTrip(html: string): string {
  return documentHtml(editorDocument(html));
}

// Attributes the editor adds for itself, which no published post carries.
const IGNORED_ATTRIBUTES = new Set(['data-pm-slice']);

// Equivalent spellings the editor may normalise to; not a loss.
const EQUIVALENT: Record<string, string> = {
  '<b>': '<strong>',
  '<i>': '<em>',
  '<strike>': '<s>',
  '<del>': '<s>',
};

// Elements whose place a reader sees: an image taken out of its paragraph or link reads
// differently though every tag is kept. Inline formatting may nest in any order without
// changing what a reader sees, so its place is not tracked.
const PLACED = new Set([
  'img',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'pre',
  'figure',
  'table',
  'iframe',
  'video',
  'audio',
  ...CONTAINER_TAGS,
]);

// Containers the editor fills with blocks: words or phrase markup standing loose beside a block
// in one (`<dd>one<p>two</p></dd>`) are wrapped in a paragraph of their own. Bare words alone are
// kept bare (see tables, disclosures, definition lists); beside blocks, that is named.
const BLOCK_HOLDERS = new Set([
  'details',
  'dd',
  'blockquote',
  'td',
  'th',
  'figure',
  'li',
  ...CONTAINER_TAGS,
]);
const BLOCKS = new Set([
  ...PLACED,
  'blockquote',
  'details',
  'dl',
  'hr',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'nav',
]);
// A list item's words beside a nested list are TipTap's own normalisation (read as the same by
// sameHtml); beside any other block they are wrapped.
const BLOCKS_IN_ITEMS = new Set([...BLOCKS].filter((tag) => tag !== 'ul' && tag !== 'ol'));
const looseBesideBlocks = (element: Element): boolean => {
  const blocks = element.tagName === 'LI' ? BLOCKS_IN_ITEMS : BLOCKS;
  let loose = false;
  let block = false;
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE && child.textContent?.trim()) loose = true;
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const tag = (child as Element).tagName.toLowerCase();
    if (tag === 'summary' || tag === 'figcaption') continue;
    if (blocks.has(tag)) block = true;
    else loose = true;
  }
  return loose && block;
};

// Structures the editor may split or wrap to fit its schema (two captions, a stray caption, words
// loose in a <dl>): more of them after than before is a change as much as fewer is.
const RESHAPED = ['<figure>', '<table>', '<details>', '<dl>', '<dt>', '<dd>'];

const imagesOnly = (element: Element): boolean =>
  [...element.childNodes].every(
    (node) =>
      (node.nodeType === Node.ELEMENT_NODE && (node as Element).tagName === 'IMG') ||
      (node.nodeType === Node.TEXT_NODE && !node.textContent?.trim()),
  );

// colspan="1" is what a cell spans anyway (spreadsheets write it on every cell): not a loss.
const isDefaultSpan = (attribute: Attr): boolean =>
  (attribute.name === 'colspan' || attribute.name === 'rowspan') && attribute.value.trim() === '1';

// Formatting that wraps the same words reads the same nested either way: a footnote's
// <sup><a>1</a></sup> and <a><sup>1</sup></a>. The editor nests marks in its own order.
const FORMATTING = new Set(
  'a abbr b cite code del em i kbd mark q s small span strike strong sub sup time u'.split(' '),
);
const SPELLED: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's' };

function* ancestors(element: Element): Generator<string> {
  for (let up = element.parentElement; up && up.tagName !== 'BODY'; up = up.parentElement)
    yield up.tagName.toLowerCase();
}

function inventory(html: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string): void => void counts.set(key, (counts.get(key) ?? 0) + 1);
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  // Comments carry structure for some editors (WordPress blocks): dropping them is a loss too.
  const comments = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT);
  while (comments.nextNode()) add('<!-- comments -->');
  // WordPress's classic editor stores paragraphs parted by blank lines alone, at the top of the
  // post (no <p>: it adds them when it shows the post). The editor holds them (bare-words.ts);
  // a save that ran two into one is a loss to name. Inside an element, a blank line is space.
  for (const _ of classicBlankLines(doc.body)) add('blank lines parting paragraphs');
  for (const element of doc.body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    add(`<${tag}>`);
    for (const attribute of element.attributes)
      if (!IGNORED_ATTRIBUTES.has(attribute.name) && !isDefaultSpan(attribute))
        add(`${attribute.name}="…" on <${tag}>`);
    let parent = element.parentElement;
    // Images alone in a paragraph stand as if on their own (as sameHtml has it).
    if (tag === 'img' && parent?.tagName === 'P' && imagesOnly(parent))
      parent = parent.parentElement;
    if (PLACED.has(tag) && parent && parent !== doc.body) {
      const holder = `<${parent.tagName.toLowerCase()}>`;
      add(`<${tag}> inside ${EQUIVALENT[holder] ?? holder}`);
    }
    if (BLOCK_HOLDERS.has(tag) && looseBesideBlocks(element))
      add(`words beside blocks in <${tag}>`);
    // An empty disclosure gains a line in the editor (it holds at least one).
    if (tag === 'details' && [...element.children].every((child) => child.tagName === 'SUMMARY'))
      add('empty <details>');
    // Formatting inside the same formatting (a span in a span) is split apart by the editor,
    // which holds one of a kind at a place: the inner words lose the outer one's look.
    const spelled = SPELLED[tag] ?? tag;
    // Formatting with a look of its own nests in the editor's one order, not the post's: a
    // caption's <span class> around <code> comes back inside it, sized and styled otherwise.
    const holder = element.parentElement;
    const held = holder ? holder.tagName.toLowerCase() : '';
    if (
      holder &&
      FORMATTING.has(tag) &&
      FORMATTING.has(held) &&
      spelled !== (SPELLED[held] ?? held) &&
      !(lookless(element) && lookless(holder))
    )
      add(`<${spelled}> inside <${SPELLED[held] ?? held}>`);
    if (
      FORMATTING.has(tag) &&
      [...ancestors(element)].some((up) => (SPELLED[up] ?? up) === spelled)
    )
      add(`<${spelled}> inside <${spelled}>`);
  }
  return counts;
}

/**
 * Everything in `html` that the visual editor would not keep (or that sanitising removes),
 * e.g. ["<table> ×2", "style=\"…\" on <p> ×3"]. Empty when switching is lossless.
 */
export function markupLoss(html: string): string[] {
  const before = inventory(html);
  const doc = editorDocument(html);
  const after = inventory(documentHtml(doc));
  const lost = new Map<string, number>();
  for (const [key, count] of before) {
    const kept = (after.get(key) ?? 0) + (EQUIVALENT[key] ? (after.get(EQUIVALENT[key]) ?? 0) : 0);
    if (kept < count) lost.set(key, count - kept);
  }
  // An attribute or a place of an element that is lost anyway is not news.
  const wholeTags = [...lost.keys()].filter((key) => /^<[^>]+>$/.test(key));
  const goneWith = (key: string): boolean =>
    wholeTags.some(
      (tag) =>
        (key.endsWith(` on ${tag}`) && lost.get(tag) === before.get(tag)) ||
        (key.startsWith(`${tag} inside `) && lost.get(tag) === before.get(tag)) ||
        key.endsWith(` inside ${tag}`),
    );
  for (const tag of RESHAPED) {
    const more = (after.get(tag) ?? 0) - (before.get(tag) ?? 0);
    if (more > 0) lost.set(`reshaped ${tag}`, more);
  }
  // Kept now, but evened out (cells added, spans cut) by the first edit in them.
  const uneven = unevenTables(doc);
  if (uneven > 0) lost.set('uneven rows in <table>', uneven);
  return [...lost]
    .filter(([key]) => /^<[^>]+>$/.test(key) || key.startsWith('<!--') || !goneWith(key))
    .map(([key, n]) => (n > 1 ? `${key} ×${n}` : key));
}

const lookless = (element: Element): boolean =>
  !element.hasAttribute('class') &&
  !element.hasAttribute('style') &&
  !/^(MARK|SMALL|SPAN)$/.test(element.tagName);

function nestInOneOrder(body: HTMLElement): void {
  const name = (element: Element): string => {
    const tag = element.tagName.toLowerCase();
    return SPELLED[tag] ?? tag;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (const outer of body.querySelectorAll('*')) {
      const inner = outer.firstElementChild;
      if (!inner || outer.childNodes.length !== 1 || !FORMATTING.has(outer.tagName.toLowerCase()))
        continue;
      if (!FORMATTING.has(inner.tagName.toLowerCase()) || name(outer) <= name(inner)) continue;
      // Only where nesting cannot change the look: a class or a style, or a highlight or a size,
      // around a link reads differently inside it (the link's own colour wins there).
      if (![outer, inner].every(lookless)) continue;
      const newOuter = inner.cloneNode(false) as Element;
      const newInner = outer.cloneNode(false) as Element;
      newInner.append(...inner.childNodes);
      newOuter.append(newInner);
      outer.replaceWith(newOuter);
      changed = true;
    }
  }
}

/**
 * Same content, ignoring whitespace between tags and folding it in text, and spellings the
 * editor normalises to without changing meaning: <b>/<strong>, <i>/<em>, <strike>/<del>/<s>, a
 * paragraph alone in a list item, images alone in a paragraph, attributes in another order,
 * formatting of the same words nested the other way round. Whitespace in a code block counts:
 * there, indentation is the content.
 */
export function sameHtml(a: string, b: string): boolean {
  const canonical = (html: string): string => {
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
    for (const pre of doc.body.querySelectorAll('pre')) {
      const texts = doc.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
      while (texts.nextNode()) {
        const text = texts.currentNode;
        text.textContent = (text.textContent ?? '').replace(/\s/g, (space) =>
          space === ' ' ? PRE_SPACE : PRE_OTHER_SPACE + space.charCodeAt(0) + ';',
        );
      }
    }
    nestInOneOrder(doc.body);
    foldSpaceBesideBlocks(doc.body);
    // Attributes in any order say the same: the editor writes a kept class after an anchor.
    for (const element of doc.body.querySelectorAll('*')) {
      const attributes = [...element.attributes].map((a) => [a.name, a.value] as const).sort();
      for (const [name] of attributes) element.removeAttribute(name);
      for (const [name, value] of attributes) element.setAttribute(name, value);
    }
    return (
      doc.body.innerHTML
        .replace(/<(\/?)b>/g, '<$1strong>')
        .replace(/<(\/?)i>/g, '<$1em>')
        .replace(/<(\/?)(strike|del)>/g, '<$1s>')
        .replace(/>\s+</g, '><')
        .replace(/\s+/g, ' ')
        // [^] rather than ., so a paragraph whose text runs over lines is matched too.
        // An image standing alone, and the same image alone in a paragraph, read the same.
        .replace(/<p>((?:<img[^>]*>)+)<\/p>/g, '$1')
        .trim()
    );
  };
  return canonical(a) === canonical(b);
}

const INLINE_TAGS = new Set([...PHRASES, 'INS', 'VAR', 'BR', 'IMG']);
const isBlock = (node: ChildNode | null): boolean =>
  node === null || (node.nodeType === Node.ELEMENT_NODE && !INLINE_TAGS.has(node.nodeName));

/**
 * Spaces at the start or end of a line, next to a block or the edge of its holder, show as
 * nothing (`<div>\nWords<br>\n<div>`), so they count as nothing: outside code blocks.
 */
function foldSpaceBesideBlocks(body: HTMLElement): void {
  const texts = body.ownerDocument.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  const all: Text[] = [];
  while (texts.nextNode()) all.push(texts.currentNode as Text);
  for (const text of all) {
    if (text.parentElement?.closest('pre')) continue;
    if (isBlock(text.previousSibling) && !INLINE_TAGS.has(text.parentElement?.nodeName ?? ''))
      text.data = text.data.replace(/^\s+/, '');
    if (isBlock(text.nextSibling) && !INLINE_TAGS.has(text.parentElement?.nodeName ?? ''))
      text.data = text.data.replace(/\s+$/, '');
  }
}

// Stand-ins for a code block's whitespace while the rest is folded; no post holds them.
const PRE_SPACE = '\u2423';
const PRE_OTHER_SPACE = '\u2424';

/** The visible words, whitespace folded: what a reader would see. */
export function textOf(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const block of doc.body.querySelectorAll(
    'p,h1,h2,h3,h4,h5,h6,li,blockquote,pre,td,th,dt,dd,figcaption,summary,caption,br',
  ))
    block.append(' ');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export const countHtml = (html: string): TextCount => countText(textOf(html));
