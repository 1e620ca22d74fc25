import type { FieldKey } from '../../../../shared/field-differences';

/**
 * The metadata panel's names for the fields, wherever a field is named (the conflict view's rows,
 * the line under the title), so the writer recognises each.
 */
export const FIELD_LABELS: Partial<Record<FieldKey, string>> = {
  slug: 'Slug',
  excerpt: 'Excerpt',
  status: 'Status',
  tags: 'Tags',
  category: 'Category id',
  featured: 'Featured',
  meta_title: 'Meta title',
  meta_description: 'Meta description',
  featured_image: 'Featured image URL',
  canonical_url: 'Canonical URL',
};
