import { Node } from '@tiptap/core';

// Comments between a post's blocks carry structure for the tool that wrote them: WordPress's
// block editor reads `<!-- wp:paragraph -->` to know its blocks again, and mdBook's authors leave
// "Old headings. Do not remove or links may break." Those between top-level blocks are kept, and
// shown as a quiet line so the writer sees what Backspace would take. A comment inside a block (a
// paragraph, a code listing) has no place in the editor's document: named as a loss, as before.

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

/**
 * HTML with its top-level comments as elements the sanitiser keeps and the editor reads. Parsed
 * in an inert document: nothing in it runs or loads.
 */
export function commentsAsElements(html: string): string {
  if (!html.includes('<!--')) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const node of [...doc.body.childNodes]) {
    if (node.nodeType !== 8 || !safeCommentText(node.textContent ?? '')) continue;
    const element = doc.createElement('div');
    element.setAttribute(COMMENT, encode(node.textContent ?? ''));
    node.replaceWith(element);
  }
  return doc.body.innerHTML;
}

const HtmlComment = Node.create({
  name: 'htmlComment',
  group: 'block',
  atom: true,
  selectable: true,
  addAttributes: () => ({ text: { default: '', rendered: false } }),
  parseHTML: () => [
    {
      tag: `div[${COMMENT}]`,
      getAttrs: (element: HTMLElement) => {
        const text = decode(element.getAttribute(COMMENT) ?? '');
        return text !== null && safeCommentText(text) ? { text } : false;
      },
    },
  ],
  renderHTML: ({ node }) => ['div', { [COMMENT]: encode(String(node.attrs.text)) }],
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('div');
      dom.className = 'html-comment';
      dom.setAttribute('contenteditable', 'false');
      dom.setAttribute('aria-label', 'HTML comment');
      dom.textContent = `<!--${String(node.attrs.text)}-->`;
      return { dom };
    };
  },
});

export const commentExtensions = [HtmlComment];

/** Comments as saved: comments again. */
export function finishComments(body: HTMLElement): void {
  for (const element of body.querySelectorAll(`div[${COMMENT}]`)) {
    const text = decode(element.getAttribute(COMMENT) ?? '');
    if (text !== null && safeCommentText(text))
      element.replaceWith(body.ownerDocument.createComment(text));
    else element.remove();
  }
}
