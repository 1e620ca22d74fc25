import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { differingFields } from '../../../shared/field-differences';
import { fieldsOf, LocalStore } from '../store/local-store';
import {
  fields,
  oneAtATime,
  published,
  startSyncWorld,
  type Device,
  type SyncWorld,
} from '../testing/sync-world';
import { SyncEngine } from './engine';
import { heldEdits } from './hold';
import { syncStateOf } from '../views';

// Edges of the pins (what an Update or a Publish sends: the words as pressed), each found by a
// seventh to twelfth review of them with a test that failed, and the restarts the seventh
// found sound.

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('pins-edges');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

const away = () => world.proxy.setPolicy(() => ({ type: 'reset' }));
const back = () => world.proxy.setPolicy(() => ({ type: 'pass' }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const post = async (slug: string) =>
  (await world.service.request('GET', `/posts/${slug}`)).json?.post;
const slowCreate = () =>
  world.proxy.setPolicy((r) =>
    r.method === 'POST' ? { type: 'delay', ms: 400 } : { type: 'pass' },
  );
const dropPuts = () =>
  world.proxy.setPolicy((r) => (r.method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' }));
const page = async (slug: string) =>
  (await world.service.request('GET', `/pages/${slug}`)).json?.page;

describe('a Delete pressed while its draft waits its turn in a round', () => {
  it('lets nothing of the draft go live during the undo window', async () => {
    const d = world.device({ attempts: 1 });
    const engine = oneAtATime(d);
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

  it('after an Unpublish that landed unanswered: the post is live again, its words as readers saw them', async () => {
    // From a review: the waiting push was taken away, the post left a draft for good.
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Lock notes', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const notes = '<p>L</p><p>TODO</p>';
    d.store.saveDraft(draft.id, published('Lock notes', notes));
    d.store.saveDraft(draft.id, { ...fields('Lock notes', notes), status: 'draft' });
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    expect((await post('lock-notes')).status).toBe('draft');
    back();
    d.store.saveDraft(draft.id, published('Lock notes', notes));
    d.clock.now += 600_000;
    await d.engine.flush();
    expect(await post('lock-notes')).toMatchObject({ status: 'publish', content: '<p>L</p>' });
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
  });

  it('pressed as an Unpublish of held edits lands: readers see the live words, the edits held', async () => {
    // From a review: the push put back for the landed Unpublish sent the held edits live.
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Sluice log', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const notes = '<p>L</p><p>TODO half-written</p>';
    d.store.saveDraft(draft.id, published('Sluice log', notes));
    d.store.saveDraft(draft.id, { ...fields('Sluice log', notes), status: 'draft' });
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const round = d.engine.flush();
    await sleep(100);
    d.store.saveDraft(draft.id, published('Sluice log', notes));
    await round;
    back();
    await d.engine.flush();
    expect(await post('sluice-log')).toMatchObject({ status: 'publish', content: '<p>L</p>' });
    expect(d.store.getDraft(draft.id)!.fields.content).toBe(notes);
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
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

/** A live page, an Update pressed offline, and a colleague's change met when back: a conflict. */
async function conflictOnPressedUpdate(title: string, slug: string) {
  const d = world.device({ attempts: 1 });
  const draft = d.store.createDraft(d.publicationId, 'page', published(title, '<p>LIVE</p>'));
  expect(await d.engine.flush()).toMatchObject({ done: 1 });
  const id = d.store.getDraft(draft.id)!.remoteId!;
  away();
  d.store.saveDraft(draft.id, published(title, '<p>PRESSED</p>'));
  d.store.requestPush(draft.id);
  expect(await d.engine.flush()).toMatchObject({ failed: 1 });
  back();
  await world.service.request('PUT', `/pages/${id}`, { body: { content: '<p>THEIRS</p>' } });
  d.clock.now += 600_000;
  expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
  void slug;
  return { d, draft };
}

describe('the pin kept through a conflict', () => {
  it('gives way to a take-back made during the conflict: Keep mine does not put the regretted words live', async () => {
    const { d, draft } = await conflictOnPressedUpdate('Ferry rota', 'ferry-rota');
    // The writer regrets the Update: the live words restored, as the editor offers.
    const live = d.store.revisions(draft.id).find((r) => r.reason === 'live-before-edits')!;
    expect(live.fields.content).toBe('<p>LIVE</p>');
    d.store.restoreRevision(draft.id, live.id);
    expect(d.store.getDraft(draft.id)!.fields.content).toBe('<p>LIVE</p>');
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    expect((await page('ferry-rota')).content).not.toBe('<p>PRESSED</p>');
  });

  it('Keep mine with nothing written since the press leaves no "Edits not live" behind', async () => {
    const { d, draft } = await conflictOnPressedUpdate('Bridge rota', 'bridge-rota');
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    expect((await page('bridge-rota')).content).toBe('<p>PRESSED</p>');
    const now = d.store.getDraft(draft.id)!;
    expect(now.fields.content).toBe('<p>PRESSED</p>');
    expect(heldEdits(now)).toBe(false);
  });
});

describe('words equal to what an offline Update put live', () => {
  it('are not shown as held once it lands', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'page', published('Dock hours', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    away();
    d.store.saveDraft(draft.id, published('Dock hours', '<p>P</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    // A word typed after the press, then undone: the words are the pressed ones again.
    d.store.saveDraft(draft.id, published('Dock hours', '<p>P and</p>'));
    d.store.saveDraft(draft.id, published('Dock hours', '<p>P</p>'));
    back();
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const live = await world.service.request('GET', '/pages/dock-hours');
    expect(live.json.page.content).toBe('<p>P</p>');
    const now = d.store.getDraft(draft.id)!;
    expect(now.fields.content).toBe('<p>P</p>');
    expect(heldEdits(now)).toBe(false);
  });

  it('the next edit keeps what readers see (P) as "live-before-edits", for a take-back', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'page', published('Quay hours', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    away();
    d.store.saveDraft(draft.id, published('Quay hours', '<p>P</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(draft.id, published('Quay hours', '<p>P and</p>'));
    d.store.saveDraft(draft.id, published('Quay hours', '<p>P</p>'));
    back();
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    // Readers see P. The writer starts a new round of edits.
    d.store.saveDraft(draft.id, published('Quay hours', '<p>P, rewritten</p>'));
    const live = d.store.revisions(draft.id).find((r) => r.reason === 'live-before-edits');
    expect(live?.fields.content).toBe('<p>P</p>');
  });
});

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function storeFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-pins-'));
  made.push(dir);
  return join(dir, 'store.db');
}
/** The same device after a restart: its store file opened again, a new engine over it. */
function restarted(d: Device, file: string): Device {
  d.store.close();
  const store = LocalStore.open(file, () => d.clock.now);
  const engine = new SyncEngine({
    store,
    clientFor: () => d.api,
    now: () => d.clock.now,
    random: () => 0.5,
  });
  return { ...d, store, engine };
}

describe('pins across a restart', () => {
  it('an Update pressed offline, then a restart, then a conflict and Keep mine after another restart', async () => {
    const file = storeFile();
    let d = world.device({ attempts: 1, file });
    const reopen = () => (d = restarted(d, file));
    const draft = d.store.createDraft(d.publicationId, 'page', published('Lock rota', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    away();
    d.store.saveDraft(draft.id, published('Lock rota', '<p>P</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    reopen();
    d.store.saveDraft(draft.id, published('Lock rota', '<p>P and notes</p>'));
    back();
    await world.service.request('PUT', `/pages/${id}`, { body: { content: '<p>T</p>' } });
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    reopen();
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    const live = await world.service.request('GET', '/pages/lock-rota');
    expect(live.json.page.content).toBe('<p>P</p>');
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
  });

  it('a pressed Update whose answer was lost, a restart, words typed: pressed live, typed held, no conflict', async () => {
    const file = storeFile();
    let d = world.device({ attempts: 1, file });
    const reopen = () => (d = restarted(d, file));
    const draft = d.store.createDraft(d.publicationId, 'post', published('Weir rota', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'drop-response' } : { type: 'reset' },
    );
    d.store.saveDraft(draft.id, published('Weir rota', '<p>P</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    reopen();
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
      const file = storeFile();
      let d = world.device({ attempts: 1, file });
      const reopen = () => (d = restarted(d, file));
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
      reopen();
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

describe('Update pressed offline, then Unpublish, then "Keep published", all before the service is back', () => {
  it('the pressed Update still goes: readers get the updated words', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Jetty news', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    away();
    d.store.saveDraft(draft.id, published('Jetty news', '<p>P</p>'));
    d.store.requestPush(draft.id); // "Update pending"
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    // Unpublish pressed, then taken back at once: back to where it was, the Update waiting.
    d.store.saveDraft(draft.id, { ...fields('Jetty news', '<p>P</p>'), status: 'draft' });
    d.store.saveDraft(draft.id, published('Jetty news', '<p>P</p>'));
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    expect(await post('jetty-news')).toMatchObject({ status: 'publish', content: '<p>P</p>' });
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(false);
  });
});

describe('an Unpublish pressed offline, never sent, taken back with "Keep published"', () => {
  it("meets a colleague's edit made meanwhile: no conflict, the post live with their words", async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      published('Lock keeper', '<p>L</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    away();
    // Unpublish pressed, then taken back: nothing changed, the words as readers see them.
    d.store.saveDraft(draft.id, { ...fields('Lock keeper', '<p>L</p>'), status: 'draft' });
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(draft.id, published('Lock keeper', '<p>L</p>'));
    back();
    // A colleague corrects the live post meanwhile.
    await world.service.request('PUT', `/posts/${id}`, { body: { content: '<p>M</p>' } });
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 0 });
    expect(d.store.getDraft(draft.id)!.conflict).toBeNull();
    expect(await post('lock-keeper')).toMatchObject({ status: 'publish', content: '<p>M</p>' });
  });
});

describe('an Unpublish met by a conflict, taken back with "Keep published" during it', () => {
  it('Keep mine does not put the held edits live', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Basin log', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    const notes = '<p>L</p><p>TODO never Updated</p>';
    d.store.saveDraft(draft.id, published('Basin log', notes));
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
    away();
    d.store.saveDraft(draft.id, { ...fields('Basin log', notes), status: 'draft' });
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    await world.service.request('PUT', `/posts/${id}`, { body: { title: 'Basin log (fixed)' } });
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    // The writer keeps it published after all, then keeps their version.
    d.store.saveDraft(draft.id, published('Basin log', notes));
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    const live = await post('basin-log');
    expect(live.content).not.toBe(notes);
  });
});

describe('Keep published when no snapshot holds the live words', () => {
  it('does not send the held edits live', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      published('Canal diary', '<p>L</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    // Update pressed offline for P; words typed after the press (held).
    away();
    d.store.saveDraft(draft.id, published('Canal diary', '<p>P</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    const notes = '<p>P</p><p>TODO private notes, never Updated</p>';
    d.store.saveDraft(draft.id, published('Canal diary', notes));
    back();
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    expect(await post('canal-diary')).toMatchObject({ status: 'publish', content: '<p>P</p>' });
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
    // Offline again: Unpublish pressed, then taken back with "Keep published".
    away();
    d.store.saveDraft(draft.id, { ...fields('Canal diary', notes), status: 'draft' });
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(draft.id, published('Canal diary', notes));
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    // Readers must still see P: the notes were never Updated.
    expect(await post('canal-diary')).toMatchObject({ status: 'publish', content: '<p>P</p>' });
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
  });

  it('after an Unpublish that landed unanswered, republishes the words the Update put live', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Canal log', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    away();
    d.store.saveDraft(draft.id, published('Canal log', '<p>P</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    const notes = '<p>P</p><p>TODO</p>';
    d.store.saveDraft(draft.id, published('Canal log', notes));
    back();
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    d.store.saveDraft(draft.id, { ...fields('Canal log', notes), status: 'draft' });
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    expect((await post('canal-log')).status).toBe('draft');
    back();
    d.store.saveDraft(draft.id, published('Canal log', notes));
    d.clock.now += 600_000;
    await d.engine.flush();
    expect(await post('canal-log')).toMatchObject({ status: 'publish', content: '<p>P</p>' });
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
  });
});

describe("a staged Publish (the writer's own slug) whose draft-create is on its way", () => {
  it('Delete pressed meanwhile (undo window open): the second write does not put it live', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', {
      ...fields('Towpath one', '<p>t</p>'),
      slug: 'towpath-one',
      status: 'publish',
    });
    slowCreate();
    const round = d.engine.flush();
    await sleep(150);
    // The writer thinks better of it before anything is live: Delete, 10 s to undo.
    d.store.requestDelete(draft.id, 10_000);
    await round;
    const onService = await post('towpath-one');
    expect(onService?.status).not.toBe('publish');
    expect(onService?.published_at ?? null).toBeNull();
  });

  it('"Keep as draft" pressed meanwhile (words typed after the Publish): not put live', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', {
      ...fields('Towpath two', '<p>t</p>'),
      slug: 'towpath-two',
    });
    world.proxy.setPolicy(() => ({ type: 'reset' }));
    // Publish pressed offline; a word typed after it.
    d.store.saveDraft(draft.id, {
      ...fields('Towpath two', '<p>t</p>'),
      slug: 'towpath-two',
      status: 'publish',
    });
    d.store.saveDraft(draft.id, {
      ...fields('Towpath two', '<p>t u</p>'),
      slug: 'towpath-two',
      status: 'publish',
    });
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    slowCreate();
    d.clock.now += 600_000;
    const round = d.engine.flush();
    await sleep(150);
    // Back online, the create on its way: the writer takes the Publish back.
    d.store.saveDraft(draft.id, {
      ...fields('Towpath two', '<p>t u</p>'),
      slug: 'towpath-two',
      status: 'draft',
    });
    await round;
    const onService = await post('towpath-two');
    expect(onService?.status).not.toBe('publish');
    expect(onService?.published_at ?? null).toBeNull();
  });
});

// From a tenth review: markSynced keeps what readers see ('live-before-edits') only when given `sent`,
// which settle passes but the 'in-step' decision does not. A pressed Update whose answer was lost
// settles in step on the next try, so nothing holds its words; "Keep published" after an
// Unpublish that landed unanswered then finds no live words and takes the push away.
describe('an Update whose answer was lost, words typed since, then Unpublish (answer lost) and Keep published', () => {
  it('republishes the Updated words', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Ropewalk', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    // Update pressed for P: it lands, its answer lost.
    d.store.saveDraft(draft.id, published('Ropewalk', '<p>P</p>'));
    d.store.requestPush(draft.id);
    dropPuts();
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    // Words typed after the press: held.
    const notes = '<p>P</p><p>TODO not for readers</p>';
    d.store.saveDraft(draft.id, published('Ropewalk', notes));
    world.proxy.setPolicy(() => ({ type: 'pass' }));
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1, conflicts: 0 });
    expect(await post('ropewalk')).toMatchObject({ status: 'publish', content: '<p>P</p>' });
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
    // Unpublish pressed: it lands, its answer lost.
    d.store.saveDraft(draft.id, { ...fields('Ropewalk', notes), status: 'draft' });
    dropPuts();
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    world.proxy.setPolicy(() => ({ type: 'pass' }));
    expect((await post('ropewalk')).status).toBe('draft');
    // "Keep published".
    d.store.saveDraft(draft.id, published('Ropewalk', notes));
    d.clock.now += 600_000;
    await d.engine.flush();
    const onService = await post('ropewalk');
    expect(onService).toMatchObject({ status: 'publish', content: '<p>P</p>' });
  });
});

// From a tenth review: the `takingBack` short-cut (engine.ts) returns 'done' on a 'both-changed' conflict.
// After an Unpublish that landed unanswered, "Keep published" pins the live words (not pressed):
// a colleague's edit to the now-unpublished post makes the push 'both-changed', and the short-cut
// drops it: the post stays unpublished while Quire shows it published.
describe('Keep published after an Unpublish that landed unanswered, a colleague editing meanwhile', () => {
  it('does not leave the post unpublished with no conflict shown', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      published('Harbour log', '<p>L</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    // Unpublish pressed; it lands, its answer lost.
    d.store.saveDraft(draft.id, { ...fields('Harbour log', '<p>L</p>'), status: 'draft' });
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    world.proxy.setPolicy(() => ({ type: 'pass' }));
    expect((await post('harbour-log')).status).toBe('draft');
    // A colleague fixes a typo in it meanwhile.
    await world.service.request('PUT', `/posts/${id}`, { body: { content: '<p>L, fixed</p>' } });
    // The writer takes the Unpublish back: "Keep published".
    d.store.saveDraft(draft.id, published('Harbour log', '<p>L</p>'));
    d.clock.now += 600_000;
    await d.engine.flush();
    const now = d.store.getDraft(draft.id)!;
    const onService = await post('harbour-log');
    // The writer's last wish was Keep published: either the post is live, or a conflict asks.
    expect(onService.status === 'publish' || now.conflict !== null).toBe(true);
  });
});

// From a tenth review: the `unpublish-pin:<id>` stash (an Update pressed before an Unpublish) outlives a
// take-back of that Update made while the Unpublish waits (the live words restored from
// history), and "Keep published" then sends the regretted Update's words live.
describe('Update pressed offline, Unpublish, the live words restored, then "Keep published"', () => {
  it('does not put the taken-back Update live', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      published('Slipway news', '<p>L</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    away();
    d.store.saveDraft(draft.id, published('Slipway news', '<p>P regretted</p>'));
    d.store.requestPush(draft.id); // "Update pending"
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    // Unpublish pressed ("Unpublish pending").
    d.store.saveDraft(draft.id, {
      ...fields('Slipway news', '<p>P regretted</p>'),
      status: 'draft',
    });
    // The writer regrets P: restores what readers saw, from history.
    const live = d.store.revisions(draft.id).find((r) => r.reason === 'live-before-edits')!;
    expect(live.fields.content).toBe('<p>L</p>');
    d.store.restoreRevision(draft.id, live.id);
    expect(d.store.getDraft(draft.id)!.fields.content).toBe('<p>L</p>');
    // ... and keeps it published after all.
    d.store.saveDraft(draft.id, published('Slipway news', '<p>L</p>'));
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    const onService = await post('slipway-news');
    expect(onService.content).toBe('<p>L</p>');
  });

  it('control: the same without the Unpublish/Keep published pair takes the Update back', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      published('Slipway two', '<p>L</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    away();
    d.store.saveDraft(draft.id, published('Slipway two', '<p>P regretted</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    const live = d.store.revisions(draft.id).find((r) => r.reason === 'live-before-edits')!;
    d.store.restoreRevision(draft.id, live.id);
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    expect((await post('slipway-two')).content).toBe('<p>L</p>');
  });
});

// From a tenth review: an Update taken back (the live words restored while it waits) pins them "not
// pressed"; when the Update had in fact landed (answer lost) and a colleague touched the post
// since, the `takingBack` short-cut ends the push as 'done': the regretted words stay live, with
// no conflict asked.
describe('an Update whose answer was lost, taken back, a colleague editing meanwhile', () => {
  it('does not leave the regretted words live with no conflict asked', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Net loft', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    d.store.saveDraft(draft.id, published('Net loft', '<p>P regretted</p>'));
    d.store.requestPush(draft.id);
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    world.proxy.setPolicy(() => ({ type: 'pass' }));
    // A colleague adds a line to the live post.
    await world.service.request('PUT', `/posts/${id}`, {
      body: { content: '<p>P regretted</p><p>colleague</p>' },
    });
    // The writer, seeing "Update pending", takes it back: the live words restored.
    const live = d.store.revisions(draft.id).find((r) => r.reason === 'live-before-edits')!;
    d.store.restoreRevision(draft.id, live.id);
    d.clock.now += 600_000;
    await d.engine.flush();
    const now = d.store.getDraft(draft.id)!;
    const onService = await post('net-loft');
    expect(onService.content.includes('P regretted') && now.conflict === null).toBe(false);
  });
});

// From a tenth review: the `takingBack` short-cut returns 'done' on 'both-changed' without taking the
// colleague's words in or moving the base: the draft is left on a base the service no longer
// holds, shown "Edits not live" with nothing changed, and the writer's next Update (or edit
// and Update) is a conflict in which only the colleague changed words.
describe("Keep published meeting a colleague's edit (no conflict asked)", () => {
  it('leaves the draft in step with the service: no "Edits not live", no conflict at the next Update', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Chandlery', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    away();
    d.store.saveDraft(draft.id, { ...fields('Chandlery', '<p>L</p>'), status: 'draft' });
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(draft.id, published('Chandlery', '<p>L</p>'));
    back();
    await world.service.request('PUT', `/posts/${id}`, { body: { content: '<p>M</p>' } });
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 0 });
    const after = d.store.getDraft(draft.id)!;
    // The writer changed no words: nothing of theirs waits, and the colleague's words are theirs now.
    expect(syncStateOf(after, d.store, true)).toBe('synced');
  });

  it('the writer then presses Update ("Edits not live" shown): no conflict over words only the colleague changed', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      published('Chandlery two', '<p>L</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    away();
    d.store.saveDraft(draft.id, { ...fields('Chandlery two', '<p>L</p>'), status: 'draft' });
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(draft.id, published('Chandlery two', '<p>L</p>'));
    back();
    await world.service.request('PUT', `/posts/${id}`, { body: { content: '<p>M</p>' } });
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 0 });
    // "Edits not live" is shown; the writer presses Update.
    d.store.requestPush(draft.id);
    const result = await d.engine.flush();
    expect(result.conflicts).toBe(0);
  });
});

// A: the keepsLive short-cut takes a colleague's copy that holds an Update the writer took back.
// B: Keep published after words typed while unpublished sends the old live words over an Update that
// had already landed (answer lost): readers lose the words the writer pressed Update for.
describe('an Update whose answer was lost, taken back, then Unpublish + Keep published, a colleague editing', () => {
  it('does not leave the regretted words live with no conflict asked', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Sail loft', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    d.store.saveDraft(draft.id, published('Sail loft', '<p>P regretted</p>'));
    d.store.requestPush(draft.id);
    dropPuts();
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await post('sail-loft')).content).toBe('<p>P regretted</p>');
    // A colleague adds a line to the live post.
    await world.service.request('PUT', `/posts/${id}`, {
      body: { content: '<p>P regretted</p><p>colleague</p>' },
    });
    away();
    // The writer takes the Update back (the live words restored from history) ...
    const live = d.store.revisions(draft.id).find((r) => r.reason === 'live-before-edits')!;
    d.store.restoreRevision(draft.id, live.id);
    expect(d.store.getDraft(draft.id)!.fields.content).toBe('<p>L</p>');
    // ... presses Unpublish, then thinks better of it: "Keep published".
    d.store.saveDraft(draft.id, { ...fields('Sail loft', '<p>L</p>'), status: 'draft' });
    d.store.saveDraft(draft.id, published('Sail loft', '<p>L</p>'));
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    const now = d.store.getDraft(draft.id)!;
    const onService = await post('sail-loft');
    // The writer took P back: P must not stay live unasked.
    const seen = JSON.stringify({
      service: onService.content,
      conflict: now.conflict !== null,
      draft: now.fields.content,
      reasons: d.store.revisions(draft.id).map((r) => r.reason),
    });
    expect(onService.content.includes('P regretted') && now.conflict === null, seen).toBe(false);
  });
});

// B: Keep published after words typed while unpublished sends the old live words over an Update that
// had already landed (answer lost): readers lose the words the writer pressed Update for.
describe('an Update whose answer was lost, Unpublish, words typed, Keep published', () => {
  it('does not take the pressed Update back from readers', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Rope yard', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    d.store.saveDraft(draft.id, published('Rope yard', '<p>P</p>'));
    d.store.requestPush(draft.id);
    dropPuts();
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await post('rope-yard')).content).toBe('<p>P</p>');
    away();
    d.store.saveDraft(draft.id, { ...fields('Rope yard', '<p>P</p>'), status: 'draft' });
    // A word typed while it shows unpublished, then "Keep published".
    d.store.saveDraft(draft.id, { ...fields('Rope yard', '<p>P</p><p>TODO</p>'), status: 'draft' });
    d.store.saveDraft(draft.id, published('Rope yard', '<p>P</p><p>TODO</p>'));
    back();
    d.clock.now += 600_000;
    const result = await d.engine.flush();
    const onService = await post('rope-yard');
    expect({ result, status: onService.status, content: onService.content }).toMatchObject({
      status: 'publish',
      content: '<p>P</p>',
    });
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
  });

  it('control: without the word typed while unpublished, P stays live', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Rope two', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    d.store.saveDraft(draft.id, published('Rope two', '<p>P</p>'));
    d.store.requestPush(draft.id);
    dropPuts();
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    away();
    d.store.saveDraft(draft.id, { ...fields('Rope two', '<p>P</p>'), status: 'draft' });
    d.store.saveDraft(draft.id, published('Rope two', '<p>P</p>'));
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    expect(await post('rope-two')).toMatchObject({ status: 'publish', content: '<p>P</p>' });
  });
});

// Keep published's push (pinned_by_press 2) refused with no field named, the record not live as
// last known (its Unpublish landed): the refusal path unpins it as it does a pressed Publish, and
// the next try sends the latest words, the held edits, live.
describe('Keep published pressed while an Unpublish of held edits lands, its push then refused', () => {
  it('never sends the held edits live', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Lock gate', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const notes = '<p>L</p><p>TODO private</p>';
    d.store.saveDraft(draft.id, published('Lock gate', notes));
    d.store.saveDraft(draft.id, { ...fields('Lock gate', notes), status: 'draft' });
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const round = d.engine.flush();
    await sleep(100);
    d.store.saveDraft(draft.id, published('Lock gate', notes)); // "Keep published"
    await round;
    expect(d.store.allOps()[0]?.pinned?.keepsLive).toBe(true);
    // The republish is refused once (a 422 naming no field, e.g. from a proxy in front).
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'html-page', status: 422 } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    // Refused, the pin of the words readers saw stays: the latest never go in its place.
    expect(d.store.allOps()[0]?.pinned?.keepsLive).toBe(true);
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    const onService = await post('lock-gate');
    expect(`${onService.status}: ${onService.content}`).not.toBe(`publish: ${notes}`);
  });
});

