// From a review: "Keep published" (the Publish button while an Unpublish waits) on a live post with
// held edits: the held words go live, no Update pressed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { heldEdits } from './hold';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('keep-published');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

const away = () => world.proxy.setPolicy(() => ({ type: 'reset' }));
const back = () => world.proxy.setPolicy(() => ({ type: 'pass' }));
const published = (title: string, content?: string) => ({
  ...fields(title, content),
  status: 'publish' as const,
});

describe('an Unpublish pressed offline and taken back with "Keep published"', () => {
  it('leaves the held edits held: readers keep the live words', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      published('Mill notes', '<p>LIVE</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    // Edits to the live post, not meant for readers yet: held ("Edits not live").
    const notes = '<p>LIVE</p><p>TODO half-written, not for readers</p>';
    d.store.saveDraft(draft.id, published('Mill notes', notes));
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
    away();
    // Unpublish pressed ("Unpublish pending"), then taken back: "Keep published on …".
    d.store.saveDraft(draft.id, { ...fields('Mill notes', notes), status: 'draft' });
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(draft.id, published('Mill notes', notes));
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    const live = (await world.service.request('GET', '/posts/mill-notes')).json.post;
    expect(live.status).toBe('publish');
    expect(live.content).toBe('<p>LIVE</p>');
  });

  it('pressed while the Unpublish is on its way and lands: the post is published again', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Weir notes', '<p>W</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    d.store.saveDraft(draft.id, { ...fields('Weir notes', '<p>W</p>'), status: 'draft' });
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const round = d.engine.flush();
    await new Promise((resolve) => setTimeout(resolve, 100));
    d.store.saveDraft(draft.id, published('Weir notes', '<p>W</p>'));
    await round;
    back();
    await d.engine.flush();
    const live = (await world.service.request('GET', '/posts/weir-notes')).json.post;
    expect(live.status).toBe('publish');
  });
});
