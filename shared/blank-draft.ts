import type { RecordDraftFields } from './model';

// Markup that holds nothing a reader would see when it has no text inside: what an editor leaves
// behind when everything is deleted (`<p></p>`, a stray `<br>`, an empty list or heading).
const HOLDS_NOTHING_EMPTY = new Set([
  'p',
  'br',
  'div',
  'span',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'code',
  'pre',
  'a',
  'mark',
  'sub',
  'sup',
  'small',
]);

/**
 * True when a draft has neither a title nor anything a reader would see. Such a draft is never
 * created on the service: an accidental "New post" must not leave an empty post behind.
 * String-based so the sync engine (no DOM) and the renderer share one rule.
 */
export function isBlankDraft(fields: { title: string; content: string }): boolean {
  if (fields.title.trim() !== '') return false;
  const text = fields.content
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ');
  if (text.trim() !== '') return false;
  const tags = [...fields.content.matchAll(/<\s*([a-zA-Z][\w-]*)/g)].map((m) =>
    m[1]!.toLowerCase(),
  );
  return tags.every((tag) => HOLDS_NOTHING_EMPTY.has(tag));
}

/**
 * True when nothing at all has been written into a draft: blank, and every other field empty or
 * at the service's default. Only such a draft may be dropped without asking.
 */
export function isUntouched(
  fields: RecordDraftFields & { title: string; content: string },
): boolean {
  return (
    isBlankDraft(fields) &&
    !fields.slug &&
    !fields.excerpt &&
    (fields.status ?? 'draft') === 'draft' &&
    fields.category == null &&
    !fields.tags?.length &&
    !fields.featured &&
    !fields.meta_title &&
    !fields.meta_description &&
    !fields.featured_image &&
    !fields.canonical_url
  );
}
