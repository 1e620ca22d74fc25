import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';
import { deleteStuck } from '../testing/late-writes';
import { syncStateOf } from '../views';

// Review U13 (fixed). U12 made a fence owed read "Syncing" (views.ts:21 owesFence). A fence the service
// REFUSES (an answer, not silence: here a revoked token, 401) is only timed out a minute
// (engine.ts fenceTakenBackDeletes catch: fenceAfter, no setReachable(false), no setDraftError):
// the draft says "Syncing" for ever, the app online, nothing saying what is wrong. A push refused
// the same way says so on the draft ('error', with the token advice: engine.ts run catch).

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld('review-u13-refused-fence');
});
afterAll(() => w.close());

describe('Undo of a Delete whose try went unanswered, the fence then refused (token revoked)', () => {
  it('does not say Syncing for ever with nothing said', async () => {
    const { draft } = await deleteStuck(w, 'Review U13 refused fence', 'draft');
    expect(w.store.cancelDelete(draft.id), 'Undo: kept').toBe(true);
    const { token } = w.service;
    (w.service as { token: string }).token = 'revoked-token';
    // Rounds for ten minutes, a minute apart, as the scheduler runs them.
    for (let i = 0; i < 10; i++) {
      w.clock.now += 61_000;
      // The scheduler's probe while offline: its list is answered (401), "not offline"
      // (service.ts probe), the publication reachable again; then makeDue and a round.
      if (!w.engine.online) {
        w.engine.setReachable(w.publicationId, true);
        w.engine.fenceNow();
      }
      await w.engine.flush();
    }
    const here = w.store.getDraft(draft.id)!;
    expect(w.store.owesFence(draft.id), 'the fence has not gone').toBe(true);
    expect(
      {
        state: syncStateOf(here, w.store, w.engine.online),
        online: w.engine.online,
        error: here.lastError,
      },
      'a refusal is said, as a push refused is, not an endless Syncing',
    ).toEqual({
      state: 'error',
      online: true,
      error: expect.stringMatching(
        /^This post may still be deleted on the service\. The Delete sent earlier .*: .*token/i,
      ),
    });
    // The token put right: the fence goes, and what it said goes with it.
    (w.service as { token: string }).token = token;
    w.clock.now += 61_000;
    await w.engine.flush();
    const after = w.store.getDraft(draft.id)!;
    expect({
      owed: w.store.owesFence(draft.id),
      state: syncStateOf(after, w.store, w.engine.online),
      error: after.lastError,
    }).toEqual({ owed: false, state: 'synced', error: null });
  });
});
