import { Extension } from '@tiptap/core';
import type { Command } from '@tiptap/pm/state';
import { TextSelection } from '@tiptap/pm/state';

// Blocks the editor fills with lines (a disclosure, a wrapper <div>) may come with their words
// bare (`<details><summary>S</summary>Text</details>`): the editor holds them in a paragraph
// while editing, and gives them back bare when saved, as table cells do.

// Every element that stands among a line's words (HTML's phrasing content, older ones too):
// one left out here was taken for a block, and the words either side of it were cut apart.
const INLINE =
  /^(A|ABBR|B|BDI|BDO|BIG|BR|CITE|CODE|DATA|DEL|DFN|EM|FONT|I|IMG|INS|KBD|LABEL|MARK|Q|RP|RT|RUBY|S|SAMP|SMALL|SPAN|STRIKE|STRONG|SUB|SUP|TIME|TT|U|VAR|WBR)$/;
export const isInline = (node: ChildNode): boolean =>
  node.nodeType === 1 && INLINE.test(node.nodeName);

/**
 * An attribute saying the element's words came bare; `marker` is its name in the view. An empty
 * element counts as bare where `emptyIsBare`: it is saved empty again.
 */
export const bareWords = (marker: string, skip: readonly string[] = [], emptyIsBare = false) => ({
  default: false,
  parseHTML: (element: HTMLElement) => {
    const lines = [...element.childNodes].filter(
      (child) =>
        !skip.includes(child.nodeName) && !(child.nodeType === 3 && !child.textContent?.trim()),
    );
    return (
      element.hasAttribute(marker) ||
      ((emptyIsBare || lines.length > 0) &&
        lines.every((child) => child.nodeType === 3 || isInline(child)))
    );
  },
  renderHTML: (attributes: Record<string, unknown>) => (attributes.bare ? { [marker]: '' } : {}),
});

/**
 * An attribute saying the element's lines came in paragraphs (`<td><p>…</p></td>`), so they are
 * saved so again; `marker` is its name in the view. The other way round from `bareWords`: what
 * tables, figures and definition lists need to know.
 */
export const inParagraphs = (marker: string) => ({
  default: false,
  // The editor's own copy (ProseMirror marks it) shows every cell's words in paragraphs: there,
  // only the view's marker says they came so.
  parseHTML: (element: HTMLElement) =>
    element.hasAttribute(marker) ||
    (element.ownerDocument.querySelector('[data-pm-slice]') === null &&
      [...element.children].some(
        (child) => child.tagName === 'P' && !child.hasAttribute(BARE_LINE),
      )),
  renderHTML: (attributes: Record<string, unknown>) =>
    attributes.paragraphs ? { [marker]: '' } : {},
});

/** The words of each `tag` that came bare, saved bare again: its one plain line unwrapped. */
export function saveBare(
  body: HTMLElement,
  tag: string,
  marker: string,
  skip: readonly string[] = [],
) {
  for (const element of body.querySelectorAll(`${tag}[${marker}]`)) {
    const lines = [...element.children].filter((child) => !skip.includes(child.tagName));
    const [only] = lines;
    if (lines.length === 1 && only?.tagName === 'P' && only.attributes.length === 0)
      only.replaceWith(...only.childNodes);
    element.removeAttribute(marker);
  }
}

/**
 * Enter on an empty last line of a `typeName` block takes that line out, below it: the way out
 * of it at a post's end, as out of a list. Its only line stays (it holds at least one).
 */
export function leaveOnEmptyLastLine(typeName: string, skip: readonly string[] = []): Command {
  return (state, dispatch) => {
    const { $from } = state.selection;
    if (!state.selection.empty || $from.parent.content.size > 0 || $from.depth < 2) return false;
    if ($from.parent.type.name !== 'paragraph') return false;
    const holder = $from.node(-1);
    if (holder.type.name !== typeName || $from.index(-1) !== holder.childCount - 1) return false;
    let lines = 0;
    holder.forEach((child) => void (skip.includes(child.type.name) || lines++));
    if (lines < 2) return false;
    if (dispatch) {
      const end = $from.after(-1);
      const tr = state.tr.delete($from.before(), $from.after());
      const at = tr.mapping.map(end);
      tr.insert(at, state.schema.nodes.paragraph!.create());
      dispatch(tr.setSelection(TextSelection.create(tr.doc, at + 1)).scrollIntoView());
    }
    return true;
  };
}

