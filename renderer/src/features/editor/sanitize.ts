import DOMPurify from 'dompurify';
import { ANCHOR_ID } from './anchor-ids';
import { commentsAsElements } from './comments';
import { embedName } from './embeds';
import { KEPT_STYLE } from './kept-attributes';

// An instance of our own, so its hook is ours alone.
const purify = DOMPurify(window);
// A heading's or paragraph's id is an anchor the editor keeps as data (see anchor-ids.ts); as
// data, DOMPurify's guard against DOM clobbering has nothing to refuse in "## Links" (id="links").
purify.addHook('beforeSanitizeAttributes', (node) => {
  if (node.nodeType !== 1) return;
  const element = node as Element;
  // A post's inline style is kept as data too (kept-attributes.ts): read as `style`, TipTap's
  // rules would make marks of it (bold of font-weight), which the post never had.
  const style = element.getAttribute('style');
  if (style !== null) {
    element.removeAttribute('style');
    if (!element.hasAttribute(KEPT_STYLE)) element.setAttribute(KEPT_STYLE, style);
  }
  const id = element.getAttribute('id');
  if (
    id === null ||
    !/^(H[1-6]|P|PRE|FIGURE|LI|SUP|SPAN|A|DIV|SECTION|ARTICLE|ASIDE|HEADER|FOOTER)$/.test(
      element.tagName,
    )
  )
    return;
  element.removeAttribute('id');
  if (!element.hasAttribute(ANCHOR_ID)) element.setAttribute(ANCHOR_ID, id);
});

// An <iframe> is kept only from the players writers embed (see embeds.ts); any other is removed
// here, its address never reaching the editor.
purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName !== 'iframe') return;
  const element = node as Element;
  if (embedName(element.getAttribute('src')) === null) element.remove();
});

// The parser drops a line end just after `<pre>`, and serialising does not write it back: read
// again (the editor parses what this returns), a listing opening with a blank line lost it
// (review R15). The one kept is written twice, as the post had it.
purify.addHook('afterSanitizeElements', (node) => {
  if (node.nodeName !== 'PRE') return;
  const first = node.firstChild;
  if (first?.nodeType === 3 && first.nodeValue?.startsWith('\n'))
    first.nodeValue = `\n${first.nodeValue}`;
});

/**
 * HTML from the service, made safe to render: no scripts, no event handlers, no javascript:
 * URLs. Applied before anything reaches the editor or a preview.
 */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(commentsAsElements(html), {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    ADD_TAGS: ['iframe'],
    // What an embed's player is allowed (full screen, autoplay), as the post said.
    ADD_ATTR: [
      'allow',
      'allowfullscreen',
      'frameborder',
      'referrerpolicy',
      'sandbox',
      'scrolling',
      // Blogger's, on the <div> around every post it wrote, and older editors' image spacing:
      // harmless, and the post's own.
      'trbidi',
      'hspace',
      'vspace',
    ],
    // DOMPurify's own URI rule, not a narrower one: it refuses javascript: and the like, and a
    // custom pattern is applied to every attribute, so `dir`, `lang`, `width` or `start` went too.
    // Where an image may load from is the CSP's job (img-src: https and data only).
  });
}
