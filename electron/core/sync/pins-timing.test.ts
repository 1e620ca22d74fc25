// Four reviews of the pins found timing and ordering cases: a press made while another draft
// of the round is on its way, a second conflict, a Delete behind a refused or waiting Publish,
// the live words restored while an Update is on its way. Each failed before its fix.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { heldEdits } from './hold';
import {
  fields,
  oneAtATime,
  published,
  startSyncWorld,
  type SyncWorld,
} from '../testing/sync-world';

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('pins-timing');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

const away = () => world.proxy.setPolicy(() => ({ type: 'reset' }));
const back = () => world.proxy.setPolicy(() => ({ type: 'pass' }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const post = async (slug: string) =>
  (await world.service.request('GET', `/posts/${slug}`)).json?.post;

describe('the words an Update or a Publish was pressed with, in time', () => {
  it('Publish pressed while another draft of the round is on its way sends the pressed words', async () => {
    const d = world.device({ attempts: 1 });
    // One push at a time: the second draft's op is read at the round's start and waits its turn.
    const engine = oneAtATime(d);
    const slow = d.store.createDraft(d.publicationId, 'post', fields('Slow one', '<p>a</p>'));
    const mine = d.store.createDraft(d.publicationId, 'post', fields('Lighthouse', '<p>draft</p>'));
    expect(await engine.flush()).toMatchObject({ done: 2, failed: 0 });
    d.store.saveDraft(slow.id, fields('Slow one', '<p>a b</p>'));
    d.store.saveDraft(mine.id, fields('Lighthouse', '<p>draft, more</p>'));
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'delay', ms: 400 } : { type: 'pass' },
    );
    const round = engine.flush();
    await sleep(150);
    // While "Slow one" is being sent: Publish pressed, then a half-written note.
    d.store.saveDraft(mine.id, published('Lighthouse', '<p>Ready.</p>'));
    d.store.saveDraft(mine.id, published('Lighthouse', '<p>Ready.</p><p>TODO half th</p>'));
    await round;
    back();
    await engine.flush();
    expect(await post('lighthouse')).toMatchObject({ status: 'publish', content: '<p>Ready.</p>' });
  });

  it('a Publish met by a conflict keeps its pin through a second conflict, for Keep mine', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Beacon', '<p>draft</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    away();
    d.store.saveDraft(draft.id, published('Beacon', '<p>Beacon lit at dusk.</p>'));
    d.store.saveDraft(draft.id, published('Beacon', '<p>Beacon lit at dusk.</p><p>TODO</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    await world.service.request('PUT', `/posts/${id}`, {
      body: { content: '<p>Their draft words.</p>' },
    });
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    // A save during the conflict (the record is not live: it is sent, and meets the conflict).
    d.store.saveDraft(draft.id, published('Beacon', '<p>Beacon lit at dusk.</p><p>TODO wr</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    expect(await post('beacon')).toMatchObject({
      status: 'publish',
      content: '<p>Beacon lit at dusk.</p>',
    });
  });
});

