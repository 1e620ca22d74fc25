import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';

// Review U10 (fixed), finding 3. U9 made the fence's gone() keep quiet when the draft already shows a
// conflict ("nor over a question already asked", engine.ts ~328: `now.conflict`), whatever that
// conflict is. A colleague's change shown as a conflict, the writer presses Delete (the post as
// shown: the DELETE goes with its If-Match), the try unanswered, and Undo. The late DELETE lands
// and trashes the post; the fence finds it gone, forgets its note, and says nothing, since a
// question (the colleague's version) is on screen. "Keep theirs" then takes the trashed version:
// the draft says Synced beside a post in the trash, as review U8 found, for good.

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld('review-u10-gone-conflict');
});
afterAll(() => w.close());

describe('a late Delete landing while a colleague’s change is asked about', () => {
  it('is said: the draft is not left Synced beside a post in the trash', async () => {
    const fields = {
      title: 'Review U10 gone conflict',
      content: '<p>Mine.</p>',
      status: 'draft' as const,
    };
    const draft = w.store.createDraft(w.publicationId, 'post', { ...fields });
    expect(await w.engine.flush()).toMatchObject({ done: 1 });
    const remoteId = w.store.getDraft(draft.id)!.remoteId!;
    // A colleague changes it; the writer too: asked about.
    const theirs = await w.service.request('PUT', `/posts/${remoteId}`, {
      body: { content: '<p>Theirs.</p>' },
    });
    expect(theirs.status).toBe(200);
    w.store.saveDraft(draft.id, { ...fields, content: '<p>Mine, edited.</p>' });
    w.clock.now += 600_000;
    expect(await w.engine.flush()).toMatchObject({ conflicts: 1 });
    expect(w.store.getDraft(draft.id)!.conflict?.id).toBe(remoteId);

    // Delete pressed on it; the DELETE goes unanswered; Undo.
    w.store.requestDelete(draft.id, 0);
    w.writes.stick((method) => method === 'DELETE');
    await w.engine.flush();
    w.writes.release();
    expect(w.writes.stuckCount).toBeGreaterThan(0);
    w.store.cancelDelete(draft.id);
    expect(w.store.deletesMayLand().map((d) => d.draftId)).toEqual([draft.id]);

    // The late try lands first, and trashes the post.
    expect(await w.writes.landFirst()).toBe(200);
    expect(await w.post(remoteId)).toBeUndefined();
    w.clock.now += 600_000;
    await w.engine.flush();
    // Said: deleted on the service, in place of the colleague's version (gone with the post).
    expect(w.store.getDraft(draft.id)!.conflict?.id).toBeLessThan(0);

    // The writer, shown the colleague's version, keeps theirs.
    w.engine.resolve(draft.id, 'theirs');
    w.clock.now += 600_000;
    await w.engine.flush();
    // Keep theirs of a post deleted on the service lets the draft go, or leaves it asked.
    const here = w.store.getDraft(draft.id);
    expect(
      {
        syncedBesideTrash:
          here !== undefined && here.conflict === null && here.localRev <= here.syncedRev,
        onService: (await w.post(remoteId))?.status ?? 'trashed',
      },
      'the post in the trash is said (deleted on the service), not left Synced',
    ).toEqual({ syncedBesideTrash: false, onService: 'trashed' });
  });
});
