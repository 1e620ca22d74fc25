// From a review: a push read into a round's list before the writer pressed Delete still runs, in the
// Delete's undo window: a Publish pressed goes live although the writer deleted the post.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SyncEngine } from './engine';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('delete-during-round');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const published = (title: string, content?: string) => ({
  ...fields(title, content),
  status: 'publish' as const,
});
const post = async (slug: string) =>
  (await world.service.request('GET', `/posts/${slug}`)).json?.post;

describe('a Delete pressed while its draft waits its turn in a round', () => {
  it('lets nothing of the draft go live during the undo window', async () => {
    const d = world.device({ attempts: 1 });
    const engine = new SyncEngine({
      store: d.store,
      clientFor: () => d.api,
      concurrency: 1,
      now: () => d.clock.now,
      random: () => 0.5,
    });
    const slow = d.store.createDraft(d.publicationId, 'post', fields('Slow two', '<p>a</p>'));
    const mine = d.store.createDraft(d.publicationId, 'post', fields('Regret two', '<p>x</p>'));
    expect(await engine.flush()).toMatchObject({ done: 2, failed: 0 });
    d.store.saveDraft(slow.id, fields('Slow two', '<p>a b</p>'));
    // Publish pressed (offline a moment ago, or just now): its push waits behind "Slow two".
    d.store.saveDraft(mine.id, published('Regret two', '<p>x</p>'));
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' && r.url.includes(String(d.store.getDraft(slow.id)!.remoteId))
        ? { type: 'delay', ms: 400 }
        : { type: 'pass' },
    );
    const round = engine.flush();
    await sleep(150);
    // While "Slow two" is on its way the writer thinks better of it: Delete, 10 s to undo.
    d.store.requestDelete(mine.id, 10_000);
    await round;
    // Still inside the undo window: nothing of it may have gone live.
    expect((await post('regret-two'))?.status).not.toBe('publish');
  });

  it('with the default concurrency (4), five drafts waiting: nor does the fifth', async () => {
    const d = world.device({ attempts: 1 });
    const others = [1, 2, 3, 4].map((n) =>
      d.store.createDraft(d.publicationId, 'post', fields(`Busy ${n}`, '<p>a</p>')),
    );
    const mine = d.store.createDraft(d.publicationId, 'post', fields('Regret three', '<p>x</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 5, failed: 0 });
    for (const other of others)
      d.store.saveDraft(other.id, fields(other.fields.title, '<p>a b</p>'));
    d.store.saveDraft(mine.id, published('Regret three', '<p>x</p>'));
    const mineId = d.store.getDraft(mine.id)!.remoteId!;
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' && !r.url.endsWith(`/${mineId}`)
        ? { type: 'delay', ms: 400 }
        : { type: 'pass' },
    );
    const round = d.engine.flush();
    await sleep(150);
    d.store.requestDelete(mine.id, 10_000);
    await round;
    expect((await post('regret-three'))?.status).not.toBe('publish');
  });
});
