import { describe, expect, it } from 'vitest';
import type { RemoteRecord } from '../../../shared/model';
import { baseOf, type DraftFields } from '../store/local-store';
import {
  decidePush,
  mayLandLate,
  sameFields,
  sentEntry,
  sentWords,
  versionKey,
  wasSent,
} from './conflict';
import { givenFor, numberedFrom, numberedSlug, quireGaveSlug } from './slug-origin';

const remote = (overrides: Partial<RemoteRecord> = {}): RemoteRecord => ({
  id: 7,
  title: 'Title',
  slug: 'title',
  excerpt: null,
  content: '<p>text</p>',
  content_text: 'text',
  featured_image: null,
  status: 'draft',
  canonical_url: null,
  meta_title: null,
  meta_description: null,
  featured: false,
  created_at: '2026-01-01T00:00:00.000+00:00',
  updated_at: '2026-01-01T00:00:00.000+00:00',
  published_at: null,
  reading_time: 1,
  tags: [],
  author: null,
  category_id: null,
  ...overrides,
});

const fields = (overrides: Partial<DraftFields> = {}): DraftFields => ({
  title: 'Title',
  content: '<p>text</p>',
  slug: 'title',
  excerpt: null,
  status: 'draft',
  tags: [],
  category: null,
  featured: false,
  meta_title: null,
  meta_description: null,
  featured_image: null,
  canonical_url: null,
  ...overrides,
});

const base = { remoteId: 7, slug: 'title', updatedAt: '2026-01-01T00:00:00.000+00:00' };
const edited = { remoteId: 7, base, localRev: 3, syncedRev: 2, sentVersions: [] };
const clean = { remoteId: 7, base, localRev: 2, syncedRev: 2, sentVersions: [] };

describe('decidePush', () => {
  it('creates a draft the service has never seen', () => {
    expect(
      decidePush(
        {
          remoteId: null,
          base: null,
          fields: fields(),
          localRev: 1,
          syncedRev: 0,
          sentVersions: [],
        },
        undefined,
      ),
    ).toEqual({
      action: 'create',
    });
  });

  it('updates when the service still holds our base', () => {
    expect(decidePush({ ...edited, fields: fields({ title: 'New' }) }, remote())).toEqual({
      action: 'update',
    });
  });

  it('is a conflict when both sides changed, never an overwrite', () => {
    const theirs = remote({ title: 'Theirs', updated_at: '2026-01-02T00:00:00.000+00:00' });
    expect(decidePush({ ...edited, fields: fields({ title: 'Mine' }) }, theirs)).toEqual({
      action: 'conflict',
      reason: 'both-changed',
    });
  });

  // Review 28: on a service whose times have whole seconds, a colleague's change made in the
  // base's second has the base's `updated_at`, and was written over as the base itself.
  it('tells a change made in the base’s second by its words, where the base knows them', () => {
    const known = baseOf(remote());
    const mine = fields({ content: '<p>mine</p>' });
    const theirs = remote({ content: '<p>theirs</p>' });
    expect(theirs.updated_at).toBe(known.updatedAt);
    expect(decidePush({ ...edited, base: known, fields: mine }, theirs)).toEqual({
      action: 'conflict',
      reason: 'both-changed',
    });
    expect(decidePush({ ...edited, base: known, fields: mine }, remote())).toEqual({
      action: 'update',
    });
    // A base from before fingerprints were kept: by its time, as before.
    expect(decidePush({ ...edited, fields: mine }, theirs)).toEqual({ action: 'update' });
  });

  it('takes theirs when we have nothing unsent', () => {
    const theirs = remote({ title: 'Theirs', updated_at: '2026-01-02T00:00:00.000+00:00' });
    expect(decidePush({ ...clean, fields: fields() }, theirs)).toEqual({ action: 'take-theirs' });
  });

  it('is in step when both made the same change', () => {
    const theirs = remote({ title: 'Same', updated_at: '2026-01-02T00:00:00.000+00:00' });
    expect(decidePush({ ...edited, fields: fields({ title: 'Same' }) }, theirs)).toEqual({
      action: 'in-step',
    });
  });

  it('recognises a version we sent ourselves whose answer was lost, and updates over it', () => {
    const ours = fields({ title: 'Sent earlier' });
    const landed = remote({ title: 'Sent earlier', updated_at: '2026-01-02T00:00:00.000+00:00' });
    const draft = { ...edited, fields: fields({ title: 'Edited since' }) };
    expect(decidePush({ ...draft, sentVersions: [versionKey(ours)] }, landed)).toEqual({
      action: 'update',
    });
    expect(decidePush(draft, landed)).toEqual({ action: 'conflict', reason: 'both-changed' });
  });

  it('takes a version sent for ours only at the slug it asked for, or one numbered from it', () => {
    const ours = fields({ title: 'Sent earlier' });
    const draft = { ...edited, fields: fields({ title: 'Edited since' }) };
    const sent = [sentEntry(ours, 'title')];
    const at = (slug: string) =>
      remote({ title: 'Sent earlier', slug, updated_at: '2026-01-02T00:00:00.000+00:00' });
    expect(decidePush({ ...draft, sentVersions: sent }, at('title'))).toEqual({ action: 'update' });
    expect(decidePush({ ...draft, sentVersions: sent }, at('title-2'))).toEqual({
      action: 'update',
    });
    // A colleague's rename of those words is theirs, not the lost answer of ours.
    expect(decidePush({ ...draft, sentVersions: sent }, at('a-better-title'))).toEqual({
      action: 'conflict',
      reason: 'both-changed',
    });
    expect(decidePush({ ...clean, fields: ours, sentVersions: sent }, at('title-two'))).toEqual({
      action: 'take-theirs',
    });
  });

  it('sends on over its own words at a slug set elsewhere when the draft names no slug', () => {
    const ours = fields({ title: 'Sent earlier', slug: '' });
    const landed = remote({
      title: 'Sent earlier',
      slug: 'renamed-elsewhere',
      updated_at: '2026-01-02T00:00:00.000+00:00',
    });
    const sentVersions = [sentEntry(ours, 'title')];
    const draft = { ...edited, sentVersions, fields: fields({ title: 'Edited', slug: '' }) };
    expect(decidePush(draft, landed)).toEqual({ action: 'update' });
    // Naming a slug of its own, the draft would send it over theirs: the writer is asked.
    expect(decidePush({ ...draft, fields: fields({ title: 'Edited' }) }, landed)).toEqual({
      action: 'conflict',
      reason: 'both-changed',
    });
  });

  it('keeps the writer’s text when the record is gone from the service', () => {
    expect(decidePush({ ...edited, fields: fields({ title: 'Mine' }) }, undefined)).toEqual({
      action: 'conflict',
      reason: 'gone-from-service',
    });
  });
});

