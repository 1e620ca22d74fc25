import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slugify } from '../../../server';
import {
  fields,
  published,
  startSyncWorld,
  type SyncWorld,
  type Device,
} from '../testing/sync-world';
import { searchView } from '../views';
import { LocalStore } from '../store/local-store';
import { KEY_TRUST_MS, SyncEngine } from './engine';
import { restoreFromTrash as restoreFrom, clientGoneNamingNoId } from '../testing/trash';

// Keep mine on a post deleted on the service, the writes before it lost or landed unanswered.
// Review 35 found review 34's fix (a landed create's claim and words kept on the draft) made a
// Delete after Keep mine make a post to trash it, took a restored old post for the new create,
// and asked for the old claim, not the writer's slug; and, older, a restored post holding the
// writer's own lost Update was asked about as a colleague's, and the deleted post's copy here
// outlived Keep mine. Real parts: the reference server behind the fault proxy, SQLite stores.

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('keep-mine-on-deleted');
});
afterAll(() => world.close());
beforeEach(() => {
  world.proxy.setPolicy(() => ({ type: 'pass' }));
  world.proxy.setService({});
});

const back = () => world.proxy.setPolicy(() => ({ type: 'pass' }));
const put = (id: number, body: Record<string, unknown>) =>
  world.service.request('PUT', `/posts/${id}`, { body });
const byId = async (id: number) => {
  const reply = await world.service.request('GET', '/posts?limit=100');
  return (
    reply.json.posts.data as { id: number; slug: string; status: string; content: string }[]
  ).find((p) => p.id === id);
};
const writesSince = (from: number) =>
  world.proxy.log
    .slice(from)
    .filter((e) => e.request.method !== 'GET')
    .map((e) => `${e.request.method} ${e.request.url}`);

const restoreFromTrash = (id: number) => restoreFrom(world.service, id);

/**
 * Review 34's world: a keyed create lands with its answer lost, the writer writes on, a colleague
 * trashes the stray-looking post; the retry is answered 410 naming it: a "deleted" conflict.
 */
async function landedCreateTrashed(
  title: string,
): Promise<{ d: Device; draftId: string; made: number }> {
  const d = world.device({ attempts: 1 });
  d.store.createDraft(d.publicationId, 'post', fields(`Warm up ${title}`, '<p>w</p>'));
  expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
  world.proxy.setPolicy(({ method }) =>
    method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
  );
  const draft = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>A</p>'));
  expect(await d.engine.flush()).toMatchObject({ failed: 1 });
  back();
  const [made] = await world.postsTitled(title);
  expect(made!.content).toBe('<p>A</p>');
  d.store.saveDraft(draft.id, fields(title, '<p>A, more</p>'));
  expect((await world.service.request('DELETE', `/posts/${made!.id}`)).status).toBeLessThan(300);
  // The retry is due at once (the save queued it): the device's clock is left as the service's,
  // so a record's age is told as it would be (moved ahead, every record looks older than a try).
  expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
  expect(d.store.getDraft(draft.id)!.conflict?.id).toBe(-1);
  return { d, draftId: draft.id, made: made!.id };
}

// The old create's claim and words left on the draft read as a try of the new create (one that
// "may have landed"), and a Delete after Keep mine made a post to trash it, using a slug up.
describe('Keep mine on a post whose landed create was trashed (410), then Delete', () => {
  it('makes no post on the service only to trash it', async () => {
    const { d, draftId } = await landedCreateTrashed('Black guillemot');
    d.engine.resolve(draftId, 'mine');
    // The writer thinks better of it and deletes the draft (Keep mine's create not yet sent:
    // pressed offline, or while its push waited its turn).
    d.store.requestDelete(draftId, 10_000);
    const from = world.proxy.log.length;
    d.clock.now += 11_000;
    for (let round = 0; round < 3; round++) await d.engine.flush();
    expect({
      draft: d.store.getDraft(draftId) === undefined ? 'gone' : 'kept',
      writes: writesSince(from),
    }).toEqual({ draft: 'gone', writes: [] });
  });
});

