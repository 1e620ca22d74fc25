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
      },
    },
  ],
});

// Where the editor holds blocks and a post may put words beside them. A description's are its
// own (definition-lists.ts), and a figure's bare images (figures.ts).
const HOLDERS = /^(BODY|BLOCKQUOTE|DIV|SECTION|ARTICLE|ASIDE|HEADER|FOOTER|DETAILS|TD|TH|LI)$/;

const blank = (node: ChildNode): boolean => node.nodeType === 3 && !node.textContent?.trim();
const loose = (node: ChildNode): boolean => (node.nodeType === 3 && !blank(node)) || isInline(node);

/** Each run of words standing bare beside blocks, put in a marked paragraph of its own. */
export function markBareLines(body: HTMLElement): void {
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
    const wrap = () => {
      if (run.some(loose)) {
        const line = holder.ownerDocument.createElement('p');
        line.setAttribute(BARE_LINE, '');
        run[0]?.before(line);
        line.append(...run);
      }
      run = [];
    };
    for (const child of children) {
      if (loose(child) || (blank(child) && run.length > 0)) run.push(child);
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