describe('sameFields', () => {
  it('compares every editable field, tags in order, absent as null', () => {
    expect(sameFields(fields(), fields())).toBe(true);
    expect(sameFields(fields({ excerpt: undefined }), fields({ excerpt: null }))).toBe(true);
    expect(sameFields(fields({ tags: [1, 2] }), fields({ tags: [2, 1] }))).toBe(false);
    expect(sameFields(fields({ status: 'publish' }), fields())).toBe(false);
    expect(sameFields(fields({ featured_image: 'https://x/y.png' }), fields())).toBe(false);
    expect(
      sameFields(
        { title: 'T', content: '' },
        { title: 'T', content: '', status: 'draft', featured: false },
      ),
    ).toBe(true);
    expect(
      sameFields({ title: 'T', content: '' }, { title: 'T', content: '', status: 'publish' }),
    ).toBe(false);
  });
});

describe('versions sent', () => {
  it('are known by their words and the slug asked for; older entries by their words alone', () => {
    const words = fields({ title: 'Harbour' });
    const entry = sentEntry(words, 'harbour');
    expect(sentWords(entry)).toBe(versionKey(words));
    expect(sentWords(versionKey(words))).toBe(versionKey(words));
    const record = (slug: string, title = 'Harbour') => remote({ title, slug });
    expect(wasSent([entry], record('harbour'))).toBe(true);
    expect(wasSent([entry], record('harbour-12'))).toBe(true);
    expect(wasSent([entry], record('harbour-lights'))).toBe(false);
    expect(wasSent([entry], record('harbour', 'Other words'))).toBe(false);
    expect(wasSent([versionKey(words)], record('harbour-lights'))).toBe(true);
  });
});