// The same through a rename's claim: a never-published draft retitled (its slug follows the
// title) claims the new slug, and the rename's answer is lost; a colleague trashes the post.
describe('a rename whose answer was lost, the post trashed by a colleague, Keep mine, then Delete', () => {
  it('makes no post on the service only to trash it', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Little auk', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    world.proxy.setPolicy(({ method }) =>
      method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
    );
    d.store.saveDraft(draft.id, fields('Little auk at sea', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await byId(id))?.slug).toBe('little-auk-at-sea');
    expect((await world.service.request('DELETE', `/posts/${id}`)).status).toBeLessThan(300);
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    d.store.requestDelete(draft.id, 10_000);
    const from = world.proxy.log.length;
    d.clock.now += 11_000;
    for (let round = 0; round < 3; round++) await d.engine.flush();
    expect({
      draft: d.store.getDraft(draft.id) === undefined ? 'gone' : 'kept',
      writes: writesSince(from),
    }).toEqual({ draft: 'gone', writes: [] });
  });
});

// The old create's words, left with the new create's, made the restored old post look like the
// new create landed, and the post the new create really made (at `-2`, its answer lost) was left
// on the service out of Quire's sight.
describe('Keep mine after a trashed lost create (410), its create lands unanswered, then the old post is restored', () => {
  it('is the post that landed: none holding the writer’s words out of Quire’s sight, the restored one untouched', async () => {
    const { d, draftId, made } = await landedCreateTrashed('Razorbill');
    d.engine.resolve(draftId, 'mine');
    // Keep mine's create lands (at razorbill-2: the trashed post keeps the slug); answer lost.
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await world.postsTitled('Razorbill')).map((p) => p.content)).toEqual([
      '<p>A, more</p>',
    ]);
    // The colleague restores the old post from the trash.
    restoreFromTrash(made);
    d.store.makePushesDue();
    await d.engine.flush();
    const titled = await world.postsTitled('Razorbill');
    const withMyWords = titled.filter((p) => p.content === '<p>A, more</p>').map((p) => p.id);
    expect({ withMyWords, restored: (await byId(made))!.content }).toEqual({
      withMyWords: [d.store.getDraft(draftId)!.remoteId],
      restored: '<p>A</p>',
    });
  });
});

/**
 * An Update lands with its answer lost (the writer's S2 on the service), the writer writes on
 * (S3), a colleague trashes the post: the next round shows it deleted, and the writer keeps mine.
 * Then the colleague restores it: it holds the writer's own S2.
 */
async function landedUpdateTrashedKeptThenRestored(title: string) {
  const d = world.device({ attempts: 1 });
  const draft = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>S</p>'));
  expect(await d.engine.flush()).toMatchObject({ done: 1 });
  const id = d.store.getDraft(draft.id)!.remoteId!;
  world.proxy.setPolicy(({ method }) =>
    method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
  );
  d.store.saveDraft(draft.id, fields(title, '<p>S2</p>'));
  expect(await d.engine.flush()).toMatchObject({ failed: 1 });
  back();
  expect((await byId(id))?.content).toBe('<p>S2</p>');
  d.store.saveDraft(draft.id, fields(title, '<p>S3</p>'));
  expect((await world.service.request('DELETE', `/posts/${id}`)).status).toBeLessThan(300);
  d.store.makePushesDue();
  expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
  expect(d.store.getDraft(draft.id)!.conflict?.id).toBe(-1);
  d.engine.resolve(draft.id, 'mine');
  restoreFromTrash(id);
  return { d, draftId: draft.id, id };
}

// A landed Update's words were dropped by Keep mine, so the post restored holding the writer's
// own lost Update was told as a colleague's change: a Delete refused, a conflict of their words.
describe('an Update landed unanswered, the post trashed by a colleague, Keep mine, then restored', () => {
  it('a Delete pressed then deletes it: the writer’s own words, no refusal', async () => {
    const { d, draftId, id } = await landedUpdateTrashedKeptThenRestored('Common murre');
    d.store.requestDelete(draftId, 0);
    d.clock.now += 1_000;
    await d.engine.flush();
    expect({
      draft: d.store.getDraft(draftId) === undefined ? 'gone' : 'kept',
      onService: (await byId(id))?.content ?? 'deleted',
      refused: d.events.filter((e) => e.type === 'delete-refused').length,
    }).toEqual({ draft: 'gone', onService: 'deleted', refused: 0 });
  });

  it('the next round sends the writer’s words to it: no conflict of their own words', async () => {
    const { d, draftId, id } = await landedUpdateTrashedKeptThenRestored('Brünnich guillemot');
    await d.engine.flush();
    const now = d.store.getDraft(draftId)!;
    expect({
      conflict: now.conflict?.content ?? null,
      remoteId: now.remoteId,
      onService: (await byId(id))?.content,
    }).toEqual({ conflict: null, remoteId: id, onService: '<p>S3</p>' });
  });
});

