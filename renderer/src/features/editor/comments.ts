import { Extension, Node } from '@tiptap/core';
import { isInline } from './bare-words';
import { amongWords } from './line-places';

// Comments carry structure for the tool that wrote them: WordPress's block editor reads
// `<!-- wp:paragraph -->` to know its blocks again (inside a quote, a group, a column and around
// each list item too), mdBook's authors leave "Old headings. Do not remove or links may break."
// between blocks and `<!-- ignore -->` after a link its link checker must skip. Those between
// blocks are kept as a quiet line, those among a line's words (a code listing's too) as a quiet
// mark in it, so the writer sees what Backspace would take. Those between a list's items go with
// the item they frame, as its own: they stand where the editor has only items. One anywhere else
// (before the first line of an item, inside a table's rows) has no place: named as a loss.

const COMMENT = 'data-html-comment';

// Encoded in the attribute: the sanitiser trims attribute values, and a comment's spaces are its
// own (`<!-- wp:paragraph -->`).
const encode = (text: string): string => encodeURIComponent(text);
function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Text that stays one comment when written back: none that could end it early and let markup out. */
export const safeCommentText = (text: string): boolean => !/^-?>|<!--|-->|--!>|<!-$/.test(text);

// Elements whose content the editor holds as blocks, where a comment may be a line of its own.
const BLOCK_HOLDERS = /^(BODY|BLOCKQUOTE|DIV|SECTION|ARTICLE|ASIDE|HEADER|FOOTER|TD|TH|DD)$/;

const holdsSomething = (node: ChildNode | null): boolean =>
  node !== null &&
  (node.nodeType === 1 || (node.nodeType === 3 && (node.textContent ?? '').trim() !== ''));

const isList = (node: ChildNode): boolean => node.nodeName === 'UL' || node.nodeName === 'OL';
const loose = (node: ChildNode): boolean => node.nodeType === 3 || isInline(node);

/** The nearest sibling that holds something, comments and blank space passed over. */
function neighbour(node: ChildNode, way: 'previousSibling' | 'nextSibling'): ChildNode | null {
  let next = node[way];
  while (next && !holdsSomething(next)) next = next[way];
  return next;
}

/** Whether an element named `tag` stands after `node` among its siblings. */
function comesBefore(node: ChildNode, tag: string): boolean {
  for (let next = node.nextSibling; next; next = next.nextSibling)
    if (next.nodeName === tag) return true;
  return false;
}

/** Whether anything stands before `node` among its siblings (comments aside). */
function afterSomething(node: ChildNode): boolean {
  for (let before = node.previousSibling; before; before = before.previousSibling)
    if (holdsSomething(before)) return true;
  return false;
}

/**
 * Where a comment stands: between blocks, among a line's words, between a list's items, or
 * where the editor has no place for it.
 */
function placeOf(comment: ChildNode): 'block' | 'inline' | 'item' | null {
  const parent = comment.parentElement;
  if (!parent) return null;
  if (amongWords(comment)) return 'inline';
  const before = neighbour(comment, 'previousSibling');
  const after = neighbour(comment, 'nextSibling');
  // WordPress opens a sub-list right after its item's words (`<li>Beans<!-- wp:list --><ul>`)
  // and closes it right after: each goes with the sub-list, never one of them with the words, or
  // a sub-list lifted out (Shift+Tab) would leave its opener behind and the blocks unbalanced.
  const text = comment.textContent ?? '';
  if (
    parent.tagName === 'LI' &&
    ((after && isList(after) && !closing(text)) || (before && isList(before) && closing(text)))
  )
    return 'item';
  // Beside words standing bare among blocks: among those words, or they would be cut apart.
  if ([before, after].some((node) => node && loose(node))) return 'inline';
  // WordPress's `<!-- wp:list -->` around a sub-list goes with the list: a line of its own
  // inside the item would keep the item's lines from being lifted out (Shift+Tab).
  if (parent.tagName === 'LI' && [before, after].some((node) => node && isList(node)))
    return 'item';
  if (BLOCK_HOLDERS.test(parent.tagName)) return 'block';
  // An item's first line comes first in the editor, and a disclosure's summary.
  if (parent.tagName === 'LI' && afterSomething(comment)) return 'block';
  if (parent.tagName === 'DETAILS' && !comesBefore(comment, 'SUMMARY')) return 'block';
  if ((parent.tagName === 'UL' || parent.tagName === 'OL') && parent.querySelector(':scope > li'))
    return 'item';
  return null;
}

export const ITEM_BEFORE = 'data-comments-before';
export const ITEM_AFTER = 'data-comments-after';

const encodeList = (texts: readonly string[]): string => encodeURIComponent(JSON.stringify(texts));
function decodeList(value: string | null): string[] {
  const text = value === null ? null : decode(value);
  if (text === null) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) && list.every((t) => typeof t === 'string' && safeCommentText(t))
      ? (list as string[])
      : [];
  } catch {
    return [];
  }
}

/** What a comment here is given to: the item beside it in a list, the list beside it in an item. */
const framedOrNull = (element: Element | null): Element | null => {
  const parent = element?.parentElement?.tagName;
  const framed = parent === 'LI' ? ['UL', 'OL'] : ['LI'];
  return element && framed.includes(element.tagName) ? element : null;
};

