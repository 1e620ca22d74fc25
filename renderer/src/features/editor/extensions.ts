import { Extension, Mark } from '@tiptap/core';
import Code from '@tiptap/extension-code';
import { DOMSerializer, type Node as ProseMirrorNode, type Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import type { Step } from '@tiptap/pm/transform';
import Image from '@tiptap/extension-image';
import { Selection } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';

// A code name is often a link (`<a href="…"><code>fs.readFile</code></a>`); TipTap's inline
// code shuts out every other mark, which dropped such links. Exclusive with itself only, as
// any other mark is.
const CodeWithMarks = Code.extend({ excludes: 'code' });

// Markdown engines (Ghost, Hugo, Jekyll, mdBook) give headings ids that links point at. Kept on
// headings and paragraphs; the half split off by Enter does not get a copy, so no id doubles.
// In the editing view they are `data-anchor-id`: a post's ids must not meet the app's own in
// the page (a heading "list-title" would take over a label). `documentHtml` writes them as ids.
const ANCHOR_ID = 'data-anchor-id';
const AnchorIds = Extension.create({
  name: 'anchorIds',
  addGlobalAttributes() {
    return [
      {
        types: ['heading', 'paragraph'],
        attributes: {
          id: {
            default: null,
            keepOnSplit: false,
            parseHTML: (element: HTMLElement) =>
              element.getAttribute(ANCHOR_ID) || element.getAttribute('id') || null,
            renderHTML: (attributes: { id?: string | null }) =>
              attributes.id ? { [ANCHOR_ID]: attributes.id } : {},
          },
        },
      },
    ];
  },
  addProseMirrorPlugins() {
    return [uniqueAnchors];
  },
});

const carriesAnchor = (step: Step): boolean => {
  const slice = (step as { slice?: Slice }).slice;
  let found = false;
  slice?.content.descendants((node) => {
    if (node.attrs.id) found = true;
    return !found && !node.isTextblock;
  });
  return found;
};

// Enter in the middle of a heading copies its attributes into the second half (keepOnSplit
// holds only at the end), and so does pasting a copy: the later of two equal ids goes. Only a
// step that carries an anchor starts the walk, so typing costs nothing. Content set from the
// service is left as it came.
const uniqueAnchors = new Plugin({
  key: new PluginKey('uniqueAnchors'),
  appendTransaction(transactions, _before, state) {
    const suspect = transactions.some(
      (tr) => tr.docChanged && !tr.getMeta('preventUpdate') && tr.steps.some(carriesAnchor),
    );
    if (!suspect) return null;
    const seen = new Set<string>();
    let fix: Transaction | null = null;
    state.doc.descendants((node, pos) => {
      const id: unknown = node.attrs.id;
      if (typeof id === 'string' && id) {
        if (seen.has(id)) fix = (fix ?? state.tr).setNodeAttribute(pos, 'id', null);
        else seen.add(id);
      }
      return !node.isTextblock;
    });
    return fix;
  },
});

/** The HTML a document is saved as: what the editor holds, with its anchors as ids again. */
export function documentHtml(doc: ProseMirrorNode): string {
  // A page of its own, never shown: the ids are not in the app's page even for a moment.
  const page = document.implementation.createHTMLDocument('');
  const body = page.body;
  body.append(
    DOMSerializer.fromSchema(doc.type.schema).serializeFragment(doc.content, { document: page }),
  );
  for (const element of body.querySelectorAll(`[${ANCHOR_ID}]`)) {
    element.setAttribute('id', element.getAttribute(ANCHOR_ID) ?? '');
    element.removeAttribute(ANCHOR_ID);
  }
  return body.innerHTML;
}

// 2<sup>n</sup> read as "2n" changes what a post says. TipTap's own marks for these are not
// published at the version of its core in use (they pin an older core exactly).
const inlineMark = (name: string, tag: 'sup' | 'sub') =>
  Mark.create({
    name,
    parseHTML: () => [{ tag }],
    renderHTML: () => [tag, 0],
  });
const Superscript = inlineMark('superscript', 'sup');
const Subscript = inlineMark('subscript', 'sub');

/**
 * Everything the visual editor can represent: StarterKit 3 (with Link and Underline), images,
 * superscript and subscript, and ids on headings and paragraphs; and the selection kept visible
 * while the editor has no focus.
 */
export const editorExtensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4, 5, 6] },
    code: false,
    // An empty paragraph at the end of every published post is clutter, not content.
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ['http', 'https', 'mailto'],
      // Links stay as the writer wrote them: no rel or target added to published posts.
      HTMLAttributes: { rel: null, target: null },
    },
  }),
  CodeWithMarks,
  Superscript,
  Subscript,
  AnchorIds,
  Image.configure({ inline: true, allowBase64: false }),
  // The selected words stay marked while the link form (or any field) has the focus.
  Selection.configure({ className: 'kept-selection' }),
];
