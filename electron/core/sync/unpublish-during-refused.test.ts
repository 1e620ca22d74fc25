// From a review: an Unpublish pressed while a pinned Update is on its way and then refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('unpublish-during-refused');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

const away = () => world.proxy.setPolicy(() => ({ type: 'reset' }));
const back = () => world.proxy.setPolicy(() => ({ type: 'pass' }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const published = (title: string, content?: string) => ({
  ...fields(title, content),
  status: 'publish' as const,
});
const page = async (slug: string) =>
  (await world.service.request('GET', `/pages/${slug}`)).json?.page;

describe('Unpublish pressed while a refused Update is on its way', () => {
  it('is sent: the page does not stay live', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'page', fields('Quay three'));
    const mine = d.store.createDraft(d.publicationId, 'page', published('Pier three'));
    expect(await d.engine.flush()).toMatchObject({ done: 2 });
    away();
    // Update pressed offline with a slug another page holds; the slug put right since (held).
    d.store.saveDraft(mine.id, { ...published('Pier three'), slug: 'quay-three' });
    d.store.requestPush(mine.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(mine.id, { ...published('Pier three'), slug: 'pier-three-b' });
    // Back, slowly: while the pressed Update is on its way, the writer presses Unpublish.
    world.proxy.setPolicy((r) =>
      r.method === 'GET' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    d.clock.now += 600_000;
    const first = d.engine.flush();
    await sleep(100);
    d.store.saveDraft(mine.id, { ...fields('Pier three'), slug: 'pier-three-b', status: 'draft' });
    await first;
    back();
    for (let i = 0; i < 3; i++) {
      d.clock.now += 600_000;
      await d.engine.flush();
    }
    expect(d.store.getDraft(mine.id)!.fields.status).toBe('draft');
    const onService = (await page('pier-three-b')) ?? (await page('pier-three'));
    expect(onService?.status).toBe('draft');
  });
});
