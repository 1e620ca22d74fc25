import { CodeBlock } from '@tiptap/extension-code-block';
import { KEPT_CLASS } from './kept-attributes';

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
  marks: 'span',
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
  renderHTML({ node, HTMLAttributes }) {
    const kept = node.attrs.codeClass as string | null;
    const language = node.attrs.language as string | null;
    const code = kept ? { [KEPT_CLASS]: kept } : language ? { class: LANGUAGE + language } : {};
    return ['pre', HTMLAttributes, ['code', code, 0]];
  },
});
