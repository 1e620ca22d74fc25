import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_URL_TEMPLATE, siteUrl, structuredData } from './jsonld';
import { recordRow, sampleAuthor, samplePublication } from './testing/record-rows';

const OPEN = '<script type="application/ld+json">';
const CLOSE = '</script>';

const publication = samplePublication;
const author = sampleAuthor;
const record = recordRow;

/** The script element's body, after checking the element is exactly one whole script. */
function scriptBody(html: string): string {
  expect(html.startsWith(OPEN)).toBe(true);
  expect(html.endsWith(CLOSE)).toBe(true);
  const body = html.slice(OPEN.length, -CLOSE.length);
  // An HTML parser ends the element at the first "</script" and treats "<!--" specially.
  expect(body).not.toContain('<');
  return body;
}

type Entry = Record<string, any>;
function graphOf(html: string): Entry[] {
  const json = JSON.parse(scriptBody(html)) as { '@context': string; '@graph': Entry[] };
  expect(json['@context']).toBe('https://schema.org');
  return json['@graph'];
}
const typesOf = (graph: Entry[]): string[] => graph.map((entry) => entry['@type'] as string);
const entry = (graph: Entry[], type: string): Entry => {
  const found = graph.filter((item) => item['@type'] === type);
  expect(found).toHaveLength(1);
  return found[0] as Entry;
};