// The keepsLive short-cut's "no edits since the pin" is sameFields, which compares a slug only
// when both sides name one: a held rename of a post created without a slug is not seen.
describe('Keep published with a held slug change, a colleague editing meanwhile', () => {
  it('asks (a conflict) rather than replacing the held rename with the service copy', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Ferry pier', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect(d.store.getDraft(draft.id)!.fields.slug).toBeUndefined();
    // A held edit: the slug changed, not yet Updated.
    const renamed = { ...published('Ferry pier', '<p>L</p>'), slug: 'ferry-pier-renamed' };
    d.store.saveDraft(draft.id, renamed);
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
    away();
    d.store.saveDraft(draft.id, { ...renamed, status: 'draft' });
    d.store.saveDraft(draft.id, renamed); // "Keep published"
    back();
    await world.service.request('PUT', `/posts/${id}`, { body: { content: '<p>M</p>' } });
    d.clock.now += 600_000;
    const result = await d.engine.flush();
    const now = d.store.getDraft(draft.id)!;
    const seen = JSON.stringify({
      result,
      slug: now.fields.slug,
      conflict: now.conflict !== null,
      held: heldEdits(now),
      reasons: d.store.revisions(draft.id).map((r) => r.reason),
    });
    // Held edits: a conflict asked, or the held rename still in the draft.
    expect(now.conflict !== null || now.fields.slug === 'ferry-pier-renamed', seen).toBe(true);
  });
});

