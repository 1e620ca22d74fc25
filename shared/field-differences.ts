import type { RecordDraftFields } from './model';

type Fields = RecordDraftFields & { title: string; content: string };
export type FieldKey = keyof RecordDraftFields;

// Slug is not here: the service gives every record one, so it differs only when both name one.
export const COMPARED_FIELDS: readonly FieldKey[] = [
  'title',
  'content',
  'excerpt',
  'status',
  'category',
  'featured',
  'meta_title',
  'meta_description',
  'featured_image',
  'canonical_url',
];

// What the service assumes for a field a draft never set.
const DEFAULTS: Partial<Record<FieldKey, unknown>> = { status: 'draft', featured: false };

/** A field's value as the service would hold it: unset means the service's default, or none. */
export const effectiveValue = (fields: Fields, key: FieldKey): unknown =>
  fields[key] ?? DEFAULTS[key] ?? null;

/**
 * The fields a writer can edit that differ between two versions, in a fixed order. Shared so
 * the sync engine's "same or not" and the conflict view's "what differs" can never disagree.
 */
export function differingFields(a: Fields, b: Fields): FieldKey[] {
  const differing = COMPARED_FIELDS.filter(
    (key) => effectiveValue(a, key) !== effectiveValue(b, key),
  );
  if (a.slug && b.slug && a.slug !== b.slug) differing.push('slug');
  const tagsA = a.tags ?? [];
  const tagsB = b.tags ?? [];
  if (tagsA.length !== tagsB.length || tagsA.some((tag, i) => tag !== tagsB[i]))
    differing.push('tags');
  return differing;
}
