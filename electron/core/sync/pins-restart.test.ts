// From a review, which found these sound: pins across a restart (the store reopened).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { heldEdits } from './hold';
import { SyncEngine } from './engine';
import { LocalStore } from '../store/local-store';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('pins-restart');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

const away = () => world.proxy.setPolicy(() => ({ type: 'reset' }));
const back = () => world.proxy.setPolicy(() => ({ type: 'pass' }));
const published = (title: string, content?: string) => ({
  ...fields(title, content),
  status: 'publish' as const,
});

describe('pins across a restart', () => {
  it('an Update pressed offline, then a restart, then a conflict and Keep mine after another restart', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'r7-')), 'store.db');
    let d = world.device({ attempts: 1, file });
    const reopen = () => {
      d.store.close();
      const store = LocalStore.open(file, () => d.clock.now);
      const engine = new SyncEngine({
        store,
        clientFor: () => d.api,
        now: () => d.clock.now,
        random: () => 0.5,
      });
      return { ...d, store, engine };
    };
    const draft = d.store.createDraft(d.publicationId, 'page', published('Lock rota', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    away();
    d.store.saveDraft(draft.id, published('Lock rota', '<p>P</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d = reopen();
    d.store.saveDraft(draft.id, published('Lock rota', '<p>P and notes</p>'));
    back();
    await world.service.request('PUT', `/pages/${id}`, { body: { content: '<p>T</p>' } });
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d = reopen();
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    const live = await world.service.request('GET', '/pages/lock-rota');
    expect(live.json.page.content).toBe('<p>P</p>');
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
  });

  it('a pressed Update whose answer was lost, a restart, words typed: pressed live, typed held, no conflict', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'r7-')), 'store.db');
    let d = world.device({ attempts: 1, file });
    const reopen = () => {
      d.store.close();
      const store = LocalStore.open(file, () => d.clock.now);
      const engine = new SyncEngine({
        store,
        clientFor: () => d.api,
        now: () => d.clock.now,
        random: () => 0.5,
      });
      return { ...d, store, engine };
    };
    const draft = d.store.createDraft(d.publicationId, 'post', published('Weir rota', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'drop-response' } : { type: 'reset' },
    );
    d.store.saveDraft(draft.id, published('Weir rota', '<p>P</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d = reopen();
    d.store.saveDraft(draft.id, published('Weir rota', '<p>P then Q</p>'));
    back();
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1, conflicts: 0 });
    expect((await world.service.request('GET', '/posts/weir-rota')).json.post.content).toBe(
      '<p>P</p>',
    );
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
    expect(d.store.allOps()).toEqual([]);
  });

  it('a Publish of a new post pressed offline, its create answer lost on a keyless service, a restart: made once, pressed words', async () => {
    world.proxy.setService({ dropHeaders: ['idempotency-key'] });
    try {
      const file = join(mkdtempSync(join(tmpdir(), 'r7-')), 'store.db');
      let d = world.device({ attempts: 1, file });
      const reopen = () => {
        d.store.close();
        const store = LocalStore.open(file, () => d.clock.now);
        const engine = new SyncEngine({
          store,
          clientFor: () => d.api,
          now: () => d.clock.now,
          random: () => 0.5,
        });
        return { ...d, store, engine };
      };
      const draft = d.store.createDraft(
        d.publicationId,
        'post',
        fields('Sluice notes', '<p>P</p>'),
      );
      d.store.saveDraft(draft.id, published('Sluice notes', '<p>P</p>'));
      world.proxy.setPolicy((r) =>
        r.method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
      );
      expect(await d.engine.flush()).toMatchObject({ failed: 1 });
      d = reopen();
      d.store.saveDraft(draft.id, published('Sluice notes', '<p>P then TODO</p>'));
      back();
      d.clock.now += 600_000;
      await d.engine.flush();
      const made = await world.postsTitled('Sluice notes');
      expect(made.map((p) => p.content)).toEqual(['<p>P</p>']);
      expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
    } finally {
      world.proxy.setService({});
    }
  });
});
