import { describe, expect, it } from 'vitest';
import { heldEdits, holdsForUpdate } from './hold';

const base = (status?: 'draft' | 'publish') => ({
  remoteId: 7,
  slug: 'morning',
  updatedAt: '2026-11-01T08:00:00Z',
  ...(status ? { status } : {}),
});
const draft = (
  serviceStatus: 'draft' | 'publish' | undefined,
  wanted: 'draft' | 'publish' | undefined,
  revs = { localRev: 2, syncedRev: 1 },
) => ({
  remoteId: 7,
  base: base(serviceStatus),
  fields: { title: 'Morning', content: '<p>x</p>', ...(wanted ? { status: wanted } : {}) },
  ...revs,
});

describe('holdsForUpdate', () => {
  it('holds edits only to a record the service shows and the writer keeps published', () => {
    expect(holdsForUpdate(draft('publish', 'publish'))).toBe(true);
    // Unpublishing is the writer's own act: it goes at once.
    expect(holdsForUpdate(draft('publish', 'draft'))).toBe(false);
    // Publishing too: the service does not show it yet.
    expect(holdsForUpdate(draft('draft', 'publish'))).toBe(false);
    expect(holdsForUpdate(draft('draft', 'draft'))).toBe(false);
    expect(holdsForUpdate(draft('draft', undefined))).toBe(false);
  });

  it('never holds a record the service does not have, nor one whose status it never said', () => {
    expect(holdsForUpdate({ ...draft('publish', 'publish'), remoteId: null })).toBe(false);
    expect(holdsForUpdate({ ...draft('publish', 'publish'), base: null })).toBe(false);
    expect(holdsForUpdate(draft(undefined, 'publish'))).toBe(false);
  });
});

describe('heldEdits', () => {
  it('is true only with edits the service does not have', () => {
    expect(heldEdits(draft('publish', 'publish'))).toBe(true);
    expect(heldEdits(draft('publish', 'publish', { localRev: 3, syncedRev: 3 }))).toBe(false);
    expect(heldEdits(draft('draft', 'draft'))).toBe(false);
  });
});