/** Waits until the proxy has seen a request of this method since `from`. */
async function seen(method: string, from: number): Promise<void> {
  const by = Date.now() + 5_000;
  while (!world.proxy.log.slice(from).some((e) => e.request.method === method) && Date.now() < by)
    await new Promise((resolve) => setTimeout(resolve, 5));
}

// The post is gone from the service, the draft kept as "deleted on the service"; once the writer
// keeps mine (a new post), the old post's copy kept for browsing offline came back in every
// search (searches read the copy, online too) and in offline lists.
describe('a Delete taken back by a save while its DELETE is on its way, then Keep mine', () => {
  it('the deleted post’s copy here goes: a search finds the writer’s post once, not the deleted one', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Tufted puffin', '<p>T</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    // The post listed here (its copy kept for offline browsing and search).
    const listed = await d.api.getBySlug('post', 'tufted-puffin');
    d.store.cachePage(
      { publicationId: d.publicationId, kind: 'post', draftsOnly: false, page: 1, perPage: 20 },
      { total: 1, perPage: 20, currentPage: 1, lastPage: 1 } as never,
      [listed],
    );
    d.store.requestDelete(draft.id, 0);
    d.clock.now += 1_000;
    world.proxy.setPolicy((r) =>
      r.method === 'DELETE' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const from = world.proxy.log.length;
    const round = d.engine.flush();
    await seen('DELETE', from);
    // Words saved into it while the DELETE is on its way take the Delete back.
    d.store.saveDraft(draft.id, fields('Tufted puffin', '<p>T, kept after all</p>'));
    await round;
    back();
    expect(await byId(id)).toBeUndefined();
    expect(d.store.getDraft(draft.id)!.conflict?.id).toBe(-1);
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    const made = d.store.getDraft(draft.id)!.remoteId!;
    expect((await byId(made))?.content).toBe('<p>T, kept after all</p>');
    const found = searchView(
      d.store.searchCached(d.publicationId, 'post', 'tufted puffin'),
      d.publicationId,
      'post',
      d.store,
      true,
    );
    expect({
      copyOfDeleted: d.store.cachedRecord(d.publicationId, 'post', id) !== undefined,
      rows: found.map((row) => row.remoteId),
    }).toEqual({ copyOfDeleted: false, rows: [made] });
  });
});

// The old create's claim was the slug the new create asked for, not the writer's own typed while
// the conflict showed: made at `<old>-2`, the Slug field told of a slug it never asked for.
describe('Keep mine after a trashed lost create (410), the writer having set their own slug', () => {
  it('makes the post at the writer’s slug, no refusal on the Slug field', async () => {
    const { d, draftId } = await landedCreateTrashed('Atlantic puffin');
    d.store.saveDraft(draftId, {
      ...fields('Atlantic puffin', '<p>A, more</p>'),
      slug: 'puffins-of-skomer',
    });
    d.engine.resolve(draftId, 'mine');
    await d.engine.flush();
    const now = d.store.getDraft(draftId)!;
    expect({
      slug: (await byId(now.remoteId!))?.slug,
      error: now.lastError,
    }).toEqual({ slug: 'puffins-of-skomer', error: null });
  });
});

