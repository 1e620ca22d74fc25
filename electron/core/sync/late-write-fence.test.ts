import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { syncStateOf } from '../views';
import { limboWorld, stuckUnpublish } from '../testing/late-writes';

// Review U1 (real parts: the reference server, a real SQLite store and sync engine; the late
// request is held by a fetch wrapper, the one way to make a write reach the service late). A Publish whose write left this computer but reached the service only after the
// client gave up on it (the ambiguous failure), then "Keep as draft" pressed while it waits.
// The take-back's push finds nothing to write (the draft's words are the base's) and settles "in
// step" without a write, so no If-Match write fences the Publish still in transit: when it
// lands (its If-Match still the current ETag), the post goes live, Quire saying draft, Synced.

let w: Awaited<ReturnType<typeof limboWorld>>;
beforeAll(async () => {
  w = await limboWorld('late-write-fence');
});
afterAll(() => w.close());
beforeEach(() => w.writes.forget());

const words = { title: 'Harbour notes', content: '<p>Low tide at six.</p>' };

describe('a Publish still in transit, taken back with "Keep as draft"', () => {
  it('does not go live after Quire said the post is kept as a draft', async () => {
    const draft = w.store.createDraft(w.publicationId, 'post', { ...words });
    expect(await w.engine.flush()).toMatchObject({ done: 1 });
    const remoteId = w.store.getDraft(draft.id)!.remoteId!;
    expect((await w.post(remoteId))?.status).toBe('draft');

    // Publish pressed: its PUT leaves, and is held up on its way (every try of it).
    w.writes.stick((method) => method === 'PUT');
    w.store.saveDraft(draft.id, { ...words, status: 'publish' });
    expect(await w.engine.flush()).toMatchObject({ failed: 1 });
    expect(w.writes.stuckCount).toBeGreaterThan(0);
    w.writes.release();

    // "Keep as draft" pressed while the Publish is pending.
    w.store.saveDraft(draft.id, { ...words, status: 'draft' });
    w.clock.now += 600_000;
    expect(await w.engine.flush()).toMatchObject({ failed: 0 });
    const here = w.store.getDraft(draft.id)!;
    expect(here.fields.status).toBe('draft');
    expect(syncStateOf(here, w.store, true)).toBe('synced');

    // The first try of the Publish reaches the service only now.
    const landed = await w.writes.landFirst();
    const there = await w.post(remoteId);
    // Quire says: a draft, in step with the service. The service must agree.
    expect(
      { landedWith: landed, onService: there?.status },
      'Quire shows the post as a draft, Synced, with nothing left to send',
    ).toEqual({ landedWith: 412, onService: 'draft' });
  });
});

describe('a draft autosave still in transit, its words then typed back', () => {
  it('the words undone do not reach the service after Quire said Synced', async () => {
    const base = { title: 'Lighthouse log', content: '<p>Fog.</p>', status: 'draft' as const };
    const draft = w.store.createDraft(w.publicationId, 'post', { ...base });
    expect(await w.engine.flush()).toMatchObject({ done: 1 });
    const remoteId = w.store.getDraft(draft.id)!.remoteId!;
    w.writes.stick((method) => method === 'PUT');
    w.store.saveDraft(draft.id, { ...base, content: '<p>Fog. PRIVATE NOTE</p>' });
    expect(await w.engine.flush()).toMatchObject({ failed: 1 });
    w.writes.release();
    // Undone back to what the service has.
    w.store.saveDraft(draft.id, { ...base });
    w.clock.now += 600_000;
    expect(await w.engine.flush()).toMatchObject({ failed: 0 });
    expect(syncStateOf(w.store.getDraft(draft.id)!, w.store, true)).toBe('synced');
    await w.writes.landFirst();
    expect((await w.post(remoteId))?.content, 'Quire shows <p>Fog.</p>, Synced').toBe(
      '<p>Fog.</p>',
    );
  });
});

describe("a new post's staged Publish, its live write in transit, taken back with Keep as draft", () => {
  it('does not go live after Quire said the post is kept as a draft', async () => {
    const words = { title: 'Slipway', content: '<p>s</p>', slug: 'slipway' };
    const draft = w.store.createDraft(w.publicationId, 'post', { ...words, status: 'publish' });
    // Made as a draft first (the POST passes), then the write that puts it live is held up.
    w.writes.stick((method) => method === 'PUT');
    expect(await w.engine.flush()).toMatchObject({ failed: 1 });
    w.writes.release();
    const remoteId = w.store.getDraft(draft.id)!.remoteId!;
    expect((await w.post(remoteId))?.status).toBe('draft');
    w.store.saveDraft(draft.id, { ...words, status: 'draft' });
    w.clock.now += 600_000;
    expect(await w.engine.flush()).toMatchObject({ failed: 0 });
    expect(syncStateOf(w.store.getDraft(draft.id)!, w.store, true)).toBe('synced');
    await w.writes.landFirst();
    expect((await w.post(remoteId))?.status, 'Quire shows a draft, Synced').toBe('draft');
  });
});

