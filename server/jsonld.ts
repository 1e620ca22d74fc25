import type { Author, Publication } from './publications';
import type { RecordRow } from './records';
import { isoOrNull, isoTimestamp } from './time';

export const DEFAULT_SITE_URL_TEMPLATE = 'http://{subdomain}.localhost';

/** The public site of a publication: its own domain when it has one. */
export function siteUrl(publication: Publication, template = DEFAULT_SITE_URL_TEMPLATE): string {
  return publication.domain
    ? `https://${publication.domain}`
    : template.replaceAll('{subdomain}', publication.subdomain);
}

// JSON inside <script> must not be able to close the element or open a comment.
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function structuredData(
  record: RecordRow,
  publication: Publication,
  author: Author | undefined,
  site: string,
): string {
  const home = `${site}/`;
  const url = `${site}/${record.slug}`;
  const websiteId = `${home}#website`;
  const personId = `${home}#/person/${record.author_id}`;
  const imageId = `${url}#primaryimage`;
  const description = record.meta_description ?? record.excerpt ?? undefined;
  const graph: Record<string, unknown>[] = [
    {
      '@type': 'WebSite',
      '@id': websiteId,
      url: home,
      name: publication.name,
      publisher: { '@id': personId },
    },
  ];
  if (record.featured_image) {
    graph.push({
      '@type': 'ImageObject',
      '@id': imageId,
      url: record.featured_image,
      contentUrl: record.featured_image,
    });
  }
  graph.push(
    {
      '@type': 'WebPage',
      '@id': `${url}#webpage`,
      url,
      name: record.meta_title ?? record.title,
      ...(description ? { description } : {}),
      isPartOf: { '@id': websiteId },
      ...(record.featured_image ? { primaryImageOfPage: { '@id': imageId } } : {}),
      datePublished: isoOrNull(record.published_at) ?? undefined,
      dateModified: isoTimestamp(record.updated_at),
      author: { '@id': personId },
      breadcrumb: { '@id': `${url}#breadcrumb` },
      inLanguage: 'en',
    },
    {
      '@type': 'BreadcrumbList',
      '@id': `${url}#breadcrumb`,
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: home },
        { '@type': 'ListItem', position: 2, name: record.title || record.slug },
      ],
    },
    {
      '@type': 'Person',
      '@id': personId,
      name: author?.name ?? '',
      ...(author?.tagline ? { description: author.tagline } : {}),
      ...(author?.avatar
        ? { image: { '@type': 'ImageObject', url: `${site}/avatars/${author.avatar}` } }
        : {}),
    },
  );
  return `<script type="application/ld+json">${scriptSafeJson({
    '@context': 'https://schema.org',
    '@graph': graph,
  })}</script>`;
}
