import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

// The service's clock, read from its answers' `Date`, tells a lost create of ours (made since
// our first try) from a colleague's older post. From a review: behind Varnish or Fastly, which
// say `Age: 0` on every answer, the clock was never read, and a lost create was made twice.

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('clock-behind-cache');
});
afterAll(() => world.close());

describe('a service five minutes slow, ignoring create keys, behind a cache', () => {
  it('that says Age: 0 on every answer: our lost create is found, not made twice', async () => {
    const shift = -5 * 60_000;
    world.proxy.setService({
      dropHeaders: ['idempotency-key'],
      clockShiftMs: shift,
      ageZero: true,
    });
    const d = world.device({ attempts: 1 });
    let posts = 0;
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' && posts++ === 0 ? { type: 'drop-response' } : { type: 'pass' },
    );
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Age zero', '<p>x</p>'));
    expect(await d.engine.flush()).toEqual({ done: 0, failed: 1, conflicts: 0 });
    world.service.server.db
      .prepare("UPDATE records SET created_at = created_at + ? WHERE slug = 'age-zero'")
      .run(shift);
    world.proxy.setPolicy(() => ({ type: 'pass' }));
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    expect((await world.postsTitled('Age zero')).map((post) => post.slug)).toEqual(['age-zero']);
    expect(d.store.getDraft(draft.id)!.base?.slug).toBe('age-zero');
  });
});
