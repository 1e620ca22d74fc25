import { describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../shared/views';
import {
  conflictNotice,
  outcomeNotice,
  refusalNotice,
  hasSomethingToSend,
  publishOutcome,
  refusalLine,
  refusedWaits,
  updateOutcome,
} from './publish-outcome';

const draft = (patch: Partial<DraftView>, status: 'publish' | 'draft' = 'publish'): DraftView => ({
  id: 'd',
  publicationId: 'p',
  kind: 'post',
  remoteId: 12,
  fields: { title: 'Morning', content: '<p>Still.</p>', status },
  syncState: 'synced',
  serviceSlug: patch.remoteId === null ? null : 'morning',
  serviceStatus: patch.remoteId === null ? null : status,
  theirs: null,
  slugFollowsTitle: patch.remoteId === null,
  lastError: null,
  note: null,
  refusedFields: null,
  pendingDelete: false,
  sendingAsIs: false,
  updatedAt: 0,
  ...patch,
});

describe('publishOutcome', () => {
  it('says published only when the service confirmed that very status', () => {
    expect(publishOutcome(draft({}), 'publish', 'Journal')).toEqual({
      about: outcomeNotice('d'),
      tone: 'info',
      message: '“Morning” published on Journal.',
    });
    expect(publishOutcome(draft({}, 'draft'), 'draft', 'Journal').message).toBe(
      '“Morning” unpublished from Journal.',
    );
  });

  it('never says published for a conflict, a refusal, or a post the service does not have', () => {
    const conflict = publishOutcome(draft({ syncState: 'conflict' }), 'publish', 'Journal');
    expect(conflict).toMatchObject({ tone: 'error', about: conflictNotice('d') });
    expect(conflict.message).toContain('Journal has another version of this post');
    expect(conflict.message).toMatch(/^Not published yet: .* keeping yours publishes it\.$/);
    expect(
      publishOutcome(draft({ syncState: 'error', lastError: 'Token refused' }), 'publish', 'J'),
    ).toEqual({
      tone: 'error',
      about: refusalNotice('d'),
      message:
        'Not published on J: Token refused. The post goes live on J by itself once that is put right; to keep it a draft, press Keep as draft.',
    });
    expect(
      publishOutcome(
        draft({ syncState: 'error', lastError: 'Token refused', remoteId: null }),
        'publish',
        'J',
      ).message,
    ).toBe(
      'Not sent to J: Token refused. The post goes live on J by itself once that is put right; to keep it a draft, press Keep as draft.',
    );
    for (const pending of [
      draft({ remoteId: null }),
      draft({ syncState: 'local', serviceStatus: 'draft' }),
      draft({}, 'draft'),
    ])
      expect(publishOutcome(pending, 'publish', 'J').message).toBe(
        'Publish pending: it goes live on J, as it is now, as soon as the service answers; what you write meanwhile waits for an Update.',
      );
    expect(
      publishOutcome(draft({ syncState: 'local', serviceStatus: 'publish' }, 'draft'), 'draft', 'J')
        .message,
    ).toBe('Unpublish pending: readers of J see it until the service answers.');
  });

  it('does not call taking back a publish that never went out an unpublish', () => {
    for (const readersSaw of ['draft', null] as const)
      expect(
        publishOutcome(draft({ syncState: 'local' }, 'draft'), 'draft', 'J', readersSaw),
      ).toMatchObject({ tone: 'info', message: '“Morning” kept as a draft: not published on J.' });
    expect(publishOutcome(draft({}, 'draft'), 'draft', 'J', 'publish').message).toBe(
      '“Morning” unpublished from J.',
    );
  });

  it('calls an Unpublish taken back kept published, not published anew', () => {
    expect(publishOutcome(draft({ syncState: 'local' }), 'publish', 'J', 'publish')).toEqual({
      tone: 'info',
      about: outcomeNotice('d'),
      message: '“Morning” kept published on J: not unpublished.',
    });
  });

  it('counts a publish the service confirmed even when words typed meanwhile are held', () => {
    expect(publishOutcome(draft({ syncState: 'held' }), 'publish', 'J').message).toBe(
      '“Morning” published on J.',
    );
  });
});

describe('a refused press', () => {
  const refused = (status: 'publish' | 'draft', serviceStatus: 'publish' | 'draft' | null) =>
    draft({ syncState: 'error', lastError: 'Unknown category id: 999', serviceStatus }, status);

  it('says the Publish goes live by itself once put right, and how to keep it a draft', () => {
    expect(publishOutcome(refused('publish', 'draft'), 'publish', 'Demo Blog')).toEqual({
      tone: 'error',
      about: refusalNotice('d'),
      message:
        'Not published on Demo Blog: Unknown category id: 999. The post goes live on Demo Blog by itself once that is put right; to keep it a draft, press Keep as draft.',
    });
    // Unpublish refused: still live, and unpublished by itself once put right.
    expect(publishOutcome(refused('draft', 'publish'), 'draft', 'Demo Blog').message).toBe(
      'Not unpublished on Demo Blog: Unknown category id: 999. The post stays live on Demo Blog, and is unpublished by itself once that is put right; to keep it live, press Keep published.',
    );
    // A message the service ended itself gets no second full stop.
    expect(
      publishOutcome(
        draft({ syncState: 'error', lastError: 'Slug taken.', remoteId: null }),
        'publish',
        'J',
      ).message,
    ).toMatch(/^Not sent to J: Slug taken\. The post goes live/);
  });

  it('calls the refused press taken back kept, not a refusal of the take-back', () => {
    for (const readersSaw of ['draft', null] as const)
      expect(publishOutcome(refused('draft', readersSaw), 'draft', 'J', readersSaw)).toEqual({
        tone: 'error',
        about: refusalNotice('d'),
        message:
          '“Morning” kept as a draft: not published on J. Not synced: Unknown category id: 999.',
      });
    expect(publishOutcome(refused('publish', 'publish'), 'publish', 'J', 'publish').message).toBe(
      '“Morning” kept published on J: not unpublished. Not synced: Unknown category id: 999.',
    );
  });

  it('ends the service’s words as a sentence under the title, then says what the press waits for', () => {
    expect(refusalLine(refused('publish', null), 'Demo Blog', true)).toBe(
      'Not synced: Unknown category id: 999. What it refused is marked in Details and search. The post goes live on Demo Blog by itself once what is marked is fixed; to keep it a draft, press Keep as draft.',
    );
    expect(refusalLine(refused('publish', 'draft'), 'Demo Blog', false)).toBe(
      'Not synced: Unknown category id: 999. The post goes live on Demo Blog by itself once that is put right; to keep it a draft, press Keep as draft.',
    );
    // Nothing waits (a draft refused, or an Update): only what it said, and where it is marked.
    expect(refusalLine(refused('draft', null), 'J', true)).toBe(
      'Not synced: Unknown category id: 999. What it refused is marked in Details and search.',
    );
    expect(refusalLine({ ...refused('publish', 'publish'), lastError: 'No!' }, 'J', false)).toBe(
      'Not synced: No!',
    );
    // Named as Details labels them: the service's words may not say which (a writer's review:
    // "must contain a letter or digit", and the Slug several hundred words below).
    expect(refusalLine(refused('draft', null), 'J', true, ['Slug'])).toBe(
      'Not synced: Unknown category id: 999. What it refused (Slug) is marked in Details and search.',
    );
    expect(
      refusalLine(refused('draft', null), 'J', true, ['Slug', 'Tags', 'Category id']),
    ).toContain('What it refused (Slug, Tags and Category id) is marked');
    expect(refusedWaits('draft', 'page', 'J', true)).toBe(
      'The page stays live on J, and is unpublished by itself once what is marked is fixed; to keep it live, press Keep published.',
    );
  });
});

describe('updateOutcome', () => {
  it('says updated once the push went, and why not otherwise', () => {
    expect(updateOutcome(draft({}), 'J')).toEqual({
      tone: 'info',
      about: outcomeNotice('d'),
      message: '“Morning” updated on J.',
    });
    expect(updateOutcome(draft({ syncState: 'held' }), 'J').message).toBe(
      '“Morning” updated on J.',
    );
    // A post with no title yet is named as the list names it.
    const untitled = draft({ fields: { title: '', content: '<p>Still.</p>', status: 'publish' } });
    expect(updateOutcome(untitled, 'J').message).toBe('“Untitled” updated on J.');
    // About the conflict: choosing a version takes this notice away.
    expect(updateOutcome(draft({ syncState: 'conflict' }), 'J')).toEqual({
      tone: 'error',
      about: conflictNotice('d'),
      message: 'Not updated: J has another version of this post. Choose which to keep.',
    });
    expect(updateOutcome(draft({ syncState: 'error', lastError: 'Token refused' }), 'J')).toEqual({
      tone: 'error',
      about: refusalNotice('d'),
      message: 'Not updated on J: Token refused.',
    });
    expect(updateOutcome(draft({ syncState: 'local' }), 'J').message).toBe(
      'Saved; the update reaches J, as it is now, as soon as the service answers; what you write meanwhile waits for the next Update.',
    );
  });
});

describe('hasSomethingToSend', () => {
  it('follows the sync engine: a title or any content', () => {
    expect(hasSomethingToSend({ title: '', content: '' })).toBe(false);
    expect(hasSomethingToSend({ title: '  ', content: ' ' })).toBe(false);
    expect(hasSomethingToSend({ title: 'T', content: '' })).toBe(true);
    expect(hasSomethingToSend({ title: '', content: '<p><img src="a.png"></p>' })).toBe(true);
    // What TipTap leaves when everything is deleted.
    expect(hasSomethingToSend({ title: '', content: '<p></p>' })).toBe(false);
  });
});
