import { describe, expect, it } from 'vitest';
import { listOrderCaption, statusBadge, SYNC_LABELS, syncShown } from './labels';

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

  it('calls a publish the service refused refused, not pending: it waits for the writer', () => {
    expect(statusBadge('publish', 'draft', 'Journal', true)).toMatchObject({
      label: 'Publish refused',
      className: 'status-refused',
    });
    expect(statusBadge('draft', 'publish', 'Journal', true).label).toBe('Unpublish refused');
    // It goes by itself once put right: said, as a writer who cleared the field went live unawares.
    expect(statusBadge('publish', null, 'Journal', true).title).toBe(
      'Not live: Journal refused it (what it said shows in the post, under its title). It goes live by itself once that is put right, unless you keep it a draft.',
    );
    expect(statusBadge('draft', 'publish', 'Journal', true).title).toBe(
      'Still live: Journal refused the unpublish (what it said shows in the post, under its title). It is unpublished by itself once that is put right, unless you keep it published.',
    );
    // What readers see, as the writer set it: nothing refused to say.
    expect(statusBadge('publish', 'publish', 'Journal', true).label).toBe('Published');
  });
});

describe('listOrderCaption', () => {
  const at = (...dates: (string | null)[]) => dates.map((createdAt) => ({ createdAt }));

  it('says newest first when the creation dates run that way', () => {
    expect(
      listOrderCaption(
        at('2026-03-02T10:00:00Z', '2026-03-01T10:00:00Z', '2026-03-01T10:00:00Z'),
        'Journal',
      ),
    ).toBe('Newest first, by date created.');
    // A draft made here and not listed yet has no date; it does not decide the order.
    expect(
      listOrderCaption(at(null, '2026-03-02T10:00:00Z', '2026-03-01T10:00:00Z'), 'Journal'),
    ).toBe('Newest first, by date created.');
  });

  it("otherwise names the service's order rather than inventing one", () => {
    expect(listOrderCaption(at('2026-03-01T10:00:00Z', '2026-03-02T10:00:00Z'), 'Journal')).toBe(
      'In the order Journal lists them.',
    );
    expect(listOrderCaption(at('2026-03-01T10:00:00Z'), 'Journal')).toBe(
      'In the order Journal lists them.',
    );
    expect(listOrderCaption(at(null, null), 'Journal')).toBe('In the order Journal lists them.');
  });
});

describe('syncShown', () => {
  it('calls a change waiting for a service that does not answer "Offline", and nothing else', () => {
    expect(SYNC_LABELS[syncShown('local', true)]).toBe('Offline');
    expect(SYNC_LABELS[syncShown('local', false)]).toBe('Saved locally');
    // A conflict or a refusal says so even while the service is away: it needs the writer.
    expect(SYNC_LABELS[syncShown('conflict', true)]).toBe('Conflict');
    expect(SYNC_LABELS[syncShown('error', true)]).toBe('Not synced');
    expect(SYNC_LABELS[syncShown('synced', true)]).toBe('Synced');
  });

  it('calls a change on its way "Paused" while this computer cannot write, not "Syncing"', () => {
    expect(SYNC_LABELS[syncShown('syncing', false, true)]).toBe('Paused');
    expect(SYNC_LABELS[syncShown('syncing', false, false)]).toBe('Syncing');
    // What needs the writer, or is already there, still says so.
    expect(SYNC_LABELS[syncShown('conflict', false, true)]).toBe('Conflict');
    expect(SYNC_LABELS[syncShown('synced', false, true)]).toBe('Synced');
  });
});
