import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { draftView, syncStateOf } from '../views';
import { deleteStuck as stuckDelete, limboWorld } from '../testing/late-writes';
import { restoreFromTrash } from '../testing/trash';

// Review U7 (fixed). A Delete whose DELETE left this computer but went unanswered (its tries timed out)
// still waits in the outbox; words saved into the post then take the Delete back
// (LocalStore.saveDraft: "the post stays"), and the push syncs them. The DELETE itself is still
// on its way, and goes without If-Match (PublishingApiClient.delete), though the reference
// server honours If-Match on DELETE: when it lands, the post is trashed — off the site — after
// Quire said the Delete was taken back and the post Synced.

let w: Awaited<ReturnType<typeof limboWorld>>;
beforeAll(async () => {
  w = await limboWorld('review-u7-delete-late');
});
afterAll(() => w.close());
beforeEach(() => w.writes.forget());

const deleteStuck = async (title: string) => {
  const stuck = await stuckDelete(w, title);
  return { ...stuck, live: stuck.fields };
};

describe('a Delete on its way (unanswered), taken back by words saved into the post', () => {
  it('does not trash the post after Quire said it stays, Synced', async () => {
    // Delete pressed, its undo window over; the DELETE leaves and is held up on its way.
    const { draft, remoteId, live } = await deleteStuck('Review U7 delete late');

    // The writer opens the post and writes in it: the waiting Delete is taken back.
    const kept = { ...live, content: '<p>Live. Kept after all.</p>' };
    w.store.saveDraft(draft.id, kept);
    expect(w.store.hasPendingDelete(draft.id)).toBe(false);
    w.store.requestPush(draft.id); // Update pressed for the live post
    w.clock.now += 600_000;
    expect(await w.engine.flush()).toMatchObject({ failed: 0 });
    const here = w.store.getDraft(draft.id)!;
    expect(syncStateOf(here, w.store, true)).toBe('synced');
    expect((await w.post(remoteId))?.content).toBe(kept.content);

    // The first try of the DELETE reaches the service only now.
    const landed = await w.writes.landFirst();
    const there = await w.post(remoteId);
    expect(
      { landedWith: landed, onService: there?.status ?? 'trashed' },
      'Quire shows the post kept, live, Synced, nothing on its way',
    ).toEqual({ landedWith: 412, onService: 'publish' });
  });
});

// The same DELETE without If-Match: a colleague's change since the Delete was pressed makes the
// engine refuse it ("Not deleted: this post was changed on the service since you last saw it",
// SyncEngine.remove, review 25/26), and the colleague's version is shown — then the first try,
// still on its way, trashes it all the same.
describe("a Delete on its way (unanswered), refused at its retry for a colleague's change", () => {
  it("does not trash the colleague's version after Quire said Not deleted", async () => {
    const { draft, remoteId } = await deleteStuck('Review U7 delete refused');

    // A colleague's day of work on the post, before the Delete's retry.
    const colleague = '<p>Live. A colleague rewrote this.</p>';
    const r = await w.service.request('PUT', `/posts/${remoteId}`, {
      body: { content: colleague },
    });
    expect(r.status).toBe(200);
    w.clock.now += 600_000;
    await w.engine.flush();
    const here = w.store.getDraft(draft.id);
    expect(here?.fields.content, "the Delete refused, the colleague's version shown").toBe(
      colleague,
    );
    expect(w.store.hasPendingDelete(draft.id)).toBe(false);
    expect((await w.post(remoteId))?.content).toBe(colleague);
    // Said on the draft still, after the round's fence (review U12: the fence's own write moved
    // the base, and the line went before the writer could read it).
    expect(
      { note: draftView(here!, w.store, true).note, fenced: !w.store.owesFence(draft.id) },
      'the refusal is still said on the draft',
    ).toEqual({ note: expect.stringMatching(/^Not deleted/), fenced: true });

    const landed = await w.writes.landFirst();
    const there = await w.post(remoteId);
    expect(
      { landedWith: landed, onService: there?.content ?? 'trashed' },
      'Quire said "Not deleted" and shows the colleague\'s version',
    ).toEqual({ landedWith: 412, onService: colleague });
  });
});

// The same through Undo (records.undoDelete → LocalStore.cancelDelete): a Delete whose try went
// unanswered is still in the outbox, so Undo succeeds ("kept", not "Too late to undo: the delete
// has been sent"), and the try on its way trashes the post afterwards.
describe('Undo of a Delete whose try went unanswered', () => {
  it('does not leave the post to be trashed after Undo said it is kept', async () => {
    const { draft, remoteId, live } = await deleteStuck('Review U7 delete undo');
    expect(w.store.cancelDelete(draft.id), 'Undo: kept').toBe(true);
    w.clock.now += 600_000;
    await w.engine.flush();
    expect((await w.post(remoteId))?.status).toBe('publish');
    const landed = await w.writes.landFirst();
    expect(
      { landedWith: landed, onService: (await w.post(remoteId))?.status ?? 'trashed' },
      'Undo said the post is kept',
    ).toEqual({ landedWith: 412, onService: 'publish' });
    // The fence's own write is not met as a colleague's: the writer's next Update goes through.
    expect(syncStateOf(w.store.getDraft(draft.id)!, w.store, true)).toBe('synced');
    const next = { ...live, content: '<p>Live. Kept, and added to.</p>' };
    w.store.saveDraft(draft.id, next);
    w.store.requestPush(draft.id);
    expect(await w.engine.flush()).toMatchObject({ done: 1, failed: 0, conflicts: 0 });
    expect((await w.post(remoteId))?.content).toBe(next.content);
  });
});

