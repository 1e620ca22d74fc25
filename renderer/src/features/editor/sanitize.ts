import DOMPurify from 'dompurify';

/**
 * HTML from the service, made safe to render: no scripts, no event handlers, no javascript:
 * URLs. Applied before anything reaches the editor or a preview.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    // DOMPurify's own URI rule, not a narrower one: it refuses javascript: and the like, and a
    // custom pattern is applied to every attribute, so `dir`, `lang`, `width` or `start` went too.
    // Where an image may load from is the CSP's job (img-src: https and data only).
  });
}
