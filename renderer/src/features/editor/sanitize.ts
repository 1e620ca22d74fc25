import DOMPurify from 'dompurify';

/**
 * HTML from the service, made safe to render: no scripts, no event handlers, no javascript:
 * URLs. Applied before anything reaches the editor or a preview.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#|\/|\.)/i,
  });
}
