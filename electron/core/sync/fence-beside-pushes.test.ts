import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../server/testing/harness';
import { PublishingApiClient } from '../api/client';
import { LocalStore } from '../store/local-store';
import { SyncEngine } from '../sync/engine';
import { stuckWrites } from '../testing/late-writes';

// Review U8 (fixed), finding 4. fenceTakenBackDeletes runs at the start of every round, before any push,
// one draft after another, and does not look at whether the publication is known away: the
// status-only fence of a Delete taken back on a service that has gone silent is tried through
// its client's every try (15 s × 4 in the app), and every other publication's pushes wait
// behind it — each minute (FENCE_RETRY_MS), and once per flagged draft. The round's own pushes
// of a silent service run beside the others' (workers); this fence holds them all.

let away: TestService;
let other: TestService;
let dir: string;
let store: LocalStore;
let engine: SyncEngine;
let awayId: string;
let otherId: string;
const writes = stuckWrites();
let silent = false;
/** What happened, in order: measured as an order, not in milliseconds. */
const events: string[] = [];

beforeAll(async () => {
  away = await startTestService('review-u8-away');
  other = await startTestService('review-u8-other');
  dir = mkdtempSync(join(tmpdir(), 'quire-review-u8-fence-'));
  store = LocalStore.open(join(dir, 'quire.db'));
  awayId = store.addPublication({
    name: 'Away',
    baseUrl: away.server.url,
    subdomain: away.subdomain,
  });
  otherId = store.addPublication({
    name: 'Other',
    baseUrl: other.server.url,
    subdomain: other.subdomain,
  });
  // The away service's connection takes requests and never answers once `silent`.
  const hanging: typeof fetch = (input, init) =>
    silent
      ? new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener(
            'abort',
            () => {
              events.push('away given up');
              reject(init.signal!.reason);
            },
            { once: true },
          ),
        )
      : writes.through(input, init);
  const awayApi = new PublishingApiClient({
    baseUrl: away.server.url,
    subdomain: away.subdomain,
    token: () => away.token,
    fetch: hanging,
    timeoutMs: 1_500,
    attempts: 2,
    backoff: { baseMs: 1, maxMs: 5 },
  });
  const otherApi = new PublishingApiClient({
    baseUrl: other.server.url,
    subdomain: other.subdomain,
    token: () => other.token,
    timeoutMs: 1_500,
    attempts: 2,
    backoff: { baseMs: 1, maxMs: 5 },
  });
  engine = new SyncEngine({
    store,
    clientFor: (id) => (id === awayId ? awayApi : otherApi),
    random: () => 0.5,
  });
});
afterAll(async () => {
  store.close();
  await away.close();
  await other.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a Delete taken back on a service gone silent, and another publication’s push', () => {
  it('the other publication’s push is not held behind the fence’s tries', async () => {
    const a = store.createDraft(awayId, 'post', {
      title: 'Review U8 away',
      content: '<p>A.</p>',
      status: 'publish',
    });
    expect(await engine.flush()).toMatchObject({ done: 1 });
    // Delete pressed, its DELETE held up on its way; Undo: kept.
    store.requestDelete(a.id, 0);
    writes.stick((method) => method === 'DELETE');
    expect(await engine.flush()).toMatchObject({ failed: 1 });
    writes.release();
    expect(store.cancelDelete(a.id)).toBe(true);
    expect(store.deletesMayLand().map((sent) => sent.draftId)).toContain(a.id);
    // The away service goes silent. On the other publication, the writer writes a post.
    silent = true;
    const b = store.createDraft(otherId, 'post', {
      title: 'Review U8 other',
      content: '<p>B.</p>',
    });
    const round = engine.flush();
    let ended = false;
    void round.finally(() => (ended = true));
    while (!ended) {
      if (store.getDraft(b.id)!.remoteId !== null && !events.includes('other sent'))
        events.push('other sent');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await round;
    expect(
      events[0],
      'the other service answers at once: its push does not wait out the silent one’s fence',
    ).toBe('other sent');
  });
});