// Words may also stand bare beside blocks: WordPress's quote ends in a bare `<cite>` after its
// paragraphs, a documentation page's <div> has a sentence before its list. The editor holds each
// run of such words as a paragraph of its own, marked, and saves it bare again. A line Enter
// makes from one is a paragraph, as any new block is plain.

export const BARE_LINE = 'data-bare-line';

// WordPress's classic editor stores a post's paragraphs parted by blank lines alone, and a line
// break as a new line alone: it adds the <p> and <br> when it shows the post. The editor holds
// such a post as its readers see it, and saves it as it came.
export const CLASSIC_LINE = 'data-classic-line';
export const NEWLINE_BREAK = 'data-newline';
/** NEWLINE_BREAK's value on a `<br>` of the post's own followed by a new line. */
const AFTER_BREAK = 'after-br';
// ASCII space only: a non-breaking space is a writer's (TinyMCE's blank paragraph is one).
const PARTING = /[ \t]*\n[ \t]*\n[ \t\n\r\f]*/g;
const SPACE_ONLY = /^[ \t\n\r\f]*$/;

export const BareLines = Extension.create({
  name: 'bareLines',
  addGlobalAttributes: () => [
    {
      types: ['paragraph'],
      attributes: {
        // A line the editor added for the caret alone (below-last-block.ts): saved once written in.
        caretLine: {
          default: false,
          keepOnSplit: false,
          parseHTML: (element: HTMLElement) => element.hasAttribute('data-caret-line'),
          renderHTML: (attributes: Record<string, unknown>) =>
            attributes.caretLine ? { 'data-caret-line': '' } : {},
        },
        bareLine: {
          default: false,
          keepOnSplit: false,
          parseHTML: (element: HTMLElement) => element.hasAttribute(BARE_LINE),
          renderHTML: (attributes: Record<string, unknown>) =>
            attributes.bareLine ? { [BARE_LINE]: '' } : {},
        },
        // Enter in a classic post's paragraph makes another such paragraph, as WordPress would.
        classicLine: {
          default: false,
          keepOnSplit: true,
          parseHTML: (element: HTMLElement) => element.hasAttribute(CLASSIC_LINE),
          renderHTML: (attributes: Record<string, unknown>) =>
            attributes.classicLine ? { [CLASSIC_LINE]: '' } : {},
        },
      },
    },
    {
      types: ['hardBreak'],
      attributes: {
        newline: {
          default: null,
          parseHTML: (element: HTMLElement) => element.getAttribute(NEWLINE_BREAK),
          renderHTML: (attributes: Record<string, unknown>) =>
            typeof attributes.newline === 'string' ? { [NEWLINE_BREAK]: attributes.newline } : {},
        },
      },
    },
  ],
});

// Where the editor holds blocks and a post may put words beside them. A description's are its
// own (definition-lists.ts), and a figure's bare images (figures.ts).
const HOLDERS = /^(BODY|BLOCKQUOTE|DIV|SECTION|ARTICLE|ASIDE|HEADER|FOOTER|DETAILS|TD|TH|LI)$/;

const blank = (node: ChildNode): boolean => node.nodeType === 3 && !node.textContent?.trim();
const loose = (node: ChildNode): boolean => (node.nodeType === 3 && !blank(node)) || isInline(node);

