import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';
import { deleteStuck } from '../testing/late-writes';
import { LocalStore } from '../store/local-store';
import { SyncEngine } from './engine';
import { syncStateOf } from '../views';

// Review U14 (fixed). A fence's refusal is written to the draft's last_error (SQLite, kept across a
// restart), but what it said is remembered only in memory (engine.ts fenceErrors). After a
// restart, the fence going finds no message remembered (fenceRefusalGone returns early) and
// leaves "This post may still be deleted on the service…" shown, the draft in 'error', for good,
// while the Delete can no longer land.

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld(`review-u14-restart-${Math.random().toString(36).slice(2, 8)}`);
});
afterAll(() => w.close());

describe('a fence refused, the app restarted, the fence then going', () => {
  it('takes back what the refusal said', async () => {
    const { draft, remoteId } = await deleteStuck(w, 'Review U14 restart', 'draft');
    expect(w.store.cancelDelete(draft.id), 'Undo: kept').toBe(true);
    const { token } = w.service;
    // Access refused for a while (a role or a token's access taken away on the service).
    (w.service as { token: string }).token = 'revoked-token';
    w.clock.now += 61_000;
    await w.engine.flush();
    expect(w.store.getDraft(draft.id)!.lastError).toMatch(
      /^This post may still be deleted on the service/,
    );
    // Quit and start again: a new store on the same file, a new engine.
    const file = w.store.db.name;
    w.store.close();
    const store = LocalStore.open(file, () => w.clock.now);
    const engine = new SyncEngine({
      store,
      clientFor: () => w.api,
      now: () => w.clock.now,
      random: () => 0.5,
    });
    // Access given back on the service; the next round.
    (w.service as { token: string }).token = token;
    w.clock.now += 61_000;
    await engine.flush();
    const owed = store.owesFence(draft.id);
    const here = store.getDraft(draft.id)!;
    const state = syncStateOf(here, store, engine.online);
    const landed = await w.writes.landFirst();
    const onService = (await w.post(remoteId))?.status ?? 'trashed';
    store.close();
    expect(
      { owed, landed, onService, state, error: here.lastError },
      'the fence went (the late Delete is turned away), yet its refusal is shown for good',
    ).toEqual({ owed: false, landed: 412, onService: 'draft', state: 'synced', error: null });
  });
});
