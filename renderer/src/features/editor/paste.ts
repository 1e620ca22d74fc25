import { ANCHOR_ID } from './anchor-ids';
import { BARE_LINE, CLASSIC_LINE, NEWLINE_BREAK } from './bare-words';
import { ITEM_AFTER, ITEM_BEFORE } from './comments';
import { CONTAINER_TAGS } from './containers';
import { markupLoss } from './fidelity';
import { KEPT_CLASS, KEPT_STYLE } from './kept-attributes';
import { sanitizeHtml } from './sanitize';

export interface CleanPaste {
  html: string;
  /** What the writer should hear about: markup the editor drops. */
  notes: string[];
}

// Wrappers and office clutter that carry no words of their own: dropping them is not news.
const SILENT = /^<(span|div|meta|font|style|title|colgroup|col|o:p|link|xml|section|article)>/;

/** `font-weight: 700; font-style: italic` as a map, names lowercased. */
function declarations(style: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of style.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    found.set(
      part.slice(0, colon).trim().toLowerCase(),
      part
        .slice(colon + 1)
        .trim()
        .toLowerCase(),
    );
  }
  return found;
}

const isBold = (weight: string | undefined): boolean =>
  weight !== undefined && (/^(bold|bolder)$/.test(weight) || Number(weight) >= 600);
const isNormalWeight = (weight: string | undefined): boolean =>
  weight !== undefined && (weight === 'normal' || (Number(weight) > 0 && Number(weight) < 600));

function unwrap(element: Element): void {
  element.replaceWith(...element.childNodes);
}

function wrapChildren(element: Element, tags: string[]): void {
  let inner: Element | undefined;
  let outer: Element | undefined;
  for (const tag of tags) {
    const wrapper = element.ownerDocument.createElement(tag);
    if (inner) inner.append(wrapper);
    else outer = wrapper;
    inner = wrapper;
  }
  if (!inner || !outer) return;
  inner.append(...element.childNodes);
  element.append(outer);
}

/**
 * Office editors (Google Docs, Word) say bold and italic in inline `style`, which the strict CSP
 * keeps the page from applying and the editor does not read: Docs wraps a whole paste in
 * `<b style="font-weight:normal">`, so read literally everything came out bold and nothing
 * italic. Here the style text itself is read (never applied) and turned into the marks it means.
 */
function marksFromStyles(body: HTMLElement): void {
  for (const element of [...body.querySelectorAll('b, strong')]) {
    const weight = declarations(element.getAttribute('style') ?? '').get('font-weight');
    if (element.id.startsWith('docs-internal-guid') || isNormalWeight(weight)) unwrap(element);
  }
  for (const span of [...body.querySelectorAll('span[style]')]) {
    const style = declarations(span.getAttribute('style') ?? '');
    const decoration = `${style.get('text-decoration') ?? ''} ${style.get('text-decoration-line') ?? ''}`;
    const inHeading = span.closest('h1, h2, h3, h4, h5, h6') !== null;
    const inLink = span.closest('a') !== null;
    const tags: string[] = [];
    if (isBold(style.get('font-weight')) && !inHeading) tags.push('strong');
    if (/^(italic|oblique)/.test(style.get('font-style') ?? '')) tags.push('em');
    // A link's underline is how links look, not something the writer added.
    if (decoration.includes('underline') && !inLink) tags.push('u');
    if (decoration.includes('line-through')) tags.push('s');
    const align = style.get('vertical-align');
    if (align === 'super' || align === 'sub') tags.push(align === 'super' ? 'sup' : 'sub');
    wrapChildren(span, tags);
  }
}

/**
 * What a paste becomes before the editor reads it, and what the writer is told. The HTML is
 * parsed in an inert document (no script runs, nothing loads) and the editor sanitises it again.
 */
// Word puts a list on the clipboard as paragraphs, each with `mso-list: l0 level2 lfo1` in its
// style and its bullet or number as text in a span styled `mso-list: Ignore`: pasted as it is,
// the list was paragraphs starting "·" and non-breaking spaces. Made a list again here.
const WORD_ITEM = /mso-list:\s*l(\d+)\s+level(\d+)/i;
const WORD_MARKER = /mso-list:\s*ignore/i;

/**
 * The bullet or number Word writes as text before an item's words, taken out: between its
 * `<![if !supportLists]>` and `<![endif]>`, or in a span styled `mso-list: Ignore`.
 */
