import { Node } from '@tiptap/core';
import { ANCHOR_ID } from './anchor-ids';
import { amongWords } from './line-places';

// A named anchor is an empty element that only gives a place a name: `<a id="old-heading"></a>`,
// which mdBook leaves where a heading was renamed so old links still land, or
// `<span id="ferris"></span>`. It has no words to carry a mark, so it is a node of its own:
// kept where it stands, and shown as a small "#" so the writer sees what Backspace would take.
// Its id is data in the view, as every anchor's is (see anchor-ids.ts).
const TAGS = ['a', 'span'] as const;

// Only among a line's words (a code listing's too: Pygments anchors each line): anywhere else,
// between a list's items or blocks, the editor would make a line of its own for it. There it is
// left out and named.
// Older posts name a place with `name` (Blogger's `<a name="more"></a>` marks where "Read more"
// cuts a post).
const placeName = (element: HTMLElement): string | null =>
  element.getAttribute(ANCHOR_ID) ??
  (element.tagName === 'A' ? element.getAttribute('name') : null);

const emptyAnchor = (element: HTMLElement): boolean =>
  element.childNodes.length === 0 &&
  placeName(element) !== null &&
  !(element.tagName === 'A' && element.hasAttribute('href')) &&
  amongWords(element);

export const NamedAnchor = Node.create({
  name: 'namedAnchor',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes: () => ({
    tag: {
      default: 'a',
      rendered: false,
      parseHTML: (element: HTMLElement) => element.tagName.toLowerCase(),
    },
    id: {
      default: null,
      parseHTML: (element: HTMLElement) => element.getAttribute(ANCHOR_ID),
      renderHTML: (attributes: Record<string, unknown>) =>
        typeof attributes.id === 'string' && attributes.id ? { [ANCHOR_ID]: attributes.id } : {},
    },
    name: {
      default: null,
      parseHTML: (element: HTMLElement) =>
        element.tagName === 'A' ? element.getAttribute('name') : null,
      renderHTML: (attributes: Record<string, unknown>) =>
        typeof attributes.name === 'string' ? { name: attributes.name } : {},
    },
  }),
  // Before the <span> mark's rule, which would read it as a span around nothing.
  parseHTML: () =>
    [...TAGS.map((tag) => `${tag}[${ANCHOR_ID}]`), 'a[name]'].map((tag) => ({
      tag,
      priority: 60,
      getAttrs: (element: HTMLElement) => (emptyAnchor(element) ? null : false),
    })),
  renderHTML: ({ node, HTMLAttributes }) => [
    TAGS.includes(node.attrs.tag as (typeof TAGS)[number]) ? String(node.attrs.tag) : 'a',
    HTMLAttributes,
  ],
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('span');
      dom.className = 'named-anchor';
      dom.setAttribute('contenteditable', 'false');
      dom.setAttribute('role', 'img');
      const name = String(node.attrs.id ?? node.attrs.name);
      dom.setAttribute('aria-label', `Anchor ${name}`);
      dom.title = `Anchor #${name}: links to it land here`;
      dom.textContent = '#';
      return { dom };
    };
  },
});
