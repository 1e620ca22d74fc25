import type { Author, Publication } from '../publications';
import type { RecordRow } from '../records';

/** A publication as the store holds it, for tests of what is written from it. */
export const samplePublication: Publication = {
  id: 7,
  subdomain: 'field-notes',
  name: 'Field Notes',
  domain: null,
};

export const sampleAuthor: Author = {
  id: 3,
  name: 'Ada Marlowe',
  tagline: 'Editor',
  avatar: 'avatar-1.png',
};

/** A published post's row with only what every post has: its optional fields empty. */
export function recordRow(overrides: Partial<RecordRow> = {}): RecordRow {
  return {
    id: 42,
    publication_id: 7,
    kind: 'post',
    author_id: 3,
    category_id: null,
    title: 'A walk by the river',
    slug: 'a-walk-by-the-river',
    excerpt: 'Morning notes.',
    content: '<p>Hello</p>',
    content_text: 'Hello',
    featured_image: null,
    status: 'publish',
    canonical_url: null,
    meta_title: null,
    meta_description: null,
    featured: 0,
    toc: 0,
    reading_time: 1,
    created_at: Date.UTC(2026, 0, 2, 3, 4, 5, 678),
    updated_at: Date.UTC(2026, 0, 3, 3, 4, 5, 678),
    published_at: Date.UTC(2026, 0, 2, 3, 4, 5, 678),
    deleted_at: null,
    ...overrides,
  };
}