/** Whether words stand on this side of a top-level text: in it, or beside it (not a block). */
function wordsBeside(text: Text, at: number, way: 'before' | 'after'): boolean {
  const inText = way === 'before' ? text.data.slice(0, at) : text.data.slice(at);
  if (!SPACE_ONLY.test(inText)) return true;
  const step = (node: ChildNode) => (way === 'before' ? node.previousSibling : node.nextSibling);
  // Past comments and space, what stands beyond decides: words around a `<!--more-->`, but
  // blocks around WordPress's block comments.
  let node = step(text);
  while (
    node &&
    (node.nodeType === 8 || (node.nodeType === 3 && SPACE_ONLY.test(node.textContent ?? '')))
  )
    node = step(node);
  return node !== null && (node.nodeType === 3 || isInline(node));
}

/**
 * The blank lines that part a post's top-level words into paragraphs, as WordPress's classic
 * editor stores them: words (or a phrase element, a comment) on both sides. Beside a block, a
 * blank line parts nothing. Also what the fidelity check counts.
 */
export function classicBlankLines(body: HTMLElement): { text: Text; at: number; length: number }[] {
  const found: { text: Text; at: number; length: number }[] = [];
  for (const child of body.childNodes) {
    if (child.nodeType !== 3) continue;
    const text = child as Text;
    for (const blank of text.data.matchAll(PARTING))
      if (
        wordsBeside(text, blank.index, 'before') &&
        wordsBeside(text, blank.index + blank[0].length, 'after')
      )
        found.push({ text, at: blank.index, length: blank[0].length });
  }
  return found;
}

/** A classic post's blank lines, each a text node of its own: where one paragraph ends. */
function classicPartings(body: HTMLElement): Set<ChildNode> {
  const partings = new Set<ChildNode>();
  // From the last: splitting a text node leaves the places before it where they were.
  for (const { text, at, length } of classicBlankLines(body).reverse()) {
    const parting = text.splitText(at);
    parting.splitText(length);
    partings.add(parting);
  }
  return partings;
}

/** A classic paragraph's own line breaks (a new line alone), as the editor's line breaks. */
function classicBreaks(line: HTMLElement): void {
  const first = line.firstChild;
  const last = line.lastChild;
  if (first?.nodeType === 3) first.textContent = first.textContent!.replace(/^[ \t\n\r\f]+/, '');
  if (last?.nodeType === 3) last.textContent = last.textContent!.replace(/[ \t\n\r\f]+$/, '');
  const walker = line.ownerDocument.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode as Text);
  for (let text of texts) {
    // After a <br> of its own, a new line is only the source's layout (WordPress's too).
    let afterBreak = text.previousSibling?.nodeName === 'BR';
    for (let at = text.data.search(/[ \t]*\n/); at >= 0; at = text.data.search(/[ \t]*\n/)) {
      const newline = text.splitText(at);
      text = newline.splitText(newline.data.indexOf('\n') + 1);
      const before = newline.previousSibling;
      if (afterBreak && before?.nodeType === 3 && SPACE_ONLY.test(before.textContent ?? '')) {
        // The writer's <br> and the new line after it are one break, saved as they came.
        (before.previousSibling as Element).setAttribute(NEWLINE_BREAK, AFTER_BREAK);
        before.remove();
        newline.remove();
        afterBreak = false;
        continue;
      }
      afterBreak = false;
      const brk = line.ownerDocument.createElement('br');
      brk.setAttribute(NEWLINE_BREAK, '');
      newline.replaceWith(brk);
    }
  }
}

