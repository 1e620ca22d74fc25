import { describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../shared/views';
import {
  conflictNotice,
  outcomeNotice,
  refusalNotice,
  hasSomethingToSend,
  publishOutcome,
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
      message: 'Not published on J: Token refused',
    });
    expect(
      publishOutcome(
        draft({ syncState: 'error', lastError: 'Token refused', remoteId: null }),
        'publish',
        'J',
      ).message,
    ).toBe('Not sent to J: Token refused');
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
      message: 'Not updated on J: Token refused',
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