// The 'update' adoption moves the base to the writer's landed P with held edits beside it, but
// (unlike settle) keeps no 'live-before-edits' snapshot of P. A second Unpublish that lands
// unanswered, then "Keep published": liveWords finds nothing, the push is taken away.
describe('after the Keep published adoption, a second Unpublish landing unanswered, Keep published', () => {
  it('does not leave the post unpublished with no conflict and no error', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Boat house', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    // Update P: lands, answer lost.
    d.store.saveDraft(draft.id, published('Boat house', '<p>P</p>'));
    d.store.requestPush(draft.id);
    dropPuts();
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    away();
    // Unpublish, a word typed, "Keep published" (the eleventh review's case B).
    const notes = '<p>P</p><p>TODO</p>';
    d.store.saveDraft(draft.id, { ...fields('Boat house', '<p>P</p>'), status: 'draft' });
    d.store.saveDraft(draft.id, { ...fields('Boat house', notes), status: 'draft' });
    d.store.saveDraft(draft.id, published('Boat house', notes));
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    expect(await post('boat-house')).toMatchObject({ status: 'publish', content: '<p>P</p>' });
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
    // Later: Unpublish again; it lands, its answer lost.
    d.store.saveDraft(draft.id, { ...fields('Boat house', notes), status: 'draft' });
    dropPuts();
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await post('boat-house')).status).toBe('draft');
    // "Keep published".
    d.store.saveDraft(draft.id, published('Boat house', notes));
    d.clock.now += 600_000;
    const result = await d.engine.flush();
    const now = d.store.getDraft(draft.id)!;
    const onService = await post('boat-house');
    const seen = JSON.stringify({
      result,
      service: `${onService.status}: ${onService.content}`,
      state: syncStateOf(now, d.store, true),
      conflict: now.conflict !== null,
      error: now.lastError,
      ops: d.store.allOps().length,
      reasons: d.store.revisions(draft.id).map((r) => `${r.reason}:${r.fields.content}`),
    });
    expect(
      onService.status === 'publish' || now.conflict !== null || now.lastError !== null,
      seen,
    ).toBe(true);
  });
});