// Review U2, in that fix.
// A post the service holds with no title and only empty markup (the service takes it: its rule
// is title.trim() || content.trim()). Opened here, words typed, their autosave stuck on its way,
// then deleted again: the draft is in step with the service.
describe('a blank-looking post, words typed and deleted while their write is on its way', () => {
  it('settles in step (or fences), never refused as "needs a title" every round', async () => {
    const made = await w.service.request('POST', '/posts', {
      body: { title: '', content: '<p></p>', status: 'draft' },
    });
    expect(made.status).toBe(201);
    const slug = made.json.post.slug as string;
    const record = (await w.api.findBySlug('post', slug))!;
    const draft = w.store.adoptRemote(w.publicationId, 'post', record, record.etag);
    const asOpened = { ...draft.fields };

    w.writes.stick((method) => method === 'PUT');
    w.store.saveDraft(draft.id, { ...asOpened, content: '<p>A private note</p>' });
    expect(await w.engine.flush()).toMatchObject({ failed: 1 });
    w.writes.release();

    // Deleted back: the same as the service holds.
    w.store.saveDraft(draft.id, { ...asOpened });
    w.clock.now += 600_000;
    const first = await w.engine.flush();
    w.clock.now += 600_000;
    const round = await w.engine.flush();
    expect(first, 'the first round after the undo').toMatchObject({ failed: 0 });
    const here = w.store.getDraft(draft.id)!;
    expect({
      round,
      lastError: here.lastError,
      state: syncStateOf(here, w.store, true),
    }).toMatchObject({ round: { failed: 0 }, lastError: null, state: 'synced' });
  });
});

async function stuckThenUndone(title: string) {
  const base = { title, content: '<p>Fog.</p>', status: 'draft' as const };
  const draft = w.store.createDraft(w.publicationId, 'post', { ...base });
  expect(await w.engine.flush()).toMatchObject({ done: 1 });
  const remoteId = w.store.getDraft(draft.id)!.remoteId!;
  w.writes.stick((method) => method === 'PUT');
  w.store.saveDraft(draft.id, { ...base, content: '<p>Fog. PRIVATE NOTE</p>' });
  expect(await w.engine.flush()).toMatchObject({ failed: 1 });
  w.writes.release();
  w.store.saveDraft(draft.id, { ...base });
  w.clock.now += 600_000;
  return { draft, remoteId, base };
}

describe("the fence's own write refused because the late write landed just before it", () => {
  it('is not shown to the writer as a conflict with their own undone words', async () => {
    const { draft, remoteId } = await stuckThenUndone('Lighthouse log');
    // The late autosave reaches the service between the push's read and the fence's write.
    w.beforeNextPut(async () => {
      expect(await w.writes.landFirst()).toBe(200);
    });
    const round = await w.engine.flush();
    const here = w.store.getDraft(draft.id)!;
    expect({
      round,
      conflict: here.conflict?.content ?? null,
      state: syncStateOf(here, w.store, true),
    }).toMatchObject({ round: { conflicts: 0 }, conflict: null });
    // Nor are the undone words left on the service.
    expect((await w.post(remoteId))?.content).toBe('<p>Fog.</p>');
  });
});

describe("a colleague's save between the fence's read and its write", () => {
  it('is taken as theirs (the draft holds nothing unsent), not asked about', async () => {
    const { draft, remoteId } = await stuckThenUndone('Harbour log');
    const colleague = '<p>Fog. Lifted at noon (colleague).</p>';
    w.beforeNextPut(async () => {
      const r = await w.service.request('PUT', `/posts/${remoteId}`, {
        body: { content: colleague },
      });
      expect(r.status).toBe(200);
    });
    const first = await w.engine.flush();
    const here = w.store.getDraft(draft.id)!;
    expect({
      first,
      asked: here.conflict !== null,
      state: syncStateOf(here, w.store, true),
    }).toMatchObject({ first: { conflicts: 0 }, asked: false });
  });
});

