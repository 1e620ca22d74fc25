import { Node } from '@tiptap/core';
import { amongWords } from './line-places';

// Comments carry structure for the tool that wrote them: WordPress's block editor reads
// `<!-- wp:paragraph -->` to know its blocks again, mdBook's authors leave "Old headings. Do not
// remove or links may break." between blocks and `<!-- ignore -->` after a link its link checker
// must skip. Those between top-level blocks are kept as a quiet line, those among a line's words
// (a code listing's too) as a quiet mark in it, so the writer sees what Backspace would take. One
// anywhere else (between a list's items) has no place in the editor's document: named as a loss.

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

/** Where a comment stands: between top-level blocks, among a line's words, or elsewhere. */
function placeOf(comment: ChildNode): 'block' | 'inline' | null {
  if (comment.parentElement?.tagName === 'BODY') return 'block';
  return amongWords(comment) ? 'inline' : null;
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
  for (const node of comments) {
    const place = placeOf(node);
    if (!place || !safeCommentText(node.textContent ?? '')) continue;
    const element = doc.createElement(place === 'block' ? 'div' : 'span');
    element.setAttribute(COMMENT, encode(node.textContent ?? ''));
    node.replaceWith(element);
  }
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

export const commentExtensions = [comment('htmlComment', false), comment('inlineComment', true)];

/** Comments as saved: comments again. */
export function finishComments(body: HTMLElement): void {
  for (const element of body.querySelectorAll(`[${COMMENT}]`)) {
    const text = decode(element.getAttribute(COMMENT) ?? '');
    if (text !== null && safeCommentText(text))
      element.replaceWith(body.ownerDocument.createComment(text));
    else element.remove();
  }
}
