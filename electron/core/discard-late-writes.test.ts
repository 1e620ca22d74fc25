import { describe, expect, it } from 'vitest';
import { openHarness } from './testing/open-harness';
import { stuckWrites } from './testing/late-writes';

// Review U4: Discard edits while a write of the draft's may land yet (real parts: the reference
// server behind a fault proxy, a real core with its SQLite store, the keychain of
// scripts/with-keyring.sh; the late request is held by a fetch wrapper).
// Review U4 of d4fe372: fencedForDiscard (engine.ts) as drafts.discard (service.ts) meets it.
const h = openHarness('discard-late-writes');
// Stuck writes are dropped after 400 ms; the core keeps its own time limit, so that a loaded
// machine's ordinary read (Discard's first, sent once) is not given up (found in an audit).
const STUCK = { giveUpAfterMs: 400 };

function hooked() {
  const writes = stuckWrites(STUCK);
  let beforePut: (() => Promise<void>) | null = null;
  const through: typeof fetch = async (input, init) => {
    if ((init?.method ?? 'GET').toUpperCase() === 'PUT' && beforePut) {
      const hook = beforePut;
      beforePut = null;
      await hook();
    }
    return writes.through(input, init);
  };
  return { writes, through, beforeNextPut: (hook: () => Promise<void>) => (beforePut = hook) };
}

/** A live post, a held edit, Update pressed with every try of its PUT stuck on its way. */
async function stuckUpdate(title: string) {
  const w = hooked();
  const { c, publicationId } = await h.coreOnService(w.through);
  const { draft: made, post: live } = await h.livePost(c, publicationId, title, '<p>Live.</p>');
  expect(live, 'published').toBeDefined();
  const edited = { title, content: '<p>Live. A note I regret.</p>', status: 'publish' };
  await h.call(c, 'drafts.save', { draftId: made.id, fields: edited });
  w.writes.stick((method) => method === 'PUT');
  await c.dispatch('drafts.update', { draftId: made.id });
  expect(w.writes.stuckCount).toBeGreaterThan(0);
  w.writes.release();
  return { ...w, c, draftId: made.id as string, live: live! };
}

describe('fencedForDiscard: the late Update lands just before the fence (412, ours)', () => {
  it('is written over: Discarded, the service back at the live words', async () => {
    const { c, draftId, live, writes, beforeNextPut } = await stuckUpdate('Review U4 ours');
    beforeNextPut(async () => {
      expect(await writes.landFirst()).toBe(200);
    });
    const answer = await c.dispatch('drafts.discard', { draftId });
    const here = await h.call(c, 'drafts.get', { draftId });
    const [after] = await h.postsTitled('Review U4 ours');
    expect({
      said: answer.ok ? 'discarded' : answer.error.message,
      here: here.fields.content,
      state: here.syncState,
      onService: after?.content,
    }).toEqual({
      said: 'discarded',
      here: '<p>Live.</p>',
      state: 'synced',
      onService: '<p>Live.</p>',
    });
    while (writes.stuckCount) expect(await writes.landFirst()).toBe(412);
    expect((await h.postsTitled('Review U4 ours'))[0]?.content).toBe('<p>Live.</p>');
    expect(after?.id).toBe(live.id);
  });
});

describe("fencedForDiscard: a colleague's save just before the fence (412, theirs)", () => {
  it("goes back to the colleague's version, and the late Update is refused", async () => {
    const { c, draftId, live, writes, beforeNextPut } = await stuckUpdate('Review U4 theirs');
    const colleague = '<p>Live. Colleague.</p>';
    beforeNextPut(async () => {
      const r = await h.service.request('PUT', `/posts/${live.id}`, {
        body: { content: colleague },
      });
      expect(r.status).toBe(200);
    });
    const answer = await c.dispatch('drafts.discard', { draftId });
    const here = await h.call(c, 'drafts.get', { draftId });
    expect({
      said: answer.ok ? 'discarded' : answer.error.message,
      here: here.fields.content,
      state: here.syncState,
    }).toEqual({ said: 'discarded', here: colleague, state: 'synced' });
    while (writes.stuckCount) expect(await writes.landFirst()).toBe(412);
    expect((await h.postsTitled('Review U4 theirs'))[0]?.content).toBe(colleague);
  });
});

// Dropped, not timed out: both are unanswered to the engine (isUnanswered), one branch.
describe('fencedForDiscard: the fence itself unanswered (its connection dropped)', () => {
  it('refuses the Discard, keeps the words; the late fence lands over nothing', async () => {
    const { c, draftId, writes } = await stuckUpdate('Review U4 silent');
    const before = writes.stuckCount;
    writes.stick((method) => method === 'PUT');
    const answer = await c.dispatch('drafts.discard', { draftId });
    writes.release();
    const here = await h.call(c, 'drafts.get', { draftId });
    expect({
      said: answer.ok ? 'discarded' : answer.error.kind,
      here: here.fields.content,
    }).toEqual({
      said: 'offline',
      here: '<p>Live. A note I regret.</p>',
    });
    expect(writes.stuckCount).toBeGreaterThan(before);
    // Discard again now the service answers.
    const again = await c.dispatch('drafts.discard', { draftId });
    expect(again.ok ? 'discarded' : again.error.message).toBe('discarded');
    const statuses: number[] = [];
    while (writes.stuckCount) statuses.push(await writes.landFirst());
    expect(
      statuses.every((s) => s === 412),
      String(statuses),
    ).toBe(true);
    expect((await h.postsTitled('Review U4 silent'))[0]?.content).toBe('<p>Live.</p>');
  });
});