const closing = (text: string): boolean => text.trim().startsWith('/');

/**
 * A comment between a list's items given to the item it frames: a closing one (`/wp:list-item`)
 * to the item before it, unless a comment before it in the same gap went to the item after;
 * any other to the item after it; else to its one neighbour.
 */
function giveToItem(comment: Comment): void {
  let opened = false;
  let node = comment.previousSibling;
  for (; node && node.nodeType !== 1; node = node.previousSibling)
    if (node.nodeType === 8 && !closing(node.textContent ?? '')) opened = true;
  const before = framedOrNull(node as Element | null);
  const next = framedOrNull(comment.nextElementSibling);
  const [item, name] =
    (closing(comment.data) && !opened && before) || !next
      ? [before, ITEM_AFTER]
      : [next, ITEM_BEFORE];
  item?.setAttribute(name, encodeList([...decodeList(item.getAttribute(name)), comment.data]));
}

/**
 * HTML with its comments between top-level blocks and among a line's words as elements the
 * sanitiser keeps and the editor reads. Parsed in an inert document: nothing in it runs or loads.
 */
export function commentsAsElements(html: string): string {
  if (!html.includes('<!--')) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT);
  const comments: ChildNode[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode as ChildNode);
  // Taken out once all are placed: where each goes depends on the comments beside it.
  const framedItems: Comment[] = [];
  for (const node of comments) {
    const place = placeOf(node);
    if (!place || !safeCommentText(node.textContent ?? '')) continue;
    if (place === 'item') {
      framedItems.push(node as Comment);
      continue;
    }
    const element = doc.createElement(place === 'block' ? 'div' : 'span');
    element.setAttribute(COMMENT, encode(node.textContent ?? ''));
    node.replaceWith(element);
  }
  for (const comment of framedItems) giveToItem(comment);
  for (const comment of framedItems) comment.remove();
  return doc.body.innerHTML;
}

const commentText = (element: HTMLElement) => {
  const text = decode(element.getAttribute(COMMENT) ?? '');
  return text !== null && safeCommentText(text) ? { text } : false;
};

/** A comment kept in the document: between blocks (a line of its own) or among words. */
const comment = (name: string, inline: boolean) =>
  Node.create({
    name,
    group: inline ? 'inline' : 'block',
    inline,
    atom: true,
    selectable: true,
    addAttributes: () => ({ text: { default: '', rendered: false } }),
    // Before the <span> mark's rule, which would read the element as a span with nothing in it.
    parseHTML: () => [
      { tag: `${inline ? 'span' : 'div'}[${COMMENT}]`, priority: 60, getAttrs: commentText },
    ],
    renderHTML: ({ node }) => [
      inline ? 'span' : 'div',
      { [COMMENT]: encode(String(node.attrs.text)) },
    ],
    addNodeView() {
      return ({ node }) => {
        const dom = document.createElement(inline ? 'span' : 'div');
        dom.className = inline ? 'html-comment inline' : 'html-comment';
        dom.setAttribute('contenteditable', 'false');
        dom.setAttribute('aria-label', 'HTML comment');
        dom.textContent = `<!--${String(node.attrs.text)}-->`;
        return { dom };
      };
    },
  });

/** The comments framing a list item, kept as the item's own: they go where it goes. */
const itemComments = (name: string) => ({
  default: [] as string[],
  // A new item is plain, as a new block is: not every note is for every item after it.
  keepOnSplit: false,
  parseHTML: (element: HTMLElement) => decodeList(element.getAttribute(name)),
  renderHTML: (attributes: Record<string, unknown>) => {
    const texts = attributes[name === ITEM_BEFORE ? 'commentsBefore' : 'commentsAfter'];
    return Array.isArray(texts) && texts.length > 0
      ? { [name]: encodeList(texts as string[]) }
      : {};
  },
});

const ItemComments = Extension.create({
  name: 'itemComments',
  addGlobalAttributes: () => [
    {
      types: ['listItem', 'bulletList', 'orderedList'],
      attributes: {
        commentsBefore: itemComments(ITEM_BEFORE),
        commentsAfter: itemComments(ITEM_AFTER),
      },
    },
  ],
});

export const commentExtensions = [
  comment('htmlComment', false),
  comment('inlineComment', true),
  ItemComments,
];

/** Comments as saved: comments again. */
export function finishComments(body: HTMLElement): void {
  for (const element of body.querySelectorAll(`[${COMMENT}]`)) {
    const text = decode(element.getAttribute(COMMENT) ?? '');
    if (text !== null && safeCommentText(text))
      element.replaceWith(body.ownerDocument.createComment(text));
    else element.remove();
  }
  for (const item of body.querySelectorAll(`[${ITEM_BEFORE}], [${ITEM_AFTER}]`)) {
    const document = body.ownerDocument;
    item.before(
      ...decodeList(item.getAttribute(ITEM_BEFORE)).map((t) => document.createComment(t)),
    );
    item.after(...decodeList(item.getAttribute(ITEM_AFTER)).map((t) => document.createComment(t)));
    item.removeAttribute(ITEM_BEFORE);
    item.removeAttribute(ITEM_AFTER);
  }
}