// No colleague at all: the service's published copy is the writer's own landed Update, which the
// writer then took back (restored the live words) before Unpublish + Keep published.
describe('an Update whose answer was lost, taken back, then Unpublish + Keep published (no colleague)', () => {
  it('does not leave the taken-back words live while the draft shows the live words "synced"', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Oar shed', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    d.store.saveDraft(draft.id, published('Oar shed', '<p>P regretted</p>'));
    d.store.requestPush(draft.id);
    dropPuts();
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await post('oar-shed')).content).toBe('<p>P regretted</p>');
    away();
    // The writer takes the Update back (the live words restored from history) ...
    const live = d.store.revisions(draft.id).find((r) => r.reason === 'live-before-edits')!;
    d.store.restoreRevision(draft.id, live.id);
    expect(d.store.getDraft(draft.id)!.fields.content).toBe('<p>L</p>');
    // ... presses Unpublish, then "Keep published".
    d.store.saveDraft(draft.id, { ...fields('Oar shed', '<p>L</p>'), status: 'draft' });
    d.store.saveDraft(draft.id, published('Oar shed', '<p>L</p>'));
    back();
    d.clock.now += 600_000;
    const result = await d.engine.flush();
    const now = d.store.getDraft(draft.id)!;
    const onService = await post('oar-shed');
    const seen = JSON.stringify({
      result,
      service: `${onService.status}: ${onService.content}`,
      draft: now.fields.content,
      state: syncStateOf(now, d.store, true),
      conflict: now.conflict !== null,
    });
    // The writer took P back: it must not stay live unasked.
    expect(onService.content.includes('P regretted') && now.conflict === null, seen).toBe(false);
  });

  it('control: the same without the Unpublish/Keep published pair takes P back', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Oar two', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    d.store.saveDraft(draft.id, published('Oar two', '<p>P regretted</p>'));
    d.store.requestPush(draft.id);
    dropPuts();
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    away();
    const live = d.store.revisions(draft.id).find((r) => r.reason === 'live-before-edits')!;
    d.store.restoreRevision(draft.id, live.id);
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    expect((await post('oar-two')).content).toBe('<p>L</p>');
  });
});