describe('fencedForDiscard: the post deleted on the service just before the fence (404)', () => {
  it('says there is nothing to go back to, the held words kept', async () => {
    const { c, draftId, live, beforeNextPut } = await stuckUpdate('Review U4 gone');
    beforeNextPut(async () => {
      const r = await h.service.request('DELETE', `/posts/${live.id}`);
      expect(r.status).toBe(200);
    });
    const answer = await c.dispatch('drafts.discard', { draftId });
    const here = await h.call(c, 'drafts.get', { draftId });
    expect({
      said: answer.ok ? 'discarded' : answer.error.message,
      here: here.fields.content,
    }).toEqual({
      said: 'This post is no longer on the service: there is nothing to go back to.',
      here: '<p>Live. A note I regret.</p>',
    });
  });
});

// Review U4 of d4fe372: fencedForDiscard writes the service's own words back; a field the
// service now refuses (a rule tightened since the post was saved) makes every Discard fail.
describe('Discard edits, an Update stuck, the post holding a value the service now refuses', () => {
  it('still goes back to the version on the service', async () => {
    const writes = stuckWrites(STUCK);
    const { c, publicationId } = await h.coreOnService(writes.through);
    const title = 'Review U4 refused';
    const { draft: made, post: live } = await h.livePost(c, publicationId, title, '<p>Live.</p>');
    // Saved long ago, under an older rule: an image address the service refuses now.
    h.service.server.db
      .prepare('UPDATE records SET featured_image = ? WHERE id = ?')
      .run('ftp://old.example/pier.png', live!.id);
    // (any API write clears the service's response cache)
    await h.service.request('POST', '/posts', { body: { title: 'cache', content: '<p>x</p>' } });
    const check = await h.service.request('PUT', `/posts/${live!.id}`, {
      body: { featured_image: 'ftp://old.example/pier.png' },
    });
    expect(check.status, 'the service refuses that value now').toBe(422);

    const edited = { title, content: '<p>Live. A note I regret.</p>', status: 'publish' };
    await h.call(c, 'drafts.save', { draftId: made.id, fields: edited });
    writes.stick((method) => method === 'PUT');
    await c.dispatch('drafts.update', { draftId: made.id });
    expect(writes.stuckCount).toBeGreaterThan(0);
    writes.release();

    const answer = await c.dispatch('drafts.discard', { draftId: made.id });
    const again = await c.dispatch('drafts.discard', { draftId: made.id });
    const here = await h.call(c, 'drafts.get', { draftId: made.id });
    expect({
      first: answer.ok ? 'discarded' : answer.error.message,
      again: again.ok ? 'discarded' : again.error.message,
      here: here.fields.content,
    }).toEqual({ first: 'discarded', again: 'discarded', here: '<p>Live.</p>' });
  });
});

describe('Discard, Update stuck, then a colleague renames the post (stale base)', () => {
  it("goes back to the colleague's renamed version; the late Update refused", async () => {
    const writes = stuckWrites(STUCK);
    const { c, publicationId } = await h.coreOnService(writes.through);
    const title = 'Review U4 stale';
    const { draft: made, post: live } = await h.livePost(c, publicationId, title, '<p>Live.</p>');
    await h.call(c, 'drafts.save', {
      draftId: made.id,
      fields: { title, content: '<p>Live. Regret.</p>', status: 'publish' },
    });
    writes.stick((method) => method === 'PUT');
    await c.dispatch('drafts.update', { draftId: made.id });
    writes.release();
    const r = await h.service.request('PUT', `/posts/${live!.id}`, {
      body: { slug: 'renamed-by-colleague' },
    });
    expect(r.status).toBe(200);
    const answer = await c.dispatch('drafts.discard', { draftId: made.id });
    const here = await h.call(c, 'drafts.get', { draftId: made.id });
    expect({
      said: answer.ok ? 'discarded' : answer.error.message,
      content: here.fields.content,
      state: here.syncState,
    }).toEqual({ said: 'discarded', content: '<p>Live.</p>', state: 'synced' });
    while (writes.stuckCount) expect(await writes.landFirst()).toBe(412);
    const [after] = await h.postsTitled(title);
    expect({ slug: after?.slug, content: after?.content }).toEqual({
      slug: 'renamed-by-colleague',
      content: '<p>Live.</p>',
    });
  });
});