describe('slug origins', () => {
  it('numberedFrom: the stem, or the stem and a number', () => {
    expect(numberedFrom('walk', 'walk')).toBe(true);
    expect(numberedFrom('walk-2', 'walk')).toBe(true);
    expect(numberedFrom('walk-on', 'walk')).toBe(false);
    expect(numberedFrom('walk-', 'walk')).toBe(false);
    expect(numberedFrom('walker', 'walk')).toBe(false);
  });

  it('numberedFrom: a year is a name, not a numbering', () => {
    expect(numberedFrom('walk-99', 'walk')).toBe(true);
    expect(numberedFrom('walk-1', 'walk')).toBe(false);
    expect(numberedFrom('walk-100', 'walk')).toBe(false);
    expect(numberedFrom('walk-2024', 'walk')).toBe(false);
    expect(numberedFrom('walk-02', 'walk')).toBe(false);
  });

  it('givenFor: as asked, or as the service cuts an over-long slug and numbers it', () => {
    const stem = 'walking-the-towpath-of-the-old-canal-from-the-lock-keepers-cottage-up-to-the-old';
    expect(stem.length).toBe(80);
    expect(givenFor(`${stem}-3`, `${stem}-2`)).toBe(true);
    expect(givenFor('walk-2', 'walk')).toBe(true);
    expect(givenFor('walk-2024', 'walk')).toBe(false);
  });

  it('numberedSlug: within the service’s 80 characters, the stem cut at a word', () => {
    const stem = 'walking-the-towpath-of-the-old-canal-from-the-lock-keepers-cottage-up-to-the-old';
    expect(numberedSlug('walk', 2)).toBe('walk-2');
    expect(numberedSlug(stem, 2)).toBe(
      'walking-the-towpath-of-the-old-canal-from-the-lock-keepers-cottage-up-to-the-2',
    );
    expect(numberedSlug(stem.slice(0, 78), 10)).toBe(
      'walking-the-towpath-of-the-old-canal-from-the-lock-keepers-cottage-up-to-the-10',
    );
    expect(numberedSlug(stem.slice(0, 76), 9)).toBe(`${stem.slice(0, 76)}-9`);
  });

  it('quireGaveSlug: the slug last given, or one asked for, numbered or not; any when none kept', () => {
    const given = (givenSlug: string | null, claimedSlug: string | null = null) => ({
      givenSlug,
      claimedSlug,
    });
    expect(quireGaveSlug('night-walks', given('night-walks'))).toBe(true);
    // The slug given is the service's answer: numbered since, it is a colleague's (review 20).
    expect(quireGaveSlug('night-walks-2', given('night-walks'))).toBe(false);
    // One asked for may come back numbered (a deleted post keeps the slug).
    expect(quireGaveSlug('night-walks-2', given('night-walks', 'night-walks'))).toBe(true);
    expect(quireGaveSlug('walking-at-night', given('night-walks'))).toBe(false);
    expect(quireGaveSlug('walking-at-night', given(null))).toBe(true);
    // A rename on its way, its answer perhaps lost: the slug it asked for is Quire's too.
    expect(quireGaveSlug('dawn-walks', given('night-walks', 'dawn-walks'))).toBe(true);
  });
});

describe('mayLandLate', () => {
  const held = remote({ content: '<p>held</p>', status: 'draft' });
  const heldWords = fields({ content: '<p>held</p>', status: 'draft' });
  it('nothing sent, or only what the service holds: nothing on its way', () => {
    expect(mayLandLate([], held)).toBe(false);
    expect(mayLandLate([sentEntry(heldWords, 'title')], held)).toBe(false);
    // The service numbered the slug asked for: the same write.
    expect(mayLandLate([sentEntry(heldWords, 'title')], { ...held, slug: 'title-2' })).toBe(false);
  });
  it('a Publish, other words, or a rename sent and not held: it may land yet', () => {
    expect(mayLandLate([sentEntry({ ...heldWords, status: 'publish' }, 'title')], held)).toBe(true);
    expect(mayLandLate([sentEntry({ ...heldWords, content: '<p>x</p>' }, 'title')], held)).toBe(
      true,
    );
    expect(mayLandLate([sentEntry(heldWords, 'elsewhere')], held)).toBe(true);
    expect(
      mayLandLate(
        [sentEntry(heldWords, 'title'), sentEntry({ ...heldWords, title: 'T' }, 'title')],
        held,
      ),
    ).toBe(true);
  });
});