// Review U8 (fixed), finding 1: the late DELETE lands between the Undo ("kept") and the next round. The fence then
// finds the post gone, forgets its note (fenceDeleteOf: "the next push or open meets it as
// deleted") and says nothing: with nothing else waiting, no push ever meets it, and the draft
// shows Synced for a post that is in the service's trash.
describe('Undo of a Delete whose try went unanswered, the try landing before the next round', () => {
  it('tells the writer the post was deleted after all (not Synced)', async () => {
    const { draft, remoteId } = await deleteStuck('Review U8 lands first');
    expect(w.store.cancelDelete(draft.id), 'Undo: kept').toBe(true);
    // The try on its way reaches the service now, before Quire's next round: nothing has
    // moved the post's version yet, so its If-Match holds and the post is trashed.
    expect(await w.writes.landFirst()).toBe(200);
    expect(await w.post(remoteId)).toBeUndefined();
    w.clock.now += 600_000;
    await w.engine.flush();
    await w.engine.flush();
    const here = w.store.getDraft(draft.id)!;
    expect(
      { state: syncStateOf(here, w.store, true), gone: (here.conflict?.id ?? 0) < 0 },
      'the post Undo said was kept is trashed: the writer is told (a "deleted on the service" conflict)',
    ).toEqual({ state: 'conflict', gone: true });
  });
});

// Review U8 (fixed), finding 2: a Delete of a post restored by a colleague after Keep mine on its deletion. The
// draft has no remoteId (Keep mine detached it), so remove() meets the restored post through
// backFromDeletion and sends its DELETE with If-Match, noting "delete-sent". Undo then takes it
// back, but fenceTakenBackDeletes forgets the note at once for a draft with remoteId null: no
// fence, and the try on its way trashes the restored post after Undo said it was kept.
describe('Undo of a Delete of a post restored by a colleague, its try unanswered', () => {
  it('does not leave the restored post to be trashed by the try on its way', async () => {
    const draft = w.store.createDraft(w.publicationId, 'post', {
      title: 'Review U8 restored',
      content: '<p>Live.</p>',
      status: 'publish' as const,
    });
    expect(await w.engine.flush()).toMatchObject({ done: 1 });
    const remoteId = w.store.getDraft(draft.id)!.remoteId!;
    // A colleague trashes it; the writer's next Update meets it gone, and Keep mine is chosen.
    expect((await w.service.request('DELETE', `/posts/${remoteId}`)).status).toBe(200);
    // (Update pressed with the words as they are: what readers had is what the writer keeps.)
    w.store.requestPush(draft.id);
    expect(await w.engine.flush()).toMatchObject({ conflicts: 1 });
    w.engine.resolve(draft.id, 'mine');
    // The colleague thinks better of it and restores it; the writer presses Delete.
    restoreFromTrash(w.service, remoteId);
    expect((await w.post(remoteId))?.status).toBe('publish');
    w.store.requestDelete(draft.id, 0);
    w.writes.stick((method) => method === 'DELETE');
    expect(await w.engine.flush()).toMatchObject({ failed: 1 });
    expect(w.writes.stuckCount).toBeGreaterThan(0);
    w.writes.release();
    const noted = () => w.store.deletesMayLand().map((sent) => sent.draftId);
    expect(noted(), 'noted as possibly landing').toContain(draft.id);
    expect(w.store.cancelDelete(draft.id), 'Undo: kept').toBe(true);
    w.clock.now += 600_000;
    // The round meets the restored post as the draft's own (nothing to write); the fence waits
    // for the draft's queued push, and goes at the next round.
    await w.engine.flush();
    await w.engine.flush();
    const before = await w.post(remoteId);
    const here = w.store.getDraft(draft.id)!;
    expect({ remoteId: here.remoteId, state: syncStateOf(here, w.store, true) }).toEqual({
      remoteId,
      state: 'synced',
    });
    expect(noted()).not.toContain(draft.id);
    const landed = await w.writes.landFirst();
    expect(
      {
        before: before?.status ?? 'trashed',
        landedWith: landed,
        onService: (await w.post(remoteId))?.status ?? 'trashed',
      },
      'Undo said the post is kept',
    ).toEqual({ before: 'publish', landedWith: 412, onService: 'publish' });
  });
});