// Review U3. The fence's recursion `this.push(store.getDraft(draft.id) ?? draft)` (engine.ts,
// fence) pushes the draft as it is NOW, unpinned: words typed on a live post while the fence was
// on its way (held, waiting for the writer's Update) go live unpressed.
describe('a live post: Update stuck, words taken back, typed on while the fence goes', () => {
  it('the held words typed during the fence do not go live unpressed', async () => {
    const live = { title: 'Pier log', content: '<p>Live.</p>', status: 'publish' as const };
    const draft = w.store.createDraft(w.publicationId, 'post', { ...live });
    expect(await w.engine.flush()).toMatchObject({ done: 1 });
    const remoteId = w.store.getDraft(draft.id)!.remoteId!;
    expect((await w.post(remoteId))?.status).toBe('publish');

    // Held edit, Update pressed, its PUT stuck on its way.
    w.store.saveDraft(draft.id, { ...live, content: '<p>Live. Edit one.</p>' });
    w.store.requestPush(draft.id);
    w.writes.stick((method) => method === 'PUT');
    expect(await w.engine.flush()).toMatchObject({ failed: 1 });
    w.writes.release();

    // Taken back to the live words: the push is in step, so the fence goes.
    w.store.saveDraft(draft.id, { ...live });
    // Update pressed for them (what readers had, put back).
    w.store.requestPush(draft.id);
    w.clock.now += 600_000;
    // Between the push's read and the fence's write: the late Update lands, and the writer
    // types on (a held edit of a live post: it waits for their Update).
    const typed = '<p>Live. Typed while syncing, not for readers yet.</p>';
    w.beforeNextPut(async () => {
      expect(await w.writes.landFirst()).toBe(200);
      w.store.saveDraft(draft.id, { ...live, content: typed });
    });
    await w.engine.flush();
    const here = w.store.getDraft(draft.id)!;
    expect({
      onService: (await w.post(remoteId))?.content,
      here: here.fields.content,
      state: syncStateOf(here, w.store, true),
    }).toEqual({ onService: '<p>Live.</p>', here: typed, state: 'held' });
  });
});

// Review U3. The "Keep published" branch of the update path (engine.ts, `keepingLive.has(draft.id)
// &&`) marks the draft synced at the writer's own landed write without writing: an Unpublish
// sent with If-Match of that very version, its tries unanswered, still lands after it.
describe('Unpublish on its way, taken back with "Keep published"', () => {
  it('the post is not taken off the site after Quire said Synced, published', async () => {
    const live = { title: 'Buoy list', content: '<p>Live.</p>', status: 'publish' as const };
    const draft = w.store.createDraft(w.publicationId, 'post', { ...live });
    expect(await w.engine.flush()).toMatchObject({ done: 1 });
    const remoteId = w.store.getDraft(draft.id)!.remoteId!;

    // An Update lands, its answer lost.
    const edited = { ...live, content: '<p>Live. Updated.</p>' };
    w.store.saveDraft(draft.id, edited);
    w.store.requestPush(draft.id);
    w.writes.stick((method) => method === 'PUT');
    expect(await w.engine.flush()).toMatchObject({ failed: 1 });
    w.writes.release();
    expect(await w.writes.landFirst()).toBe(200);
    w.writes.forget();

    // Unpublish pressed: the fast path's If-Match of the old version is refused (412), and the
    // full path's write, with If-Match of the Update that landed, is stuck on its way.
    w.store.saveDraft(draft.id, { ...edited, status: 'draft' });
    let puts = 0;
    w.writes.stick((method) => method === 'PUT' && ++puts > 1);
    w.clock.now += 600_000;
    expect(await w.engine.flush()).toMatchObject({ failed: 1 });
    w.writes.release();
    expect(w.writes.stuckCount).toBeGreaterThan(0);
    // A word typed, then "Keep published".
    w.store.saveDraft(draft.id, {
      ...edited,
      content: '<p>Live. Updated. More.</p>',
      status: 'draft',
    });
    w.store.saveDraft(draft.id, { ...edited, content: '<p>Live. Updated. More.</p>' });
    w.clock.now += 600_000;
    expect(await w.engine.flush()).toMatchObject({ failed: 0 });
    const here = w.store.getDraft(draft.id)!;
    const state = syncStateOf(here, w.store, true);
    expect((await w.post(remoteId))?.status).toBe('publish');

    const landedWith = await w.writes.landFirst();
    expect(
      { landedWith, onService: (await w.post(remoteId))?.status, hereBase: here.base?.status },
      `Quire shows the post live (${state})`,
    ).toEqual({ landedWith: 412, onService: 'publish', hereBase: 'publish' });
  });
});

const unpublishStuck = (title: string) => stuckUnpublish(w, title);

describe('control: Keep published with the stuck Unpublish landing only after the round', () => {
  it('keeps the landed Update live (what readers had)', async () => {
    const { remoteId, edited } = await unpublishStuck('Review U4 keep control');
    expect(await w.engine.flush()).toMatchObject({ failed: 0 });
    const there = await w.post(remoteId);
    expect({ status: there?.status, content: there?.content }).toEqual({
      status: 'publish',
      content: edited.content,
    });
  });
});

