import { beforeAll, describe, expect, it } from 'vitest';
import { lateWritesWorld } from './testing/core-world';
import { stuckWrites } from './testing/late-writes';

// Review U8 (fixed), finding 3. A Delete whose try went unanswered is taken back (Undo: "kept"); its
// fence (a status-only write) cannot go yet, the service slow. The writer then removes the
// publication from Quire: `publications.remove` counts only the outbox and unsynced words
// (service.ts `unsent`), not `deletesMayLand`, so it goes unasked, the draft and its
// "delete-sent" note with it (fenceTakenBackDeletes forgets a note whose draft is gone). The try
// on its way lands afterwards and trashes the post Undo said was kept.

const writes = stuckWrites();
const w = lateWritesWorld('review-u8-remove-publication', () => writes.through);
const { call, onService } = w;
let publicationId: string;
beforeAll(() => void (publicationId = w.publicationId));

describe('Undo of a Delete whose try went unanswered, then the publication removed from Quire', () => {
  it('asks first, as for any change not yet on the service', async () => {
    const made = await call<{ id: string }>('records.create', {
      publicationId,
      kind: 'post',
      fields: { title: 'Review U8 removed', content: '<p>Live.</p>', status: 'publish' },
    });
    await call('sync.syncNow', {});
    const remoteId = (await call<{ remoteId: number }>('drafts.get', { draftId: made.id }))
      .remoteId;
    expect(await onService(remoteId)).toBe('publish');

    // Delete pressed; its DELETE leaves and is held up on its way (and so is any PUT).
    writes.stick((method) => method === 'DELETE' || method === 'PUT');
    await call('records.delete', { draftId: made.id });
    await call('sync.syncNow', {});
    expect(writes.stuckCount).toBeGreaterThan(0);
    // Undo: kept. The round tries the fence, which is held up too.
    await call('records.undoDelete', { draftId: made.id });
    await call('sync.syncNow', {});
    writes.release();
    expect((await call<{ pending: number }>('sync.status', {})).pending).toBe(0);

    let removed = true;
    try {
      await call('publications.remove', { id: publicationId });
    } catch {
      removed = false;
    }
    writes.forget();
    // Asked first: the post may yet be trashed by the try on its way, which the fence, once it
    // goes, says (delete-late-landing.test.ts); removed, nothing would be left to say it.
    expect(removed, 'Remove asks first: a Delete taken back may still land').toBe(false);
    expect(
      (await call<{ pendingChanges: number }[]>('publications.list', {}))[0]?.pendingChanges,
    ).toBe(1);
  });
});

// Review U9 (fixed), finding 4. A Delete taken back while its try may land counts as an unsynced change
// (service.ts `unsent`, review U8), and Remove says so: "has 1 change(s) not yet on the service.
// Sync first, or confirm discarding them." But a fence that failed once waits a minute
// (engine.ts `fenceAfter`, FENCE_RETRY_MS), and Sync now does not make it due as it makes every
// push waiting out a backoff due (store.makePushesDue): with the service back, Sync now leaves
// the change counted, and "Sync first" does nothing the writer can see. The draft itself shows
// Synced all along, so the writer cannot tell which change is meant.
const counts = async () => {
  const view = (
    await call<{ id: string; pendingChanges: number; deletesMayLand: number }[]>(
      'publications.list',
      {},
    )
  ).find((one) => one.id === publicationId)!;
  return { pending: view.pendingChanges, mayLand: view.deletesMayLand };
};

const whys = async () =>
  (await call<{ why: string }[]>('publications.unsynced', { id: publicationId })).map(
    (one) => one.why,
  );

describe('Remove says "Sync first" for a Delete taken back; the service is back', () => {
  it('Sync now puts it right: nothing is left counted', async () => {
    const made = await call<{ id: string }>('records.create', {
      publicationId,
      kind: 'post',
      fields: { title: 'Review U9 sync first', content: '<p>Live.</p>', status: 'publish' },
    });
    await call('sync.syncNow', {});
    // Delete pressed; its DELETE (and any PUT) held up on its way; Undo; the fence held up too.
    writes.stick((method) => method === 'DELETE' || method === 'PUT');
    await call('records.delete', { draftId: made.id });
    await call('sync.syncNow', {});
    // A Delete still wanted is no risk: its landing late is what the writer asked for.
    expect(await counts(), 'before Undo').toEqual({ pending: 1, mayLand: 0 });
    expect(await whys(), 'named in Remove’s dialog').toEqual(['delete']);
    await call('records.undoDelete', { draftId: made.id });
    await call('sync.syncNow', {});
    writes.release();
    writes.forget();
    // Counted, and said for what it is (review U9, left then: Remove's dialog said only
    // "Nothing on the service is deleted").
    expect(await counts(), 'counted: Remove asks first').toEqual({ pending: 1, mayLand: 1 });
    expect(await whys()).toEqual(['may-land']);
    // The service answers again. The writer does as Remove says: Sync first.
    await call('sync.syncNow', {});
    expect(await counts(), 'after Sync now, with the service answering').toEqual({
      pending: 0,
      mayLand: 0,
    });
  });
});
