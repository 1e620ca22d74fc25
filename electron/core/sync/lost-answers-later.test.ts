import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

// A write whose answer was lost, sent again much later: after the service forgot the create's
// key (a laptop asleep), or after many rounds of offline autosaves, each noted as sent before
// its request failed. From a review: the first made a second post, the second a "conflict" with
// the writer's own earlier words.

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('lost-answers-later');
});
afterAll(() => world.close());
beforeEach(() => {
  world.proxy.setPolicy(() => ({ type: 'pass' }));
  world.proxy.setService({});
});

const DAY = 24 * 3600_000;

/** A device that has seen the service honour a create's key. */
async function keyedDevice() {
  const d = world.device({ attempts: 1 });
  d.store.createDraft(d.publicationId, 'post', fields(`Warm-up ${Math.random()}`));
  expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
  expect(d.api.honoursKeys).toBe(true);
  return d;
}

/** The first create (or update) lands, its answer lost; later ones pass. */
const loseFirstAnswer = (method: 'POST' | 'PUT') => {
  let seen = 0;
  world.proxy.setPolicy((request) =>
    request.method === method && seen++ === 0 ? { type: 'drop-response' } : { type: 'pass' },
  );
};

describe('a keyed create whose answer was lost', () => {
  it('sent again after the service forgot its key is still made once', async () => {
    const d = await keyedDevice();
    loseFirstAnswer('POST');
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Long weekend', '<p>w</p>'));
    expect(await d.engine.flush()).toEqual({ done: 0, failed: 1, conflicts: 0 });
    // A month and a day asleep: the service no longer knows the key.
    world.service.server.db
      .prepare('UPDATE create_keys SET created_at = created_at - ?')
      .run(31 * DAY);
    d.clock.now += 31 * DAY;
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    expect((await world.postsTitled('Long weekend')).map((p) => p.slug)).toEqual(['long-weekend']);
    expect(d.store.getDraft(draft.id)!.base?.slug).toBe('long-weekend');
  });

  it('sent again after a dozen offline rounds of edits is ours, brought up to date', async () => {
    const d = await keyedDevice();
    loseFirstAnswer('POST');
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Train notes', '<p>0</p>'));
    expect(await d.engine.flush()).toEqual({ done: 0, failed: 1, conflicts: 0 });
    world.proxy.setPolicy(() => ({ type: 'reset' }));
    for (let i = 1; i <= 12; i++) {
      d.store.saveDraft(draft.id, fields('Train notes', `<p>${i}</p>`));
      d.clock.now += 600_000;
      expect(await d.engine.flush()).toEqual({ done: 0, failed: 1, conflicts: 0 });
    }
    world.proxy.setPolicy(() => ({ type: 'pass' }));
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    expect(d.store.getDraft(draft.id)!.conflict).toBeNull();
    expect((await world.postsTitled('Train notes')).map((p) => p.content)).toEqual(['<p>12</p>']);
  });
});

describe('a keyed create that landed once in a long day on a poor connection', () => {
  it('is known as ours by the service’s word, however many versions were sent around it', async () => {
    const d = await keyedDevice();
    // A poor connection: reads get through, writes (larger, slower) are cut.
    const offline = async (rounds: number, from: number) => {
      world.proxy.setPolicy((request) =>
        request.method === 'GET' ? { type: 'pass' } : { type: 'reset' },
      );
      for (let i = from; i < from + rounds; i++) {
        d.store.saveDraft(draft.id, fields('Day out', `<p>${i}</p>`));
        await d.engine.flush();
      }
    };
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Day out', '<p>0</p>'));
    await offline(30, 1);
    expect(d.store.getDraft(draft.id)!.sentVersions).toHaveLength(30);
    // A better moment: the create lands, its answer is lost.
    loseFirstAnswer('POST');
    d.store.saveDraft(draft.id, fields('Day out', '<p>landed</p>'));
    expect(await d.engine.flush()).toEqual({ done: 0, failed: 1, conflicts: 0 });
    // More autosaves than the versions a draft keeps as sent: the landed one is gone from them.
    await offline(200, 31);
    expect(d.store.getDraft(draft.id)!.sentVersions).toHaveLength(200);
    world.proxy.setPolicy(() => ({ type: 'pass' }));
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    expect(d.store.getDraft(draft.id)!.conflict).toBeNull();
    expect((await world.postsTitled('Day out')).map((p) => p.content)).toEqual(['<p>230</p>']);
  });
});

describe('an update whose answer was lost', () => {
  it('followed by a dozen offline autosaves is not a conflict with the writer’s own words', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Flaky cafe', '<p>a</p>'));
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    loseFirstAnswer('PUT');
    d.store.saveDraft(draft.id, fields('Flaky cafe', '<p>b</p>'));
    expect(await d.engine.flush()).toEqual({ done: 0, failed: 1, conflicts: 0 });
    world.proxy.setPolicy(() => ({ type: 'reset' }));
    for (let i = 1; i <= 12; i++) {
      d.store.saveDraft(draft.id, fields('Flaky cafe', `<p>b${i}</p>`));
      expect(await d.engine.flush()).toEqual({ done: 0, failed: 1, conflicts: 0 });
    }
    world.proxy.setPolicy(() => ({ type: 'pass' }));
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    expect(d.store.getDraft(draft.id)!.conflict).toBeNull();
    expect((await world.postsTitled('Flaky cafe')).map((p) => p.content)).toEqual(['<p>b12</p>']);
  });
});
