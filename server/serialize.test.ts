import { describe, expect, it } from 'vitest';
import type { RecordRow } from './records';
import { recordRow, sampleAuthor, samplePublication } from './testing/record-rows';
import { recordJson, singleRecordJson } from './serialize';

const publication = samplePublication;
const author = sampleAuthor;

/** A post with every field set. */
const record = (overrides: Partial<RecordRow> = {}): RecordRow =>
  recordRow({
    category_id: 5,
    featured_image: 'https://images.example.com/river.jpg',
    canonical_url: 'https://example.com/river',
    meta_title: 'River walk',
    meta_description: 'Notes from a walk.',
    featured: 1,
    reading_time: 2,
    ...overrides,
  });

describe('recordJson', () => {
  it('lists every field of spec section 2 in its order, then our category_id', () => {
    expect(Object.keys(recordJson(record(), 'post', [], author))).toEqual([
      'id',
      'author_id',
      'publication_id',
      'title',
      'slug',
      'excerpt',
      'content',
      'content_text',
      'featured_image',
      'status',
      'canonical_url',
      'post_type',
      'meta_title',
      'meta_description',
      'featured',
      'toc',
      'created_at',
      'updated_at',
      'published_at',
      'deleted_at',
      'reading_time',
      'tags',
      'author',
      'category_id',
    ]);
  });

  it('writes each value as the spec does', () => {
    expect(recordJson(record(), 'post', [], author)).toEqual({
      id: 42,
      author_id: 3,
      publication_id: 7,
      title: 'A walk by the river',
      slug: 'a-walk-by-the-river',
      excerpt: 'Morning notes.',
      content: '<p>Hello</p>',
      content_text: 'Hello',
      featured_image: 'https://images.example.com/river.jpg',
      status: 'publish',
      canonical_url: 'https://example.com/river',
      post_type: 'post',
      meta_title: 'River walk',
      meta_description: 'Notes from a walk.',
      featured: 1,
      toc: 0,
      created_at: '2026-01-02T03:04:05.678+00:00',
      updated_at: '2026-01-03T03:04:05.678+00:00',
      published_at: '2026-01-02T03:04:05.678+00:00',
      deleted_at: null,
      reading_time: 2,
      tags: [],
      author,
      category_id: 5,
    });
  });

  it('names a page’s type page_type, and has no post_type', () => {
    const json = recordJson(record({ kind: 'page' }), 'page', [], author);
    expect(json.page_type).toBe('page');
    expect(json).not.toHaveProperty('post_type');
  });

  it('keeps featured and toc as the integers 0 and 1, never booleans', () => {
    const json = recordJson(record({ featured: 0, toc: 1 }), 'post', [], author);
    expect(json.featured).toBe(0);
    expect(json.toc).toBe(1);
    expect(recordJson(record({ featured: 1 }), 'post', [], author).featured).toBe(1);
  });

  it('sends every empty field as null, present in the JSON rather than left out', () => {
    const empty = record({
      category_id: null,
      excerpt: null,
      featured_image: null,
      canonical_url: null,
      meta_title: null,
      meta_description: null,
      status: 'draft',
      published_at: null,
    });
    const sent = JSON.parse(JSON.stringify(recordJson(empty, 'post', [], author)));
    for (const field of [
      'category_id',
      'excerpt',
      'featured_image',
      'canonical_url',
      'meta_title',
      'meta_description',
      'published_at',
      'deleted_at',
    ])
      expect(sent, field).toHaveProperty(field, null);
  });

  it('writes a trashed record’s deleted_at as a timestamp', () => {
    const json = recordJson(record({ deleted_at: 0 }), 'post', [], author);
    // 0 is the epoch, not "not deleted".
    expect(json.deleted_at).toBe('1970-01-01T00:00:00.000+00:00');
  });

  it('embeds each tag’s id, name and slug only, in the order given', () => {
    // As a join hands them over, with columns of its own the answer must not carry.
    const tags = [
      { id: 9, name: 'Walks', slug: 'walks', record_id: 42, position: 0 },
      { id: 2, name: 'Café Culture', slug: 'cafe-culture', record_id: 42, position: 1 },
    ];
    expect(recordJson(record(), 'post', tags, author).tags).toEqual([
      { id: 9, name: 'Walks', slug: 'walks' },
      { id: 2, name: 'Café Culture', slug: 'cafe-culture' },
    ]);
  });

  it('gives an author it cannot find the record’s author_id and empty words', () => {
    const first = recordJson(record({ author_id: 11 }), 'post', [], undefined);
    expect(first.author).toEqual({ id: 11, name: '', tagline: '', avatar: '' });
    // Each record its own: one record's stand-in does not become the next one's.
    const second = recordJson(record({ author_id: 12 }), 'post', [], undefined);
    expect(second.author).toEqual({ id: 12, name: '', tagline: '', avatar: '' });
    expect(first.author).toEqual({ id: 11, name: '', tagline: '', avatar: '' });
  });
});

describe('singleRecordJson', () => {
  it('is the list form plus schema and the publication, in that order', () => {
    const list = recordJson(record(), 'post', [], author);
    const single = singleRecordJson(record(), 'post', [], author, publication);
    expect(Object.keys(single)).toEqual([...Object.keys(list), 'schema', 'publication']);
    expect(single).toMatchObject(list);
    expect(single.publication).toEqual({
      id: 7,
      name: 'Field Notes',
      subdomain: 'field-notes',
      domain: null,
    });
  });

  it('builds the schema on the publication’s own site address', () => {
    const onTemplate = singleRecordJson(
      record(),
      'post',
      [],
      author,
      publication,
      'https://{subdomain}.blogs.example',
    );
    expect(onTemplate.schema).toContain(
      '"url":"https://field-notes.blogs.example/a-walk-by-the-river"',
    );
    const withDomain = singleRecordJson(
      record(),
      'post',
      [],
      author,
      { ...publication, domain: 'notes.example' },
      'https://{subdomain}.blogs.example',
    );
    expect(withDomain.schema).toContain('"url":"https://notes.example/a-walk-by-the-river"');
    expect(withDomain.publication).toMatchObject({ domain: 'notes.example' });
  });
});
