import { siteUrl, structuredData } from './jsonld';
import type { Author, Publication, Taxon } from './publications';
import type { Kind, RecordRow } from './records';
import { isoOrNull, isoTimestamp } from './time';

const UNKNOWN_AUTHOR: Author = { id: 0, name: '', tagline: '', avatar: '' };

/** A record as the list endpoint shows it: every field of spec section 2, in its order. */
export function recordJson(
  row: RecordRow,
  kind: Kind,
  tags: readonly Taxon[],
  author: Author | undefined,
): Record<string, unknown> {
  return {
    id: row.id,
    author_id: row.author_id,
    publication_id: row.publication_id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    content_text: row.content_text,
    featured_image: row.featured_image,
    status: row.status,
    canonical_url: row.canonical_url,
    [kind === 'post' ? 'post_type' : 'page_type']: kind,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    featured: row.featured,
    toc: row.toc,
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
    published_at: isoOrNull(row.published_at),
    deleted_at: isoOrNull(row.deleted_at),
    reading_time: row.reading_time,
    tags: tags.map(({ id, name, slug }) => ({ id, name, slug })),
    author: author ?? { ...UNKNOWN_AUTHOR, id: row.author_id },
    // Our extension: the category accepted on create/update can be read back.
    category_id: row.category_id,
  };
}

/** A record as get-by-slug shows it: the list form plus `schema` and `publication`. */
export function singleRecordJson(
  row: RecordRow,
  kind: Kind,
  tags: readonly Taxon[],
  author: Author | undefined,
  publication: Publication,
  siteUrlTemplate?: string,
): Record<string, unknown> {
  return {
    ...recordJson(row, kind, tags, author),
    schema: structuredData(row, publication, author, siteUrl(publication, siteUrlTemplate)),
    publication: {
      id: publication.id,
      name: publication.name,
      subdomain: publication.subdomain,
      domain: publication.domain,
    },
  };
}
