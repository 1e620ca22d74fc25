import { describe, expect, it } from 'vitest';
import { differingFields } from './field-differences';

const base = { title: 'Harbour', content: '<p>Quiet.</p>' };

describe('differingFields', () => {
  it('names nothing when both sides hold the same', () => {
    expect(differingFields(base, { ...base })).toEqual([]);
  });

  it('treats an unset field as the service default', () => {
    expect(
      differingFields(base, { ...base, status: 'draft', featured: false, excerpt: null }),
    ).toEqual([]);
    expect(differingFields(base, { ...base, status: 'publish' })).toEqual(['status']);
  });

  it('names every differing field in a fixed order, slug only when both sides name one', () => {
    const theirs = {
      ...base,
      title: 'Harbor',
      excerpt: 'Grey',
      tags: [2, 1],
      slug: 'harbor',
      canonical_url: 'https://example.com/h',
    };
    expect(differingFields({ ...base, tags: [1, 2] }, theirs)).toEqual([
      'title',
      'excerpt',
      'canonical_url',
      'tags',
    ]);
    expect(differingFields({ ...base, slug: 'harbour' }, theirs)).toContain('slug');
  });
});
