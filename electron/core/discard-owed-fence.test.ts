import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../server/testing/harness';
import { lateWritesWorld } from './testing/core-world';
import { stuckWrites } from './testing/late-writes';
import { restoreFromTrash } from './testing/trash';

// Review U15 (fixed). A Delete taken back (Undo) whose try went unanswered is fenced by its note
// "delete-sent:<draft>" (engine.ts fenceTakenBackDeletes). Discard of a draft with no remoteId
// (service.ts drafts.discard: `store.removeDraft`) dropped every setting beside the draft, the
// note included: the draft detached by Keep mine (U8) had sent its Delete for the post a
// colleague restored, and discarding the local copy left that Delete free to land. Not reachable
// from the app's screens ("Discard edits" shows only on a draft held against its post); the core
// refuses it now until the fence has gone.

const writes = stuckWrites();
const w = lateWritesWorld('review-u15-discard', () => writes.through);
const { call, onService, mayLand } = w;
let service: TestService;
let publicationId: string;
beforeAll(() => void ({ service, publicationId } = w));

describe('Undo of a Delete of a restored post (draft detached by Keep mine), then Discard', () => {
  it('does not leave the Delete on its way free to trash the post', async () => {
    const made = await call<{ id: string }>('records.create', {
      publicationId,
      kind: 'post',
      fields: { title: 'Review U15 discard', content: '<p>Live.</p>', status: 'publish' },
    });
    await call('sync.syncNow', {});
    const remoteId = (await call<{ remoteId: number }>('drafts.get', { draftId: made.id }))
      .remoteId;
    // A colleague trashes it; the writer's Update meets it gone; Keep mine.
    expect((await service.request('DELETE', `/posts/${remoteId}`)).status).toBe(200);
    await call('drafts.update', { draftId: made.id });
    expect((await call<{ syncState: string }>('drafts.get', { draftId: made.id })).syncState).toBe(
      'conflict',
    );
    await call('sync.resolveConflict', { draftId: made.id, resolution: 'mine' });
    // The colleague restores it; the writer presses Delete, its try unanswered.
    restoreFromTrash(service, remoteId);
    writes.stick((method) => method === 'DELETE');
    await call('records.delete', { draftId: made.id });
    await call('sync.syncNow', {});
    writes.release();
    expect(writes.stuckCount, 'a DELETE on its way').toBeGreaterThan(0);
    await call('records.undoDelete', { draftId: made.id });
    const owed = await mayLand();
    const here = await call<{ remoteId: number | null }>('drafts.get', { draftId: made.id });
    // The writer throws the local copy away (nothing on the service is to be deleted by it).
    const refused = await call('drafts.discard', { draftId: made.id }).then(
      () => 'discarded',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(
      /^Not discarded yet: a Delete sent earlier for this post may still land/,
    );
    // Sync: the fence goes; the late Delete is refused; then the Discard goes.
    await call('sync.syncNow', {});
    const left = await mayLand();
    const landed = await writes.landFirst();
    await call('drafts.discard', { draftId: made.id });
    expect(
      { owed, detached: here.remoteId, left, landed, onService: await onService(remoteId) },
      'Undo said the post is kept: the late Delete is turned away',
    ).toEqual({ owed: 1, detached: null, left: 0, landed: 412, onService: 'publish' });
  });
});