/** Each run of words standing bare beside blocks, put in a marked paragraph of its own. */
export function markBareLines(body: HTMLElement): void {
  const partings = classicPartings(body);
  for (const holder of [body, ...body.querySelectorAll('*')]) {
    if (!HOLDERS.test(holder.tagName)) continue;
    const children = [...holder.childNodes];
    const blocks = children.some(
      (child) => child.nodeType === 1 && !isInline(child) && child.nodeName !== 'SUMMARY',
    );
    // A post's own words with no block around them (Blogger's, lines parted by <br>) are bare
    // too; in a holder whose words are all bare, the holder keeps them so (bareWords).
    if ((!blocks && holder !== body) || !children.some(loose)) continue;
    let run: ChildNode[] = [];
    const classic = holder === body && partings.size > 0;
    // In a classic post, a paragraph of a non-breaking space alone (TinyMCE's blank line) is one.
    const words = (node: ChildNode): boolean =>
      loose(node) || (classic && node.nodeType === 3 && !SPACE_ONLY.test(node.textContent ?? ''));
    const wrap = () => {
      if (run.some(words)) {
        const line = holder.ownerDocument.createElement('p');
        line.setAttribute(BARE_LINE, '');
        run[0]?.before(line);
        line.append(...run);
        if (classic) {
          line.setAttribute(CLASSIC_LINE, '');
          classicBreaks(line);
        }
      }
      run = [];
    };
    for (const child of holder === body ? [...holder.childNodes] : children) {
      if (partings.has(child)) wrap();
      else if (words(child) || (blank(child) && run.length > 0)) run.push(child);
      else if (!blank(child)) wrap();
    }
    wrap();
  }
}

/**
 * Bare lines saved bare again, where they stand between blocks; one given a look, or beside
 * words or another bare line (two lines made of one by Enter, or brought together when the
 * block between them went), stays a paragraph: unwrapped, its words would run into theirs.
 */
export function finishBareLines(body: HTMLElement): void {
  finishClassicLines(body);
  const lines = [...body.querySelectorAll(`p[${BARE_LINE}]`)];
  const apart = (from: ChildNode | null, way: 'nextSibling'): boolean => {
    let node = from;
    while (node && blank(node)) node = node[way];
    return (
      node === null ||
      (node.nodeType === 1 && !isInline(node) && !(node as Element).hasAttribute(BARE_LINE))
    );
  };
  const unwrapped = lines.filter(
    (line) =>
      line.attributes.length === 1 &&
      // A line before it is kept in its paragraph by this same rule, so the next side decides.
      apart(line.nextSibling, 'nextSibling'),
  );
  for (const line of lines) line.removeAttribute(BARE_LINE);
  for (const line of unwrapped) line.replaceWith(...line.childNodes);
}

/**
 * A classic post's paragraphs saved bare again, parted by a blank line, and their line breaks
 * new lines, as long as the post still reads as classic when opened again; else (a heading now
 * between its only two paragraphs) its breaks stay <br>, which WordPress shows the same: as new
 * lines, they would read as spaces. One given a look (centred) stays a paragraph, its breaks <br>.
 */
function finishClassicLines(body: HTMLElement): void {
  const lines = [...body.children].filter((child) => child.hasAttribute(CLASSIC_LINE));
  const classic = new Set<Element>(lines);
  const beside = new Map(
    lines.map((line) => [line, [line.previousElementSibling, line.nextElementSibling]] as const),
  );
  const breaks: Element[] = [];
  for (const line of lines) {
    line.removeAttribute(CLASSIC_LINE);
    line.removeAttribute(BARE_LINE);
    if (line.attributes.length > 0) continue;
    breaks.push(...line.querySelectorAll(`br[${NEWLINE_BREAK}]`));
    const [previous, next] = beside.get(line)!;
    line.replaceWith(
      previous && !classic.has(previous) ? '\n' : '',
      ...line.childNodes,
      next ? (classic.has(next) ? '\n\n' : '\n') : '',
    );
  }
  body.normalize();
  if (classicBlankLines(body).length > 0)
    for (const brk of breaks)
      if (brk.getAttribute(NEWLINE_BREAK) !== AFTER_BREAK) brk.replaceWith('\n');
      else {
        brk.removeAttribute(NEWLINE_BREAK);
        brk.after('\n');
      }
  for (const brk of body.querySelectorAll(`br[${NEWLINE_BREAK}]`)) {
    // The post's own <br> came with a new line after it, which goes with it either way.
    if (brk.getAttribute(NEWLINE_BREAK) === AFTER_BREAK) brk.after('\n');
    brk.removeAttribute(NEWLINE_BREAK);
  }
  for (const line of body.querySelectorAll(`[${CLASSIC_LINE}]`)) line.removeAttribute(CLASSIC_LINE);
}
