import { CodeBlock } from '@tiptap/extension-code-block';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { changedRanges } from './anchor-ids';
import { KEPT_CLASS } from './kept-attributes';
import { LISTING_SPANS } from './span-names';

// A published listing is rarely bare text: highlighters wrap each keyword in a classed <span>
// (`hljs-keyword`), and mdBook wraps the lines it hides from readers until asked
// (`<span class="boring">fn main() {</span>`). Those spans are kept as marks; nothing else is,
// as a listing's words are code, not prose. The <code> element's whole class is kept too:
// beside the language, mdBook writes an edition (`language-rust edition2024`), highlight.js
// its own `hljs`.
const codeOf = (pre: HTMLElement): Element | null =>
  pre.firstElementChild?.tagName === 'CODE' ? pre.firstElementChild : null;

// In the editing view the class is data (as every class of a post is, see kept-attributes.ts);
// the editor's own copies carry it so.
const codeClass = (pre: HTMLElement): string | null => {
  const code = codeOf(pre);
  return code?.getAttribute(KEPT_CLASS) ?? code?.getAttribute('class') ?? null;
};

const LANGUAGE = 'language-';

export const CodeListing = CodeBlock.extend({
  marks: LISTING_SPANS,
  // A comment or a named anchor among a listing's lines (Pygments anchors each line) stays where
  // it is, and so does one in a paragraph made a listing.
  content: '(text | namedAnchor | inlineComment)*',
  addAttributes() {
    return {
      language: {
        default: null,
        rendered: false,
        parseHTML: (pre: HTMLElement) =>
          (codeClass(pre) ?? '')
            .split(/\s+/)
            .find((name) => name.startsWith(LANGUAGE) && name.length > LANGUAGE.length)
            ?.slice(LANGUAGE.length) ?? null,
      },
      codeClass: { default: null, rendered: false, parseHTML: codeClass },
    };
  },
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('highlightingStaysInListings'),
        appendTransaction: (transactions, _before, state) =>
          highlightingLeftBehind(transactions, state),
      }),
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    const kept = node.attrs.codeClass as string | null;
    const language = node.attrs.language as string | null;
    const code = kept ? { [KEPT_CLASS]: kept } : language ? { class: LANGUAGE + language } : {};
    return ['pre', HTMLAttributes, ['code', code, 0]];
  },
});

/**
 * The fix for a listing's highlighting carried out of it, or null: a listing made a paragraph, or
 * a part of one pasted into prose. ProseMirror lets any mark into a paragraph; a highlighter's
 * classes there (`hljs-keyword`) would style the prose on the published page.
 */
export function highlightingLeftBehind(
  transactions: readonly Transaction[],
  state: EditorState,
): Transaction | null {
  if (!transactions.some((tr) => tr.docChanged)) return null;
  const types = LISTING_SPANS.split(' ').flatMap((name) => state.schema.marks[name] ?? []);
  let fix: Transaction | null = null;
  const size = state.doc.content.size;
  for (const { from, to } of changedRanges(transactions))
    // A block retyped keeps its text in place: the change is at its edges, so whole blocks are read.
    state.doc.nodesBetween(Math.max(0, from - 1), Math.min(size, to + 1), (node, pos) => {
      if (!node.isTextblock) return true;
      if (node.type.spec.code) return false;
      node.forEach((child, offset) => {
        for (const type of types)
          if (type.isInSet(child.marks))
            (fix ??= state.tr).removeMark(
              pos + 1 + offset,
              pos + 1 + offset + child.nodeSize,
              type,
            );
      });
      return false;
    });
  return fix;
}
