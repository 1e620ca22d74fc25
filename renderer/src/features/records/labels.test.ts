import { describe, expect, it } from 'vitest';
import { statusBadge } from './labels';

describe('statusBadge', () => {
  it('names what readers see when the service has what the writer set', () => {
    expect(statusBadge('publish', 'publish', 'Journal')).toMatchObject({
      label: 'Published',
      className: 'status-publish',
    });
    expect(statusBadge('draft', 'draft', 'Journal').label).toBe('Draft');
    // Never sent: readers see nothing, which is what a draft is to them.
    expect(statusBadge('draft', null, 'Journal').label).toBe('Draft');
  });

  it('never calls a publish the service has not confirmed "Published"', () => {
    expect(statusBadge('publish', 'draft', 'Journal')).toEqual({
      label: 'Publish pending',
      className: 'status-pending',
      title: 'Not live yet: it is published when Journal confirms it.',
    });
    expect(statusBadge('publish', null, 'Journal').label).toBe('Publish pending');
    expect(statusBadge('draft', 'publish', 'Journal')).toMatchObject({
      label: 'Unpublish pending',
      title: expect.stringContaining('Still live'),
    });
  });
});
