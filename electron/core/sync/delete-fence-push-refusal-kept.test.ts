import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';
import { deleteStuck } from '../testing/late-writes';
import { syncStateOf } from '../views';

// Review U14 (fixed). A fence refused wrote its message over the draft's one error slot
// (engine.ts fenceRefused: setDraftError(id, message), no fields), over a push's refusal still
// standing (an unknown tag, its field named, the push parked for PARKED_MS). When the fence then
// goes, fenceRefusalGone clears the slot (setDraftError(id, null)) and says 'synced': the push's
// refusal is gone with it, its field no longer marked, the draft "Syncing" while the push waits
// out its park still refused, minutes, with nothing said.

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld(`review-u14-hides-${Math.random().toString(36).slice(2, 8)}`);
});
afterAll(() => w.close());

describe('a push refused for a field, then a fence refused, then the fence going', () => {
  it('leaves the push refusal said, its field marked', async () => {
    const { draft, fields } = await deleteStuck(w, 'Review U14 hides', 'draft');
    // Taken back by words saved, with a tag the service does not have: that push is refused.
    w.store.saveDraft(draft.id, { ...fields, content: '<p>Draft. Kept.</p>', tags: [987654] });
    w.engine.setReachable(w.publicationId, true);
    // Round 1: the push is refused (422, tags); as its answer comes, access is refused for a
    // while (a role or the token's access taken away on the service): the fence after it is
    // refused (401), and says so. The service answered throughout: no probe, nothing made due.
    const { token } = w.service;
    w.answerAfter(
      (method) => method === 'PUT',
      () => {
        (w.service as { token: string }).token = 'revoked-token';
      },
    );
    w.clock.now += 61_000;
    await w.engine.flush();
    expect(w.engine.online).toBe(true);
    const refused = w.store.getDraft(draft.id)!;
    const pushSaid = 'Unknown tag id(s): 987654';
    expect(w.store.owesFence(draft.id), 'the fence refused').toBe(true);
    expect(
      { error: refused.lastError, fields: Object.keys(refused.lastErrorFields ?? {}) },
      "the push's refusal stands: not overwritten by the fence's",
    ).toEqual({ error: pushSaid, fields: ['tags'] });
    // Round 2: access back; the fence goes. The push still waits out its park, refused.
    (w.service as { token: string }).token = token;
    w.clock.now += 61_000;
    await w.engine.flush();
    const here = w.store.getDraft(draft.id)!;
    expect(w.store.owesFence(draft.id), 'the fence went').toBe(false);
    expect(w.store.dueOps(10, [draft.id]), 'the refused push still parked').toEqual([]);
    expect(
      {
        state: syncStateOf(here, w.store, w.engine.online),
        error: here.lastError,
        fields: Object.keys(here.lastErrorFields ?? {}),
      },
      "the push's refusal, overwritten by the fence's, is not said again when the fence goes",
    ).toEqual({ state: 'error', error: pushSaid, fields: ['tags'] });
  });
});