// A review found the README saying this asks; it does not, and need not: nothing of the
// writer's differs from what readers saw.
describe('held edits undone back to the live words, Unpublish + Keep published, a colleague editing', () => {
  it('takes the colleague’s words without asking, the writer’s kept in history', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Tar yard', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    d.store.saveDraft(draft.id, published('Tar yard', '<p>L</p><p>X</p>'));
    d.store.saveDraft(draft.id, published('Tar yard', '<p>L</p>')); // undone
    away();
    d.store.saveDraft(draft.id, { ...fields('Tar yard', '<p>L</p>'), status: 'draft' });
    d.store.saveDraft(draft.id, published('Tar yard', '<p>L</p>'));
    back();
    await world.service.request('PUT', `/posts/${id}`, { body: { content: '<p>M</p>' } });
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 0 });
    expect(d.store.getDraft(draft.id)!.fields.content).toBe('<p>M</p>');
    expect(
      d.store.revisions(draft.id).find((r) => r.reason === 'replaced-by-service')?.fields.content,
    ).toBe('<p>L</p>');
  });
});

// Review 25: "Keep published" pressed during a conflict was kept for Keep mine as a press, so its
// push named no slug and was no put-back: the rename the Unpublish carried went live unasked.
describe('an Unpublish carrying a held rename lands unanswered, a colleague edits, the conflict met with "Keep published" then Keep mine', () => {
  it('puts the post back live at the slug readers had, the rename still held', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Dock wall', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    // A held edit to the live post: a new slug, not for readers until Update.
    const renamed = { ...published('Dock wall', '<p>L</p>'), slug: 'dock-wall-notes' };
    d.store.saveDraft(draft.id, renamed);
    // Unpublish: lands, its answer lost.
    d.store.saveDraft(draft.id, { ...renamed, status: 'draft' });
    dropPuts();
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect(await post('dock-wall-notes')).toMatchObject({ status: 'draft' });
    // A colleague fixes a word in the now-unpublished post.
    const fixed = await world.service.request('PUT', `/posts/${id}`, {
      body: { content: '<p>L.</p>' },
    });
    expect(fixed.status).toBe(200);
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    // Shown the conflict, the writer presses "Keep published", then Keep mine.
    d.store.saveDraft(draft.id, renamed);
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    // Live at a URL readers never had, links to the post broken, and never pressed Update for.
    const now = d.store.getDraft(draft.id)!;
    const onService = (await world.service.request('GET', '/posts?limit=100')).json.posts.data.find(
      (p: { id: number }) => p.id === id,
    ) as { slug: string; status: string };
    expect({
      slug: onService.slug,
      status: onService.status,
      renameHeld: now.localRev > now.syncedRev,
    }).toEqual({ slug: 'dock-wall', status: 'publish', renameHeld: true });
  });
});