describe('structuredData', () => {
  const site = 'https://notes.example';

  it('is a JSON-LD script holding the website, page, breadcrumb and person', () => {
    const graph = graphOf(structuredData(record(), publication, author, site));
    expect(typesOf(graph).sort()).toEqual(['BreadcrumbList', 'Person', 'WebPage', 'WebSite']);
  });

  it('links its entries to each other by @id', () => {
    const graph = graphOf(structuredData(record(), publication, author, site));
    const website = entry(graph, 'WebSite');
    const page = entry(graph, 'WebPage');
    const person = entry(graph, 'Person');
    const breadcrumb = entry(graph, 'BreadcrumbList');
    expect(website).toMatchObject({ url: `${site}/`, name: 'Field Notes' });
    expect(website.publisher['@id']).toBe(person['@id']);
    expect(page).toMatchObject({
      url: `${site}/a-walk-by-the-river`,
      name: 'A walk by the river',
      description: 'Morning notes.',
      datePublished: '2026-01-02T03:04:05.678+00:00',
      dateModified: '2026-01-03T03:04:05.678+00:00',
    });
    expect(page.isPartOf['@id']).toBe(website['@id']);
    expect(page.author['@id']).toBe(person['@id']);
    expect(page.breadcrumb['@id']).toBe(breadcrumb['@id']);
    expect(breadcrumb.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${site}/` },
      { '@type': 'ListItem', position: 2, name: 'A walk by the river' },
    ]);
    expect(person).toMatchObject({
      name: 'Ada Marlowe',
      description: 'Editor',
      image: { '@type': 'ImageObject', url: `${site}/avatars/avatar-1.png` },
    });
  });

  it('adds an ImageObject, as the primary image, only when there is a featured image', () => {
    const image = 'https://images.example.com/cover.jpg';
    const withImage = graphOf(
      structuredData(record({ featured_image: image }), publication, author, site),
    );
    expect(typesOf(withImage)).toContain('ImageObject');
    const imageObject = entry(withImage, 'ImageObject');
    expect(imageObject).toMatchObject({ url: image, contentUrl: image });
    expect(entry(withImage, 'WebPage').primaryImageOfPage['@id']).toBe(imageObject['@id']);

    const without = graphOf(structuredData(record(), publication, author, site));
    expect(typesOf(without)).not.toContain('ImageObject');
    expect(entry(without, 'WebPage')).not.toHaveProperty('primaryImageOfPage');
  });

  it('prefers the meta title and meta description for the web page', () => {
    const graph = graphOf(
      structuredData(
        record({ meta_title: 'SEO title', meta_description: 'SEO description' }),
        publication,
        author,
        site,
      ),
    );
    expect(entry(graph, 'WebPage')).toMatchObject({
      name: 'SEO title',
      description: 'SEO description',
    });
  });

  it('leaves out the publish date of a draft instead of writing null', () => {
    const graph = graphOf(
      structuredData(record({ status: 'draft', published_at: null }), publication, author, site),
    );
    expect(entry(graph, 'WebPage')).not.toHaveProperty('datePublished');
  });

  it('still names the breadcrumb of an untitled record, by its slug', () => {
    const graph = graphOf(structuredData(record({ title: '' }), publication, author, site));
    const crumbs = entry(graph, 'BreadcrumbList').itemListElement as Entry[];
    expect(crumbs[1]?.name).toBe('a-walk-by-the-river');
  });

  it('copes with a missing author', () => {
    const graph = graphOf(structuredData(record(), publication, undefined, site));
    const person = entry(graph, 'Person');
    expect(person.name).toBe('');
    expect(person).not.toHaveProperty('image');
  });

  it('cannot be broken out of by a hostile title', () => {
    const title = '</script><script>alert(1)</script><!-- & \u2028\u2029';
    const html = structuredData(
      record({ title, excerpt: '<b>bold</b>', meta_description: null }),
      publication,
      { ...author, name: '</SCRIPT><img src=x onerror=alert(1)>' },
      site,
    );
    const body = scriptBody(html);
    expect(body).not.toContain('>');
    expect(body).not.toContain('\u2028');
    expect(body).not.toContain('\u2029');
    const graph = graphOf(html);
    // Escaping must not change the data a consumer reads back.
    expect(entry(graph, 'WebPage').name).toBe(title);
    expect(entry(graph, 'WebPage').description).toBe('<b>bold</b>');
    expect(entry(graph, 'Person').name).toBe('</SCRIPT><img src=x onerror=alert(1)>');
  });

  it('round-trips any title and keeps "<" out of the script body', () => {
    const htmlish = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      fc
        .array(
          fc.constantFrom('<', '/', 'script', '>', '<!--', '-->', '&', '\u2028', '"', '\\', 'x'),
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(htmlish, htmlish, (title, name) => {
        const html = structuredData(record({ title }), { ...publication, name }, author, site);
        const graph = graphOf(html);
        expect(entry(graph, 'WebPage').name).toBe(title);
        expect(entry(graph, 'WebSite').name).toBe(name);
      }),
      { numRuns: 300 },
    );
  });
});

describe('siteUrl', () => {
  it('uses the publication domain over https when there is one', () => {
    expect(siteUrl({ ...publication, domain: 'notes.example.com' })).toBe(
      'https://notes.example.com',
    );
    expect(siteUrl({ ...publication, domain: 'notes.example.com' }, 'http://x/{subdomain}')).toBe(
      'https://notes.example.com',
    );
  });

  it('fills the template with the subdomain when there is no domain', () => {
    expect(DEFAULT_SITE_URL_TEMPLATE).toBe('http://{subdomain}.localhost');
    expect(siteUrl(publication)).toBe('http://field-notes.localhost');
    expect(siteUrl(publication, 'https://{subdomain}.blogs.example/{subdomain}')).toBe(
      'https://field-notes.blogs.example/field-notes',
    );
  });

  it('treats an empty domain as no domain', () => {
    expect(siteUrl({ ...publication, domain: '' })).toBe('http://field-notes.localhost');
  });

  it('is the base of every URL in the structured data', () => {
    const site = siteUrl({ ...publication, domain: 'notes.example.com' });
    const graph = graphOf(structuredData(record(), publication, author, site));
    expect(entry(graph, 'WebSite').url).toBe('https://notes.example.com/');
    expect(entry(graph, 'WebPage').url).toBe('https://notes.example.com/a-walk-by-the-river');
  });
});
