import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { heldEdits } from './hold';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

// Update and Publish send the words as they are when pressed. With the service away, the push
// waited and then sent whatever the draft held when the service answered: a note written after
// Update went live, no second Update pressed (a writer's review).

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('pressed-offline');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

const away = () => world.proxy.setPolicy(() => ({ type: 'reset' }));
const back = () => world.proxy.setPolicy(() => ({ type: 'pass' }));

describe('pressed while the service is away', () => {
  it('Update sends the words as they were when pressed; words written after stay held', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'page', {
      ...fields('Opening hours', '<p>Open 9 to 5.</p>'),
      status: 'publish',
    });
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    away();
    const corrected = { ...fields('Opening hours', '<p>Open 9 to 5. Closed on Sundays.</p>') };
    d.store.saveDraft(draft.id, { ...corrected, status: 'publish' });
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    const drafting = '<p>Open 9 to 5. Closed on Sundays.</p><p>TODO winter hours</p>';
    d.store.saveDraft(draft.id, { ...fields('Opening hours', drafting), status: 'publish' });
    back();
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const live = await world.service.request('GET', '/pages/opening-hours');
    expect(live.json.page.content).toBe('<p>Open 9 to 5. Closed on Sundays.</p>');
    // Still here, held for the next Update, and shown so.
    const now = d.store.getDraft(draft.id)!;
    expect(now.fields.content).toBe(drafting);
    expect(heldEdits(now)).toBe(true);
    expect(d.store.allOps()).toEqual([]);
  });

  it('Publish sends the words as they were when pressed; words written after stay held', async () => {
    const d = world.device({ attempts: 1 });
    away();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Ferry notes', '<p>v1</p>'));
    d.store.saveDraft(draft.id, { ...fields('Ferry notes', '<p>v1</p>'), status: 'publish' });
    d.store.saveDraft(draft.id, {
      ...fields('Ferry notes', '<p>v1, then a half th</p>'),
      status: 'publish',
    });
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const [live] = await world.postsTitled('Ferry notes');
    expect(live?.content).toBe('<p>v1</p>');
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
  });

  it('Publish then Unpublish sends the latest words, as a draft', async () => {
    const d = world.device({ attempts: 1 });
    away();
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      fields('Second thoughts', '<p>a</p>'),
    );
    d.store.saveDraft(draft.id, { ...fields('Second thoughts', '<p>a</p>'), status: 'publish' });
    d.store.saveDraft(draft.id, {
      ...fields('Second thoughts', '<p>a and b</p>'),
      status: 'draft',
    });
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const live = await world.service.request('GET', '/posts/second-thoughts');
    expect(live.json.post).toMatchObject({ content: '<p>a and b</p>', status: 'draft' });
  });
});
