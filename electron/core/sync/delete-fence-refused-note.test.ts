import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';
import { deleteStuck } from '../testing/late-writes';
import { draftView } from '../views';

// Review U12 (fixed). A Delete whose first try went unanswered is refused at its retry for a colleague's
// change (SyncEngine.remove → refuseDelete): the colleague's version is shown with "Not deleted:
// … Delete it again to delete it", a note shown while the draft's base is the version refused
// for (delete-refused.ts refusedDeleteNote: `base.updatedAt === seen`). The fence of the try
// still on its way now goes in the same round (the U11 second pass, engine.ts:248), writes the
// status alone, and follows the base to the version its own write made (engine.ts:365): the
// note's `seen` no longer matches and the sentence is gone before the writer could read it,
// the post they deleted back in the list unexplained.

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld('review-u12-refused-note');
});
afterAll(() => w.close());

describe("a Delete refused at its retry for a colleague's change, its first try on its way", () => {
  it('still says why the post is back (Not deleted…) after the round', async () => {
    const { draft, remoteId } = await deleteStuck(w, 'Review U12 refused note');
    const colleague = '<p>Live. A colleague rewrote this.</p>';
    const r = await w.service.request('PUT', `/posts/${remoteId}`, {
      body: { content: colleague },
    });
    expect(r.status).toBe(200);
    w.clock.now += 600_000;
    await w.engine.flush();
    const here = w.store.getDraft(draft.id)!;
    expect(here.fields.content, "the Delete refused, the colleague's version shown").toBe(
      colleague,
    );
    expect(w.events.some((e) => e.type === 'delete-refused')).toBe(true);
    expect(
      { note: draftView(here, w.store, true).note, fenced: w.store.deletesMayLand().length === 0 },
      'the refusal is still said on the draft',
    ).toEqual({ note: expect.stringMatching(/^Not deleted/), fenced: true });
  });
});