// Review U5.
describe("a post deleted between the fence's read and its write", () => {
  it('is met as deleted on the service (asked about), not a failed round', async () => {
    const { draft, remoteId } = await stuckThenUndone('Review U5 deleted under fence');
    w.beforeNextPut(async () => {
      const r = await w.service.request('DELETE', `/posts/${remoteId}`);
      expect(r.status).toBe(200);
    });
    const round = await w.engine.flush();
    const here = w.store.getDraft(draft.id)!;
    expect({
      round,
      error: here.lastError,
      asked: here.conflict !== null,
    }).toMatchObject({ round: { failed: 0 }, error: null, asked: true });
  });
});

// Review U5: the push's fence sends the service's title back alone; a title over 500
// characters (saved under an older rule, taken into the draft) is refused with 422 at every
// round: a draft in step with the service shows as refused.
describe('in step with a post whose title the service now refuses, a write on its way', () => {
  it('settles in step; no refusal shown', async () => {
    const { draft, remoteId, base } = await stuckThenUndone('Review U5 long push');
    const long = `Review U5 long push ${'x'.repeat(600)}`;
    // The post's title under an older rule, the draft then taking that version in.
    w.service.server.db
      .prepare('UPDATE records SET title = ?, updated_at = updated_at + 1000 WHERE id = ?')
      .run(long, remoteId);
    await w.service.request('POST', '/posts', { body: { title: 'cache', content: '<p>x</p>' } });
    const check = await w.service.request('PUT', `/posts/${remoteId}`, { body: { title: long } });
    expect(check.status).toBe(422);
    const slug = w.store.getDraft(draft.id)!.base!.slug;
    const record = await w.api.findBySlug('post', slug);
    expect(record?.title).toBe(long);
    // Stuck again: the writer shortens the title, the write stuck, then undone.
    w.store.replaceWithRemote(draft.id, record!, 'taken', record!.etag);
    w.writes.stick((method) => method === 'PUT');
    const fields = w.store.getDraft(draft.id)!.fields;
    w.store.saveDraft(draft.id, { ...fields, title: 'Short' });
    expect(await w.engine.flush()).toMatchObject({ failed: 1 });
    w.writes.release();
    w.store.saveDraft(draft.id, { ...fields });
    w.clock.now += 600_000;
    const round = await w.engine.flush();
    const here = w.store.getDraft(draft.id)!;
    expect({
      round,
      error: here.lastError,
      state: syncStateOf(here, w.store, true),
    }).toMatchObject({ round: { failed: 0 }, error: null, state: 'synced' });
    void base;
  });
});

// Review U6: a 404 that is the publication's, not the post's (its subdomain renamed on the
// service), was taken by the fence for the post deleted on the service.
describe("the publication's subdomain answering 404 between the fence's read and its write", () => {
  it('is not taken for the post deleted on the service', async () => {
    const { draft, remoteId } = await stuckThenUndone('Review U6 subdomain');
    const db = w.service.server.db;
    const sub = w.service.subdomain;
    w.beforeNextPut(async () => {
      db.prepare('UPDATE publications SET subdomain = ? WHERE subdomain = ?').run(`${sub}-x`, sub);
    });
    await w.engine.flush();
    db.prepare('UPDATE publications SET subdomain = ? WHERE subdomain = ?').run(sub, `${sub}-x`);
    // The post is there all along.
    expect((await w.post(remoteId))?.id).toBe(remoteId);
    const here = w.store.getDraft(draft.id)!;
    expect(
      { shownDeleted: here.conflict?.id === -1 },
      'the writer is asked about a post "deleted on the service" that was never deleted',
    ).toEqual({ shownDeleted: false });
  });
});

describe('control: the same 404 on an ordinary update (no fence)', () => {
  it('is a failed round, the post not shown deleted', async () => {
    const base = { title: 'Review U6 control', content: '<p>a</p>', status: 'draft' as const };
    const draft = w.store.createDraft(w.publicationId, 'post', { ...base });
    expect(await w.engine.flush()).toMatchObject({ done: 1 });
    const db = w.service.server.db;
    const sub = w.service.subdomain;
    w.store.saveDraft(draft.id, { ...base, content: '<p>b</p>' });
    w.beforeNextPut(async () => {
      db.prepare('UPDATE publications SET subdomain = ? WHERE subdomain = ?').run(`${sub}-x`, sub);
    });
    const round = await w.engine.flush();
    db.prepare('UPDATE publications SET subdomain = ? WHERE subdomain = ?').run(sub, `${sub}-x`);
    const here = w.store.getDraft(draft.id)!;
    expect({ round, shownDeleted: here.conflict?.id === -1 }).toMatchObject({
      round: { failed: 1 },
      shownDeleted: false,
    });
  });
});
