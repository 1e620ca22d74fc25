import { Mark } from '@tiptap/core';
import Code from '@tiptap/extension-code';
import Image from '@tiptap/extension-image';
import { Selection } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { Alignment } from './alignment';
import { AnchorIds } from './anchor-ids';
import { BareLines } from './bare-words';
import { CodeListing } from './code-listings';
import { commentExtensions } from './comments';
import { containerExtensions } from './containers';
import { definitionListExtensions } from './definition-lists';
import { disclosureExtensions } from './disclosures';
import { embedExtensions } from './embeds';
import { figureExtensions } from './figures';
import { KeptAttributes, markAnchor, phraseMarks } from './kept-attributes';
import { ListItemParagraphs } from './list-items';
import { NamedAnchor } from './named-anchors';
import { ReadOnlyText } from './read-only-text';
import { tableCaptionExtensions } from './table-captions';
import { tableExtensions } from './tables';

export { documentHtml } from './document-html';

// A code name is often a link (`<a href="…"><code>fs.readFile</code></a>`); TipTap's inline
// code shuts out every other mark, which dropped such links. Exclusive with itself only, as
// any other mark is.
const CodeWithMarks = Code.extend({ excludes: 'code' });

// 2<sup>n</sup> read as "2n" changes what a post says. TipTap's own marks for these are not
// published at the version of its core in use (they pin an older core exactly).
// Each excludes the other: a character is raised or lowered, not both.
const inlineMark = (name: string, tag: 'sup' | 'sub', keys: string, other: string) =>
  Mark.create({
    name,
    excludes: `${name} ${other}`,
    // A footnote's mark is where its return link points (`<sup id="fnref1">`).
    addAttributes: () => markAnchor,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
    addKeyboardShortcuts() {
      return { [keys]: () => this.editor.commands.toggleMark(name) };
    },
  });
export const SUPERSCRIPT_KEYS = 'Mod-.';
export const SUBSCRIPT_KEYS = 'Mod-,';
const Superscript = inlineMark('superscript', 'sup', SUPERSCRIPT_KEYS, 'subscript');
const Subscript = inlineMark('subscript', 'sub', SUBSCRIPT_KEYS, 'superscript');

// A listing holds no image: read as one, the listing was cut in two around it and the rest made
// a paragraph of inline code. Left out there, and named.
const ImageOutsideListings = Image.extend({
  parseHTML: () => [
    {
      tag: 'img[src]:not([src^="data:"])',
      getAttrs: (element: HTMLElement) => (element.closest('pre') ? false : null),
    },
  ],
});

/**
 * Everything the visual editor can represent: StarterKit 3 (with Link and Underline), images,
 * superscript and subscript and other phrase marks, tables, figures with captions, definition lists, disclosures,
 * embeds, video and audio, comments between blocks, wrappers (<div>, <section>…), anchors, and the classes and styles a post's markup carries; and the
 * selection kept visible while the editor has no focus; and no change to the text while it is
 * read-only.
 */
export const editorExtensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4, 5, 6] },
    code: false,
    codeBlock: false,
    // An empty paragraph at the end of every published post is clutter, not content.
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      // Only an address the writer typed as one (https://…, www.…): "main.rs", "README.md" and
      // "notes.zip" are file names, and TipTap's own rule linked them to unknown domains.
      shouldAutoLink: (url: string) => /^(https?:\/\/|mailto:|www\.)/i.test(url),
      protocols: ['http', 'https', 'mailto'],
      // Links stay as the writer wrote them: no rel or target added to published posts.
      HTMLAttributes: { rel: null, target: null },
    },
  }),
  CodeWithMarks,
  CodeListing,
  Superscript,
  Subscript,
  ...phraseMarks,
  NamedAnchor,
  AnchorIds,
  Alignment,
  KeptAttributes,
  ListItemParagraphs,
  BareLines,
  ImageOutsideListings.configure({ inline: true, allowBase64: false }),
  ...tableExtensions,
  ...tableCaptionExtensions,
  ...figureExtensions,
  ...disclosureExtensions,
  ...definitionListExtensions,
  ...embedExtensions,
  ...commentExtensions,
  ...containerExtensions,
  // The selected words stay marked while the link form (or any field) has the focus.
  Selection.configure({ className: 'kept-selection' }),
  ReadOnlyText,
];