describe('Delete while a pinned Publish waits', () => {
  it('a Delete behind a Publish refused for its slug is sent', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'post', fields('Taken one'));
    const mine = d.store.createDraft(d.publicationId, 'post', fields('Unwanted'));
    expect(await d.engine.flush()).toMatchObject({ done: 2, failed: 0 });
    const id = d.store.getDraft(mine.id)!.remoteId!;
    d.store.saveDraft(mine.id, { ...published('Unwanted'), slug: 'taken-one' });
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    // The writer gives up on it: Delete, undo window over.
    d.store.requestDelete(mine.id, 10_000);
    for (let i = 0; i < 3; i++) {
      d.clock.now += 600_000;
      await d.engine.flush();
    }
    expect(d.store.allOps()).toEqual([]);
    expect(await post('unwanted')).toBeUndefined();
    expect(id).toBeGreaterThan(0);
  });

  it('a Publish pressed offline and then Deleted does not go live on the way to the delete', async () => {
    const d = world.device({ attempts: 1 });
    const mine = d.store.createDraft(d.publicationId, 'post', fields('Regretted', '<p>no</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(mine.id)!.remoteId!;
    away();
    d.store.saveDraft(mine.id, published('Regretted', '<p>no</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.requestDelete(mine.id, 10_000);
    // Back, but the delete itself does not get through this time.
    world.proxy.setPolicy((r) => (r.method === 'DELETE' ? { type: 'reset' } : { type: 'pass' }));
    d.clock.now += 600_000;
    await d.engine.flush();
    expect(id).toBeGreaterThan(0);
    expect((await post('regretted'))?.status).not.toBe('publish');
  });
});

describe('the live words restored while an Update is on its way', () => {
  /** An Update sent, slowly; the live words restored meanwhile (and Update pressed for them). */
  async function restoreMidFlight(title: string, slug: string, pressAgain: boolean) {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published(title, '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    d.store.saveDraft(draft.id, published(title, '<p>P1</p>'));
    d.store.requestPush(draft.id);
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'delay', ms: 400 } : { type: 'pass' },
    );
    const first = d.engine.flush();
    await sleep(150);
    const live = d.store.revisions(draft.id).find((r) => r.reason === 'live-before-edits')!;
    d.store.restoreRevision(draft.id, live.id);
    if (pressAgain) d.store.requestPush(draft.id);
    await first;
    back();
    await d.engine.flush();
    return { content: (await post(slug))?.content, draft: d.store.getDraft(draft.id)!, d };
  }

  it('are held, not sent over the Update pressed', async () => {
    const { content, draft, d } = await restoreMidFlight('Lock hours', 'lock-hours', false);
    // The Update pressed went; the restore came after it and waits for an Update of its own.
    expect(content).toBe('<p>P1</p>');
    expect(draft.fields.content).toBe('<p>L</p>');
    expect(heldEdits(draft)).toBe(true);
    expect(d.store.allOps()).toEqual([]);
  });

  it('with Update pressed for them, are sent: a press, not taken for the restore alone', async () => {
    const { content } = await restoreMidFlight('Gate hours', 'gate-hours', true);
    expect(content).toBe('<p>L</p>');
  });
});

// A fifth review: the Delete-first order's edges, and a press told from a take-back.
describe('a Delete while a Publish waits', () => {
  it('of a new post Published offline puts nothing live on the way', async () => {
    const d = world.device({ attempts: 1 });
    away();
    const mine = d.store.createDraft(
      d.publicationId,
      'post',
      fields('Never meant two', '<p>x</p>'),
    );
    d.store.saveDraft(mine.id, published('Never meant two', '<p>x</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.requestDelete(mine.id, 10_000);
    world.proxy.setPolicy((r) => (r.method === 'DELETE' ? { type: 'reset' } : { type: 'pass' }));
    d.clock.now += 600_000;
    await d.engine.flush();
    expect((await post('never-meant-two'))?.status).not.toBe('publish');
  });

  it('of a post moving to its new title’s slug, its Publish’s answer lost, puts nothing live', async () => {
    const d = world.device({ attempts: 1 });
    const mine = d.store.createDraft(d.publicationId, 'post', fields('Alpha notes', '<p>a</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    world.proxy.setPolicy((r) => (r.method === 'PUT' ? { type: 'reset' } : { type: 'pass' }));
    d.store.saveDraft(mine.id, published('Gamma notes', '<p>a</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    expect(d.store.getDraft(mine.id)).toMatchObject({ claimedSlug: 'gamma-notes' });
    d.store.requestDelete(mine.id, 10_000);
    world.proxy.setPolicy((r) => (r.method === 'DELETE' ? { type: 'reset' } : { type: 'pass' }));
    d.clock.now += 600_000;
    await d.engine.flush();
    const found = (await post('gamma-notes')) ?? (await post('alpha-notes'));
    expect(found?.status).not.toBe('publish');
  });

  it('of a post whose create’s answer was lost, Published since, puts nothing live', async () => {
    const d = world.device({ attempts: 1 });
    world.proxy.setPolicy((r) =>
      r.method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    const mine = d.store.createDraft(d.publicationId, 'post', fields('Lost answer', '<p>x</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    expect(d.store.getDraft(mine.id)).toMatchObject({ remoteId: null, claimedSlug: 'lost-answer' });
    away();
    d.store.saveDraft(mine.id, published('Lost answer', '<p>x</p>'));
    d.store.requestDelete(mine.id, 10_000);
    world.proxy.setPolicy((r) => (r.method === 'DELETE' ? { type: 'reset' } : { type: 'pass' }));
    d.clock.now += 600_000;
    await d.engine.flush();
    expect((await post('lost-answer'))?.status).not.toBe('publish');
    // And once the service takes deletes again, it is gone, made once.
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    expect(await post('lost-answer')).toBeUndefined();
    expect(await world.postsTitled('Lost answer')).toEqual([]);
  });
});

describe('a Delete while a Publish waits, on a service that honours create keys', () => {
  it('of a post whose first try never landed makes it, if at all, a draft on the way', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'post', fields(`Warm-up ${Math.random()}`));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    expect(d.api.honoursKeys).toBe(true);
    world.proxy.setPolicy((r) => (r.method === 'POST' ? { type: 'reset' } : { type: 'pass' }));
    const mine = d.store.createDraft(d.publicationId, 'post', fields('Keyed regret', '<p>x</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(mine.id, published('Keyed regret', '<p>x</p>'));
    d.store.requestDelete(mine.id, 10_000);
    world.proxy.setPolicy((r) => (r.method === 'DELETE' ? { type: 'reset' } : { type: 'pass' }));
    d.clock.now += 600_000;
    await d.engine.flush();
    expect((await post('keyed-regret'))?.status).not.toBe('publish');
  });
});

// A sixth review: a Delete in its undo window, and the as-a-draft create's lost answer.
describe('a Delete of a post whose create’s answer was lost', () => {
  it('still in its undo window, lets nothing of the post go live meanwhile', async () => {
    const d = world.device({ attempts: 1 });
    world.proxy.setPolicy((r) =>
      r.method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    const mine = d.store.createDraft(d.publicationId, 'post', fields('Window shut', '<p>x</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    expect(d.store.getDraft(mine.id)).toMatchObject({ remoteId: null, claimedSlug: 'window-shut' });
    away();
    d.store.saveDraft(mine.id, published('Window shut', '<p>x</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    // Deleted; the service answers again within the undo window ("Sync now", or the probe).
    d.store.requestDelete(mine.id, 10_000);
    back();
    d.store.makePushesDue();
    await d.engine.flush();
    expect((await post('window-shut'))?.status).not.toBe('publish');
  });

  it('on a service that ignores create keys, finds its as-a-draft create again, made once', async () => {
    world.proxy.setService({ dropHeaders: ['idempotency-key'] });
    try {
      const d = world.device({ attempts: 1 });
      world.proxy.setPolicy((r) => (r.method === 'POST' ? { type: 'reset' } : { type: 'pass' }));
      const mine = d.store.createDraft(
        d.publicationId,
        'post',
        published('Twice over', '<p>x</p>'),
      );
      expect(await d.engine.flush()).toMatchObject({ failed: 1 });
      expect(d.store.getDraft(mine.id)).toMatchObject({
        remoteId: null,
        claimedSlug: 'twice-over',
      });
      d.store.requestDelete(mine.id, 10_000);
      d.clock.now += 600_000;
      // The as-a-draft create lands; its answer is lost.
      world.proxy.setPolicy((r) =>
        r.method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
      );
      expect(await d.engine.flush()).toMatchObject({ failed: 1 });
      expect((await post('twice-over'))?.status).toBe('draft');
      back();
      for (let i = 0; i < 3; i++) {
        d.clock.now += 600_000;
        await d.engine.flush();
      }
      expect(d.store.getDraft(mine.id)).toBeUndefined();
      expect(d.store.allOps()).toEqual([]);
      expect([await post('twice-over'), await post('twice-over-2')].filter(Boolean)).toEqual([]);
    } finally {
      world.proxy.setService({});
    }
  });
});
