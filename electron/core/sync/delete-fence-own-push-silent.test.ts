import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookedWorld, type HookedWorld } from '../testing/hooked-world';
import { deleteStuck } from '../testing/late-writes';
import { PublishingApiClient } from '../api/client';
import { SyncEngine } from './engine';

// Review U14 (fixed). A Delete taken back by words saved whose own push never gets an answer (a big body
// on a slow uplink: every try runs past the time limit), while the service answers everything
// small. At each round the push is due again (its backoff is at most a minute, the scheduler's
// probe makes every push due: service.ts makeDue), so the first fence pass skips the draft
// (engine.ts fenceTakenBackDeletes: `due`), the push goes unanswered (unansweredNow), and the
// second pass skips it too (`afterPushes && this.unansweredNow.has(id)`). The fence, a tiny
// status-only write the service would answer, never goes: the late Delete trashes the post.

let w: HookedWorld;
beforeAll(async () => {
  w = await hookedWorld(`review-u14-own-big-${Math.random().toString(36).slice(2, 8)}`);
});
afterAll(() => w.close());

describe('a Delete taken back by words saved, their push never answered, the service answering', () => {
  it('is fenced within a few rounds', async () => {
    const puts: string[] = [];
    // Through the world's stuck writes; a write carrying the big words is never answered.
    const big: typeof fetch = (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if ((init?.method ?? 'GET').toUpperCase() === 'PUT')
        puts.push(body.includes('BIGWORDS') ? 'push' : 'fence');
      if (body.includes('BIGWORDS'))
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), {
            once: true,
          }),
        );
      return w.writes.through(input, init);
    };
    const api = new PublishingApiClient({
      baseUrl: w.service.server.url,
      subdomain: w.service.subdomain,
      token: () => w.service.token,
      fetch: big,
      timeoutMs: 400,
      attempts: 2,
      backoff: { baseMs: 1, maxMs: 5 },
    });
    const engine = new SyncEngine({
      store: w.store,
      clientFor: () => api,
      now: () => w.clock.now,
      random: () => 0.5,
    });
    const world = { store: w.store, engine, writes: w.writes, publicationId: w.publicationId };
    const { draft, remoteId, fields } = await deleteStuck(world, 'Review U14 own big', 'draft');
    // Taken back by words saved: a long piece pasted in.
    w.store.saveDraft(draft.id, {
      ...fields,
      content: `<p>Draft. BIGWORDS ${'x'.repeat(2000)}</p>`,
    });
    expect(w.store.hasPendingDelete(draft.id)).toBe(false);
    // Rounds a minute apart as the scheduler runs them: a probe while offline (its small list
    // answered), then makeDue (every push due, fences at once), then the round.
    const small: string[] = [];
    for (let i = 0; i < 5; i++) {
      w.clock.now += 61_000;
      if (!engine.online) {
        await api.list('post', { limit: 1 }, { retry: false });
        small.push('probe answered');
        engine.setReachable(w.publicationId, true);
        w.store.makePushesDue();
        engine.fenceNow();
      }
      await engine.flush();
    }
    const owed = w.store.owesFence(draft.id);
    const landed = await w.writes.landFirst(); // the DELETE, stuck long ago
    expect(
      {
        puts: [...new Set(puts)],
        owed,
        landed,
        onService: (await w.post(remoteId))?.status ?? 'trashed',
      },
      `the service answered every small request (${small.length} probes), yet the fence never went`,
    ).toEqual({ puts: ['push', 'fence'], owed: false, landed: 412, onService: 'draft' });
  });
});