// Review 26: review 25's rule put every "Keep published" met by a conflict back at the slug the
// base had, so a colleague's rename (not shown: the draft names no slug) was undone by Keep mine,
// the post moved off the URL they gave it and their links broken.
describe('"Keep published" during a conflict met by a colleague’s rename, then Keep mine', () => {
  it('does not rename the post back over the colleague’s slug (the conflict never showed a slug)', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      published('Tern colony', '<p>T</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await post('tern-colony'))?.id).toBe(id);
    // The writer presses Unpublish; before it goes, a colleague gives the post a new URL.
    d.store.saveDraft(draft.id, { ...fields('Tern colony', '<p>T</p>'), status: 'draft' });
    const renamed = await world.service.request('PUT', `/posts/${id}`, {
      body: { slug: 'tern-colony-notes' },
    });
    expect(renamed.status).toBe(200);
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    // Asked, the writer takes the Unpublish back ("Keep published"): the conflict now shows no
    // difference at all (the draft names no slug), and the writer keeps mine.
    d.store.saveDraft(draft.id, published('Tern colony', '<p>T</p>'));
    const asked = d.store.getDraft(draft.id)!;
    const shown = differingFields(asked.fields, fieldsOf(asked.conflict!));
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    const onService = (await world.service.request('GET', '/posts?limit=100')).json.posts.data.find(
      (p: { id: number }) => p.id === id,
    ) as { slug: string; status: string };
    expect({ shown, slug: onService.slug, status: onService.status }).toEqual({
      shown: [],
      slug: 'tern-colony-notes',
      status: 'publish',
    });
  });
});