// Review U5.
describe("Discard, a colleague's Unpublish just before the fence, the words once synced as a draft", () => {
  it("goes back to the colleague's unpublished version; the post stays off the site", async () => {
    const w = hooked();
    const { c, publicationId } = await h.coreOnService(w.through);
    const title = 'Review U5 unpublished';
    const made = await h.call(c, 'records.create', {
      publicationId,
      kind: 'post',
      fields: { title, content: '<p>Words.</p>', status: 'draft' },
    });
    await h.call(c, 'sync.syncNow');
    // Published as it is.
    await h.call(c, 'drafts.save', {
      draftId: made.id,
      fields: { title, content: '<p>Words.</p>', status: 'publish' },
    });
    await h.call(c, 'drafts.update', { draftId: made.id });
    const [live] = await h.postsTitled(title);
    expect(live && (live as any).status).toBe('publish');
    // A held edit, its Update stuck on its way.
    await h.call(c, 'drafts.save', {
      draftId: made.id,
      fields: { title, content: '<p>Words. Regret.</p>', status: 'publish' },
    });
    w.writes.stick((method) => method === 'PUT');
    await c.dispatch('drafts.update', { draftId: made.id });
    expect(w.writes.stuckCount).toBeGreaterThan(0);
    w.writes.release();
    // The colleague unpublishes just before the fence's PUT.
    w.beforeNextPut(async () => {
      const r = await h.service.request('PUT', `/posts/${live!.id}`, { body: { status: 'draft' } });
      expect(r.status).toBe(200);
    });
    const answer = await c.dispatch('drafts.discard', { draftId: made.id });
    const here = await h.call(c, 'drafts.get', { draftId: made.id });
    const [after] = await h.postsTitled(title);
    expect({
      said: answer.ok ? answer.value : answer.error.message,
      here: here.fields.status,
      onService: (after as any)?.status,
    }).toEqual({
      said: expect.objectContaining({ offSite: true }),
      here: 'draft',
      onService: 'draft',
    });
  });
});

// Review U5.
describe('Discard, Update stuck, the service holding a title it now refuses (> 500)', () => {
  it('goes back to the version on the service', async () => {
    const writes = stuckWrites(STUCK);
    const { c, publicationId } = await h.coreOnService(writes.through);
    const title = 'Review U5 long title';
    // A post saved long ago, under an older rule: a title over 500 characters.
    const r = await h.service.request('POST', '/posts', {
      body: { title, content: '<p>Live.</p>', status: 'publish' },
    });
    expect(r.status).toBe(201);
    const [live] = await h.postsTitled(title);
    const long = `${title} ${'x'.repeat(600)}`;
    h.service.server.db
      .prepare('UPDATE records SET title = ?, updated_at = updated_at + 1000 WHERE id = ?')
      .run(long, live!.id);
    await h.service.request('POST', '/posts', { body: { title: 'cache', content: '<p>x</p>' } });
    const check = await h.service.request('PUT', `/posts/${live!.id}`, { body: { title: long } });
    expect(check.status, 'the service refuses that title now').toBe(422);
    const made = await h.call(c, 'drafts.open', { publicationId, kind: 'post', slug: live!.slug });
    expect(made.fields.title).toBe(long);

    // The writer shortens it; the Update is stuck on its way.
    const edited = { title, content: '<p>Live. A note I regret.</p>', status: 'publish' };
    await h.call(c, 'drafts.save', { draftId: made.id, fields: edited });
    writes.stick((method) => method === 'PUT');
    await c.dispatch('drafts.update', { draftId: made.id });
    expect(writes.stuckCount).toBeGreaterThan(0);
    writes.release();

    const answer = await c.dispatch('drafts.discard', { draftId: made.id });
    const again = await c.dispatch('drafts.discard', { draftId: made.id });
    const here = await h.call(c, 'drafts.get', { draftId: made.id });
    expect({
      first: answer.ok ? 'discarded' : answer.error.message,
      again: again.ok ? 'discarded' : again.error.message,
      here: here.fields.content,
    }).toEqual({ first: 'discarded', again: 'discarded', here: '<p>Live.</p>' });
  });
});

// Review U7: the U6 fix (a 404 is the post's only when the list answers) went into the push's
// `fence` only; Discard's took any 404 from its write for the post deleted, and said "no longer on
// the service" of a post there all along (its publication's subdomain renamed just then).
describe("Discard's fence meeting the publication's renamed subdomain (a 404 not the post's)", () => {
  it('says so in the service’s words, and discards nothing', async () => {
    const title = 'Review U7 discard subdomain';
    const { c, draftId, live, beforeNextPut } = await stuckUpdate(title);
    const db = h.service.server.db;
    const sub = h.service.subdomain;
    const rename = (from: string, to: string) =>
      db.prepare('UPDATE publications SET subdomain = ? WHERE subdomain = ?').run(to, from);
    beforeNextPut(async () => void rename(sub, `${sub}-x`));
    const answer = await c.dispatch('drafts.discard', { draftId });
    rename(`${sub}-x`, sub);
    expect((await h.postsTitled(title))[0]?.id).toBe(live.id);
    expect(answer.ok ? 'discarded' : answer.error.message).toMatch(/No publication with subdomain/);
    expect((await h.call(c, 'drafts.get', { draftId })).fields.content).toBe(
      '<p>Live. A note I regret.</p>',
    );
  });
});