// A Delete taken back by words saved while its DELETE is on its way shows the post as deleted on
// the service, for the writer to keep or let go. A draft kept over its deletion has no id (the
// Delete went to the restored post): its waiting push took the path of a new draft and made the
// post again at once, unasked, live if it was (review 36).
describe('Keep mine over a deletion, the post restored, Delete pressed, words saved while the DELETE is on its way', () => {
  it('is shown as deleted on the service, for the writer to choose: not made again unasked', async () => {
    const title = 'Storm petrel log';
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>O</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    // A colleague trashes it; the writer's next words meet it gone, and they keep theirs.
    expect((await world.service.request('DELETE', `/posts/${id}`)).status).toBeLessThan(300);
    d.store.saveDraft(draft.id, fields(title, '<p>O, mine</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    // Before Keep mine's push goes, the colleague restores it, and the writer presses Delete.
    restoreFromTrash(id);
    d.store.requestDelete(draft.id, 0);
    d.clock.now += 1_000;
    world.proxy.setPolicy((r) =>
      r.method === 'DELETE' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const from = world.proxy.log.length;
    const round = d.engine.flush();
    await seen('DELETE', from);
    // Words saved while the DELETE is on its way take the Delete back.
    d.store.saveDraft(draft.id, fields(title, '<p>O, mine, and a last line</p>'));
    await round;
    back();
    expect(await byId(id)).toBeUndefined();
    const now = d.store.getDraft(draft.id)!;
    expect({
      conflict: now.conflict?.id ?? null,
      onService: (await world.postsTitled(title)).map((p) => p.content),
      writes: world.proxy.log
        .slice(from)
        .filter((e) => e.request.method !== 'GET')
        .map((e) => e.request.method),
    }).toEqual({ conflict: -1, onService: [], writes: ['DELETE'] });
  });

  it('a live post: the post the writer deleted is not put back live unasked', async () => {
    const title = 'Storm petrel live';
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published(title, '<p>O</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await world.service.request('DELETE', `/posts/${id}`)).status).toBeLessThan(300);
    d.store.saveDraft(draft.id, published(title, '<p>O, mine</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    restoreFromTrash(id);
    d.store.requestDelete(draft.id, 0);
    d.clock.now += 1_000;
    world.proxy.setPolicy((r) =>
      r.method === 'DELETE' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const from = world.proxy.log.length;
    const round = d.engine.flush();
    await seen('DELETE', from);
    d.store.saveDraft(draft.id, published(title, '<p>O, mine, and a last line</p>'));
    await round;
    back();
    expect(await byId(id)).toBeUndefined();
    const reply = await world.service.request('GET', '/posts?limit=100');
    const live = (reply.json.posts.data as { title: string; status: string; slug: string }[])
      .filter((p) => p.title === title)
      .map((p) => `${p.slug} ${p.status}`);
    expect({ conflict: d.store.getDraft(draft.id)!.conflict?.id ?? null, live }).toEqual({
      conflict: -1,
      live: [],
    });
  });

  it('control: the same on a post the draft knew by its id stays a conflict, nothing made', async () => {
    const title = 'Storm petrel control';
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>O</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    d.store.requestDelete(draft.id, 0);
    d.clock.now += 1_000;
    world.proxy.setPolicy((r) =>
      r.method === 'DELETE' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const from = world.proxy.log.length;
    const round = d.engine.flush();
    await seen('DELETE', from);
    d.store.saveDraft(draft.id, fields(title, '<p>O, and a last line</p>'));
    await round;
    back();
    await d.engine.flush();
    const now = d.store.getDraft(draft.id)!;
    expect({
      conflict: now.conflict?.id ?? null,
      onService: (await world.postsTitled(title)).map((p) => p.content),
    }).toEqual({ conflict: -1, onService: [] });
  });
});

// A store whose Keep mine was pressed before review 35's fix: the create's claim and words kept on
// the draft, the post deleted kept alone. Opened by this Quire (migration 12), a Delete after Keep
// mine makes no post only to trash it (review 36 found it did, nothing having moved them).
describe('upgraded with Keep mine pressed under the last build (a landed create trashed, 410), then Delete', () => {
  it('makes no post on the service only to trash it', async () => {
    const title = 'Leach petrel upgrade';
    const dir = mkdtempSync(join(tmpdir(), 'quire-keep-mine-upgrade-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'quire.db');
    const d = world.device({ attempts: 1, file });
    d.store.createDraft(d.publicationId, 'post', fields(`Warm up ${title}`, '<p>w</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    const draft = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>A</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    const [made] = await world.postsTitled(title);
    d.store.saveDraft(draft.id, fields(title, '<p>A, more</p>'));
    expect((await world.service.request('DELETE', `/posts/${made!.id}`)).status).toBeLessThan(300);
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    const before = d.store.getDraft(draft.id)!;
    expect(before.claimedSlug).not.toBeNull();
    d.engine.resolve(draft.id, 'mine');
    // What the last build's Keep mine left (schema 11): the create's claim and words on the
    // draft, and the post deleted kept alone, no words beside it.
    const key = `kept-over-deletion:${draft.id}`;
    const kept = JSON.parse(d.store.getSetting(key)!) as { records: unknown[] };
    d.store.setSetting(key, JSON.stringify(kept.records[0]));
    d.store.db
      .prepare('UPDATE drafts SET claimed_slug = ?, sent_versions = ? WHERE id = ?')
      .run(before.claimedSlug, JSON.stringify(before.sentVersions), draft.id);
    d.store.db.pragma('user_version = 11');
    d.store.close();
    // The app restarts on this build; the writer thinks better of it and deletes the draft.
    const store = LocalStore.open(file, () => d.clock.now);
    const engine = new SyncEngine({ store, clientFor: () => d.api, now: () => d.clock.now });
    store.requestDelete(draft.id, 10_000);
    const from = world.proxy.log.length;
    d.clock.now += 11_000;
    for (let round = 0; round < 3; round++) await engine.flush();
    const gone = store.getDraft(draft.id) === undefined;
    store.close();
    expect({
      draft: gone ? 'gone' : 'kept',
      writes: world.proxy.log
        .slice(from)
        .filter((e) => e.request.method !== 'GET')
        .map((e) => e.request.method),
    }).toEqual({ draft: 'gone', writes: [] });
  });
});

// The Delete went to the post Keep mine's create had made (its answer lost) and was taken back as
// it went: a colleague's restore of that post is met by the next Keep mine, not a third post made
// beside it (a case review 36's fix was checked against).
describe('Keep mine’s create landed unanswered, the original restored, Delete taken back as it goes', () => {
  it('the post it deleted, restored, gets the writer’s words: no post made beside it', async () => {
    const title = 'Fulmar ledge';
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>O</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const original = d.store.getDraft(draft.id)!.remoteId!;
    expect((await world.service.request('DELETE', `/posts/${original}`)).status).toBeLessThan(300);
    d.store.saveDraft(draft.id, fields(title, '<p>O, mine</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    const made = (await world.postsTitled(title)).find((p) => p.id !== original)!;
    restoreFromTrash(original);
    d.store.requestDelete(draft.id, 0);
    d.clock.now += 1_000;
    world.proxy.setPolicy((r) =>
      r.method === 'DELETE' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const from = world.proxy.log.length;
    const round = d.engine.flush();
    await seen('DELETE', from);
    d.store.saveDraft(draft.id, fields(title, '<p>O, mine, kept</p>'));
    await round;
    back();
    expect({
      made: await byId(made.id),
      conflict: d.store.getDraft(draft.id)!.conflict?.id,
    }).toEqual({ made: undefined, conflict: -1 });
    // A colleague restores the post the Delete took; the writer keeps theirs.
    restoreFromTrash(made.id);
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    const titled = await world.postsTitled(title);
    expect({
      posts: titled.map((p) => p.id).sort(),
      words: (await byId(made.id))?.content,
      draft: d.store.getDraft(draft.id)!.remoteId,
    }).toEqual({
      posts: [original, made.id].sort(),
      words: '<p>O, mine, kept</p>',
      draft: made.id,
    });
  });
});

// Keep mine waiting (offline), the post restored by a colleague and opened from the list: it is
// the draft kept over its deletion, not a second draft of the one post beside it (review 36).
describe('Keep mine waiting offline, the post restored and opened from the list', () => {
  it('opens the draft kept over its deletion: one draft, one post, the writer’s words', async () => {
    const title = 'Manx shearwater';
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>O</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await world.service.request('DELETE', `/posts/${id}`)).status).toBeLessThan(300);
    d.store.saveDraft(draft.id, fields(title, '<p>O, mine</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    world.proxy.setPolicy(() => ({ type: 'reset' }));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    restoreFromTrash(id);
    const restored = await d.api.getBySlug('post', (await byId(id))!.slug);
    const opened = d.store.adoptRemote(d.publicationId, 'post', restored, restored.etag);
    expect(opened.id).toBe(draft.id);
    d.store.makePushesDue();
    await d.engine.flush();
    expect({
      drafts: d.store.listDrafts(d.publicationId).filter((one) => one.fields.title === title)
        .length,
      posts: (await world.postsTitled(title)).map((p) => ({ id: p.id, content: p.content })),
    }).toEqual({ drafts: 1, posts: [{ id, content: '<p>O, mine</p>' }] });
  });
});

// A Delete pressed on a replay's conflict (the writer's create landed unanswered, a colleague
// renamed the post) goes to that post; taken back by words saved as the DELETE went, the draft is
// shown deleted on the service with no id. Review 37 found the post, restored by a colleague, no
// longer met (review 36's fix stopped the keyed create that found it), and Keep mine made a second.
describe('Delete on a replay’s conflict taken back as it goes, the post restored, Keep mine', () => {
  it.each([
    ['Ruddy shelduck', 0],
    // Its key no longer trusted by then: the create is not sent again, the post found all the same.
    ['Ruddy shelduck late', KEY_TRUST_MS],
  ])(
    '%s: meets the restored post, no second post with the writer’s words beside it',
    async (title, later) => {
      const d = world.device({ attempts: 1 });
      d.store.createDraft(d.publicationId, 'post', fields(`Warm up ${title}`, '<p>w</p>'));
      expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
      world.proxy.setPolicy(({ method }) =>
        method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
      );
      const slug = slugify(title);
      const draft = d.store.createDraft(d.publicationId, 'post', {
        ...fields(title, '<p>R</p>'),
        slug: `${slug}-notes`,
      });
      expect(await d.engine.flush()).toMatchObject({ failed: 1 });
      back();
      const [made] = await world.postsTitled(title);
      expect((await put(made!.id, { slug: `the-${slug}` })).status).toBe(200);
      d.clock.now += 600_000;
      // The retry's replay shows the renamed post: a conflict, no remote id on the draft.
      expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
      expect(d.store.getDraft(draft.id)!.conflict?.id).toBe(made!.id);
      expect(d.store.getDraft(draft.id)!.remoteId).toBeNull();
      // The writer deletes it, and thinks better of it as the DELETE goes: words saved into it.
      d.store.requestDelete(draft.id, 0);
      d.clock.now += 1_000;
      world.proxy.setPolicy((r) =>
        r.method === 'DELETE' ? { type: 'delay', ms: 300 } : { type: 'pass' },
      );
      const from = world.proxy.log.length;
      const round = d.engine.flush();
      await seen('DELETE', from);
      d.store.saveDraft(draft.id, {
        ...fields(title, '<p>R, kept after all</p>'),
        slug: `${slug}-notes`,
      });
      await round;
      back();
      expect(await byId(made!.id)).toBeUndefined();
      expect(d.store.getDraft(draft.id)!.conflict?.id).toBe(-1);
      // A round or two pass (the push of those words); a colleague restores the post.
      d.clock.now += later;
      d.store.makePushesDue();
      await d.engine.flush();
      restoreFromTrash(made!.id);
      // The writer presses Keep mine.
      d.engine.resolve(draft.id, 'mine');
      await d.engine.flush();
      await d.engine.flush();
      const titled = await world.postsTitled(title);
      expect({
        posts: titled.map((p) => p.id),
        draftOn: d.store.getDraft(draft.id)!.remoteId,
      }).toEqual({ posts: [made!.id], draftOn: made!.id });
    },
  );
});

// The same through a service known to keep keys whose 410 names no record: nothing is remembered
// of the post by its id. Written on, the keyed create sent again finds it restored (review 37);
// Keep mine pressed at once finds it by the slug its create claimed and the words it sent (review
// 39: it dropped them with the key, and made a second post beside it).
describe('a keyed create landed unanswered, trashed (410 naming no record), restored, Keep mine', () => {
  it.each([
    ['Common eider', true],
    ['King eider flotilla', false],
  ])(
    '%s (written on first: %s) meets the restored post: no second post beside it',
    async (title, writesOn) => {
      const d = world.device({ attempts: 1 });
      clientGoneNamingNoId(d);
      d.store.createDraft(d.publicationId, 'post', fields(`Warm up ${title}`, '<p>w</p>'));
      expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
      world.proxy.setPolicy(({ method }) =>
        method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
      );
      const draft = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>A</p>'));
      expect(await d.engine.flush()).toMatchObject({ failed: 1 });
      back();
      const [made] = await world.postsTitled(title);
      d.store.saveDraft(draft.id, fields(title, '<p>A, more</p>'));
      expect((await world.service.request('DELETE', `/posts/${made!.id}`)).status).toBeLessThan(
        300,
      );
      expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
      expect(d.store.getDraft(draft.id)!.conflict?.id).toBe(-1);
      restoreFromTrash(made!.id);
      if (writesOn) {
        d.store.saveDraft(draft.id, fields(title, '<p>A, more, and more</p>'));
        await d.engine.flush();
      }
      if (d.store.getDraft(draft.id)!.conflict?.id === -1) d.engine.resolve(draft.id, 'mine');
      await d.engine.flush();
      await d.engine.flush();
      const titled = await world.postsTitled(title);
      expect({
        posts: titled.map((p) => p.id),
        draftOn: d.store.getDraft(draft.id)!.remoteId,
      }).toEqual({ posts: [made!.id], draftOn: made!.id });
    },
  );
});

// Keep mine's create turned away by a gateway (a 429: it never reached the service), the post
// then restored, deleted, and the Delete taken back as it went: a keyed create no try of which
// landed would make the post anew, live if it was, the conflict cleared unasked (review 38).
describe('Keep mine’s create never landed (a gateway’s 429), the post restored, Delete taken back as it goes', () => {
  it.each([
    ['Razorbill ledger draft', fields],
    ['Razorbill ledger live', published],
  ] as const)(
    '%s: shown deleted, for the writer to choose: no post made unasked, the conflict kept',
    async (title, make) => {
      const d = world.device({ attempts: 1 });
      const draft = d.store.createDraft(d.publicationId, 'post', make(title, '<p>O</p>'));
      expect(await d.engine.flush()).toMatchObject({ done: 1 });
      const id = d.store.getDraft(draft.id)!.remoteId!;
      // A colleague trashes it; the writer's next words meet it gone, and they keep theirs.
      expect((await world.service.request('DELETE', `/posts/${id}`)).status).toBeLessThan(300);
      d.store.saveDraft(draft.id, make(title, '<p>O, mine</p>'));
      d.store.requestPush(draft.id);
      expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
      d.engine.resolve(draft.id, 'mine');
      // Keep mine's create is turned away by a gateway in front of the service (429, a rate
      // limit): it never reached the service, and Quire knows so (a 4xx changes nothing).
      world.proxy.setPolicy(({ method }) =>
        method === 'POST' ? { type: 'html-page', status: 429 } : { type: 'pass' },
      );
      expect(await d.engine.flush()).toMatchObject({ failed: 1 });
      back();
      expect((await world.postsTitled(title)).length).toBe(0);
      // A colleague restores the post; the writer deletes it, and thinks better of it as the
      // DELETE goes: words saved into it.
      restoreFromTrash(id);
      d.store.requestDelete(draft.id, 0);
      d.clock.now += 1_000;
      world.proxy.setPolicy((r) =>
        r.method === 'DELETE' ? { type: 'delay', ms: 300 } : { type: 'pass' },
      );
      const from = world.proxy.log.length;
      const round = d.engine.flush();
      await seen('DELETE', from);
      d.store.saveDraft(draft.id, make(title, '<p>O, mine, and a last line</p>'));
      await round;
      back();
      // A later round too, as the scheduler would run.
      d.clock.now += 120_000;
      await d.engine.flush();
      expect(await byId(id)).toBeUndefined();
      const reply = await world.service.request('GET', '/posts?limit=100');
      const onService = (reply.json.posts.data as { title: string; status: string; slug: string }[])
        .filter((p) => p.title === title)
        .map((p) => `${p.slug} ${p.status}`);
      expect({
        conflict: d.store.getDraft(draft.id)!.conflict?.id ?? null,
        onService,
        writes: world.proxy.log
          .slice(from)
          .filter((e) => e.request.method !== 'GET')
          .map((e) => e.request.method),
      }).toEqual({ conflict: -1, onService: [], writes: ['DELETE'] });
    },
  );
});