function takeMarker(paragraph: HTMLElement): string {
  let said = '';
  let inMarker = false;
  for (const node of [...paragraph.childNodes]) {
    const comment = node.nodeType === 8 ? (node.textContent ?? '').trim() : null;
    if (comment?.startsWith('[if !supportLists')) inMarker = true;
    else if (comment === '[endif]') inMarker = false;
    else if (inMarker) said += node.textContent ?? '';
    if (inMarker || comment !== null) node.remove();
  }
  for (const span of paragraph.querySelectorAll('span[style]'))
    if (WORD_MARKER.test(span.getAttribute('style') ?? '')) {
      said += span.textContent ?? '';
      span.remove();
    }
  return said;
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
const romanValue = (numeral: string): number =>
  [...numeral.toLowerCase()].reduce((sum, digit, i, all) => {
    const value = ROMAN[digit]!;
    return sum + (value < (ROMAN[all[i + 1] ?? ''] ?? 0) ? -value : value);
  }, 0);

/**
 * The number Word printed before an item, as a list's `type` and number: "5." is 5, "c)" is c
 * (3), "iv." is iv (4; a lone "i." is taken for i, not the ninth letter). Undefined when the
 * marker says no number (a bullet).
 */
export function wordNumber(marker: string): { type?: string; number: number } | undefined {
  const said = /^\(?([0-9]{1,4}|[a-zA-Z]{1,6})[.)]/.exec(marker)?.[1];
  if (!said) return undefined;
  if (/^\d+$/.test(said)) return { number: Number(said) };
  const lower = said.toLowerCase();
  if (/^[ivxlcdm]+$/.test(lower) && (said.length > 1 || lower === 'i'))
    return { type: said === lower ? 'i' : 'I', number: romanValue(said) };
  if (said.length !== 1) return undefined;
  return { type: said === lower ? 'a' : 'A', number: lower.charCodeAt(0) - 96 };
}

function listsFromWord(body: HTMLElement): void {
  const doc = body.ownerDocument;
  const fromWord = body.querySelector('o\\:p, [class^="Mso"]') !== null;
  if (!fromWord) return;
  // Word's `<o:p></o:p>` keeps its paragraphs open, and a paragraph of one non-breaking space is
  // its blank line: nothing of the text's.
  for (const empty of body.querySelectorAll('o\\:p')) empty.replaceWith(...empty.childNodes);
  // Word wraps it, as every run of words, in a <span> when it has a language or a font of its own.
  for (const blank of body.querySelectorAll('p'))
    if (
      [...blank.querySelectorAll('*')].every((inside) => inside.tagName === 'SPAN') &&
      !(blank.textContent ?? '').replace(/[\s\u00a0]/g, '')
    )
      blank.remove();
  let run: { level: number; list: HTMLElement }[] = [];
  let runOf: string | undefined;
  // Items numbered so far in each Word list: one interrupted by a note goes on at its number.
  const numberedSoFar = new Map<string, number>();
  for (const paragraph of [...body.querySelectorAll<HTMLElement>('p')]) {
    const found = WORD_ITEM.exec(paragraph.getAttribute('style') ?? '');
    const inRun = run[0] !== undefined && paragraph.previousElementSibling === run[0].list;
    if (!found) {
      // An item's second paragraph: Word's list paragraph with no `mso-list` of its own.
      const deepest = run[run.length - 1]?.list.lastElementChild;
      if (inRun && deepest && /^MsoListParagraph/.test(paragraph.className)) {
        const line = doc.createElement('p');
        line.append(...paragraph.childNodes);
        deepest.append(line);
        paragraph.remove();
      }
      continue;
    }
    const [, listId = '', levelText] = found;
    const level = Number(levelText);
    const marker = takeMarker(paragraph).trim();
    const printed = wordNumber(marker);
    const numbered = printed !== undefined || /^\(?\w{1,4}[.)]/.test(marker);
    // Items one after another of one Word list (`l0`) are one list.
    if (!inRun || runOf !== listId) run = [];
    runOf = listId;
    while (run.length > 1 && run[run.length - 1]!.level > level) run.pop();
    let holder = run[run.length - 1];
    if (!holder || holder.level < level) {
      const list = doc.createElement(numbered ? 'ol' : 'ul');
      if (printed?.type) list.setAttribute('type', printed.type);
      // The number Word printed, which a copy from a list's middle or a list Word numbered
      // afresh says; else the items of this Word list so far (one interrupted by a note).
      const before = numberedSoFar.get(`${listId} ${level}`) ?? 0;
      const start = printed ? printed.number : before + 1;
      if (numbered && start !== 1 && (printed || run.length === 0))
        list.setAttribute('start', String(start));
      const parentItem = holder?.list.lastElementChild;
      if (parentItem) parentItem.append(list);
      else paragraph.before(list);
      holder = { level, list };
      run.push(holder);
    }
    const item = doc.createElement('li');
    item.append(...paragraph.childNodes);
    const first = item.firstChild;
    if (first?.nodeType === 3)
      first.textContent = (first.textContent ?? '').replace(/^[\s\u00a0]+/, '');
    holder.list.append(item);
    if (numbered)
      numberedSoFar.set(`${listId} ${level}`, (numberedSoFar.get(`${listId} ${level}`) ?? 0) + 1);
    paragraph.remove();
  }
}

export function cleanPastedHtml(pasted: string): CleanPaste {
  const doc = new DOMParser().parseFromString(pasted, 'text/html');
  const { body } = doc;
  // Chromium's <!--StartFragment-->, Word's conditional comments: the clipboard's, not the text's.
  const comments = doc.createTreeWalker(body, NodeFilter.SHOW_COMMENT);
  const found: Node[] = [];
  while (comments.nextNode()) found.push(comments.currentNode);
  listsFromWord(body);
  for (const comment of found) (comment as ChildNode).remove();
  // A copy from the editor itself (ProseMirror marks its own) carries the post's anchors,
  // classes and styles as data; a page from elsewhere has no say in them.
  const own = body.querySelector('[data-pm-slice]') !== null;
  if (!own)
    for (const element of body.querySelectorAll('*'))
      for (const name of [
        ANCHOR_ID,
        KEPT_CLASS,
        KEPT_STYLE,
        'data-html-comment',
        ITEM_BEFORE,
        ITEM_AFTER,
      ])
        element.removeAttribute(name);
  // Pasted words are a new line where they land, even a copy of the post's own bare words: a
  // line from a quote's citation is a paragraph at the top of the post.
  // Nor does it take up the way a classic post stores its paragraphs: its line breaks stay
  // breaks (<br>), wherever they land.
  for (const name of [BARE_LINE, CLASSIC_LINE, NEWLINE_BREAK])
    for (const line of body.querySelectorAll(`[${name}]`)) line.removeAttribute(name);
  // A page's wrappers are its layout, not the writer's text: their lines come in without them.
  if (!own)
    for (const wrapper of body.querySelectorAll(CONTAINER_TAGS.join(',')))
      wrapper.replaceWith(...wrapper.childNodes);
  marksFromStyles(body);
  // Read once, above: left in place, the editor's own rules would read it again (a link's
  // underline as an underline), and half of it (`node.style`) is blank under the CSP.
  for (const styled of body.querySelectorAll('[style]')) styled.removeAttribute('style');
  // Ids name places in the page copied from (Docs gives every heading one); the editor's own
  // copies carry theirs as data-anchor-id, so a heading moved within a post keeps its anchor.
  for (const named of body.querySelectorAll('[id]')) named.removeAttribute('id');
  // The same for classes: the page copied from styles with them, the post's site would not (the
  // editor's own copies carry theirs as data-kept-class). A code listing's language stays, and a
  // link's class in the editor's own copy (links keep theirs as it is). Docs marks every line
  // left to right, which every line is anyway, and Word gives every run of words a language.
  for (const classed of body.querySelectorAll('[class]')) {
    const language = [...classed.classList].filter((name) => name.startsWith('language-'));
    if (classed.tagName === 'CODE' && language.length) classed.className = language.join(' ');
    else if (!(own && classed.tagName === 'A')) classed.removeAttribute('class');
  }
  for (const line of body.querySelectorAll('[dir="ltr" i]')) line.removeAttribute('dir');
  if (!own) for (const span of body.querySelectorAll('span[lang]')) span.removeAttribute('lang');
  // A span left with nothing to carry is no markup at all.
  for (const span of [...body.querySelectorAll('span')])
    if (span.attributes.length === 0) span.replaceWith(...span.childNodes);
  // Docs ends a paste with a line break outside its last paragraph: an empty line, not content.
  while (body.lastChild?.nodeName === 'BR') body.lastChild.remove();
  const cleaned = body.innerHTML;
  // Made safe as the service's HTML is: no handler, no srcdoc, no frame from elsewhere.
  const html = sanitizeHtml(cleaned);
  const notes: string[] = [];
  const dropped = markupLoss(cleaned)
    .filter((loss) => loss.startsWith('<') && !loss.startsWith('<!--') && !SILENT.test(loss))
    .map((loss) => loss.replace(/ ×\d+$/, ''));
  if (dropped.length > 0)
    notes.push(
      `Pasted without ${dropped.join(', ')}: the visual editor cannot hold ${dropped.length === 1 ? 'it' : 'them'} (HTML source can).`,
    );
  return { html, notes };
}
