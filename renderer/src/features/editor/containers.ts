import { Node } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { bareWords, leaveOnEmptyLastLine, saveBare } from './bare-words';

// Wrappers around blocks (a Ghost callout card, mdBook's <div class="table-wrapper">, a
// documentation page's <section>): they say nothing a reader reads, but the post's site styles
// by them, so they are kept as they came. In the editing view each is a framed box headed by its
// tag and class, so the writer sees where a wrapper begins and ends (and what Backspace at its
// start would merge). A paste from another page brings none: its wrappers are its layout.

export const CONTAINER_TAGS = ['div', 'section', 'article', 'aside', 'header', 'footer'] as const;
type ContainerTag = (typeof CONTAINER_TAGS)[number];

const BARE = 'data-container-bare';
// Attributes kept as they are; class, style and id travel as the editor's own data (see
// kept-attributes.ts and anchor-ids.ts), like every block's.
// `trbidi` is Blogger's, on the <div> around every post it wrote.
const PLAIN =
  /^(role|title|lang|dir|trbidi|aria-[\w-]+|data-(?!pm-|kept-|anchor-|container-|html-|bare-)[\w-]+)$/;

const plainAttributes = (element: HTMLElement): Record<string, string> =>
  Object.fromEntries(
    [...element.attributes].filter((a) => PLAIN.test(a.name)).map((a) => [a.name, a.value]),
  );

const Container = Node.create({
  name: 'container',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes: () => ({
    tag: { default: 'div', rendered: false },
    attributes: { default: {}, rendered: false },
    // An empty wrapper (a theme's spacer) is saved empty, not with an empty paragraph in it.
    bare: bareWords(BARE, [], true),
  }),
  parseHTML: () =>
    CONTAINER_TAGS.map((tag) => ({
      tag,
      // Below the editor's own <div>s (a kept comment), which are tried first.
      priority: 40,
      getAttrs: (element: HTMLElement) => ({ tag, attributes: plainAttributes(element) }),
    })),
  renderHTML: ({ node, HTMLAttributes }) => [
    node.attrs.tag as ContainerTag,
    { ...(node.attrs.attributes as Record<string, string>), ...HTMLAttributes },
    0,
  ],
  addNodeView() {
    return ({ node, HTMLAttributes }) => {
      const dom = document.createElement('div');
      dom.className = 'container-block';
      for (const [name, value] of Object.entries(HTMLAttributes))
        if (typeof value === 'string') dom.setAttribute(name, value);
      const label = document.createElement('span');
      label.className = 'container-label';
      label.setAttribute('contenteditable', 'false');
      const name = (n: ProseMirrorNode) => {
        const kept = n.attrs.class as string | null;
        return `<${String(n.attrs.tag)}${kept ? ` class="${kept}"` : ''}>`;
      };
      label.textContent = name(node);
      const content = document.createElement('div');
      dom.append(label, content);
      let current = node;
      return {
        dom,
        contentDOM: content,
        update: (updated: ProseMirrorNode) => {
          // Only its lines changed: drawn as it is; anything else, drawn anew.
          if (updated.type !== current.type || !updated.sameMarkup(current)) return false;
          current = updated;
          return true;
        },
        ignoreMutation: (mutation) =>
          mutation.target === label || mutation.target.parentNode === label,
      };
    };
  },
  addKeyboardShortcuts() {
    return { Enter: () => leaveContainer(this.editor.state, this.editor.view.dispatch) };
  },
});

const leaveContainer = leaveOnEmptyLastLine('container');

export const containerExtensions = [Container];

/** Wrappers as saved: the words of one that came bare, bare again. */
export function finishContainers(body: HTMLElement): void {
  for (const tag of CONTAINER_TAGS) saveBare(body, tag, BARE);
}
