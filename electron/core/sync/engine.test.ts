import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestService } from '../../../server/testing/harness';
import { PublishingApiClient } from '../api/client';
import type { FaultProxy } from '../testing/fault-proxy';
import { fields, startSyncWorld, type Device, type SyncWorld } from '../testing/sync-world';

let world: SyncWorld;
let service: TestService;
let proxy: FaultProxy;

beforeAll(async () => {
  world = await startSyncWorld('sync-blog');
  ({ service, proxy } = world);
});

afterAll(() => world.close());

beforeEach(() => proxy.setPolicy(() => ({ type: 'pass' })));

/** One writer's app: its own real SQLite store, talking to the real server through the proxy. */
const device = (): Device => world.device();

const onServer = async (slug: string) =>
  (await service.request('GET', `/posts/${slug}`)).json?.post;

/** A device that has opened an existing server post into a local draft. */
async function adopt(d: Device, slug: string) {
  const api = new PublishingApiClient({
    baseUrl: proxy.url,
    subdomain: service.subdomain,
    token: () => service.token,
  });
  const record = await api.getBySlug('post', slug);
  return d.store.adoptRemote(d.publicationId, 'post', record, record.etag);
}

describe('SyncEngine against the reference server', () => {
  it('saves locally first, then creates and updates on the service', async () => {
    const d = device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Local first'));
    expect(d.store.allOps()).toHaveLength(1);
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    const synced = d.store.getDraft(draft.id);
    expect(synced).toMatchObject({ remoteId: expect.any(Number), localRev: 1, syncedRev: 1 });
    expect(await onServer('local-first')).toMatchObject({ title: 'Local first', status: 'draft' });

    d.store.saveDraft(draft.id, {
      ...fields('Local first', '<p>more words</p>'),
      status: 'publish',
    });
    await d.engine.flush();
    expect(await onServer('local-first')).toMatchObject({
      content: '<p>more words</p>',
      status: 'publish',
    });
    expect(d.store.getDraft(draft.id)).toMatchObject({ localRev: 2, syncedRev: 2 });
    expect(d.store.revisions(draft.id).map((r) => r.reason)).toEqual(['before-publish']);
    expect(d.store.allOps()).toEqual([]);
  });

  it('does not send an empty new draft, and sends it once it has words', async () => {
    const d = device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('', ''));
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    // Said, so the editor stops showing "Syncing" (a writer's review found it there for good).
    expect(d.events).toContainEqual({
      type: 'nothing-to-send',
      draftId: draft.id,
      publicationId: d.publicationId,
    });
    // What an editor leaves after everything is deleted is still nothing to send.
    d.store.saveDraft(draft.id, fields('', '<p></p>'));
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    expect(d.store.allOps()).toEqual([]);
    expect(d.store.getDraft(draft.id)?.remoteId).toBeNull();
    d.store.saveDraft(draft.id, fields('Now with words'));
    await d.engine.flush();
    expect(await onServer('now-with-words')).toMatchObject({ title: 'Now with words' });
  });

  it('does not send a post emptied after it reached the service, and says what stays there', async () => {
    const d = device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Emptied later', '<p>E</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    d.store.saveDraft(draft.id, fields('', '<p></p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    expect(d.store.getDraft(draft.id)!.lastError).toBe(
      'Not sent: a post needs a title or some words, so the service keeps the last ones it had. Write something, or delete the post.',
    );
    expect(await onServer('emptied-later')).toMatchObject({ content: '<p>E</p>' });
  });

  it('never takes over another writer’s post that took the slug a lost create had claimed', async () => {
    const d = device();
    // The create's POST never reaches the service.
    proxy.setPolicy((request) =>
      request.method === 'POST' ? { type: 'reset' } : { type: 'pass' },
    );
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      fields('Weekly notes', '<p>my draft words</p>'),
    );
    expect((await d.engine.flush()).failed).toBe(1);
    expect(d.store.getDraft(draft.id)?.claimedSlug).toBe('weekly-notes');
    // Meanwhile a colleague publishes a post under that slug.
    await service.request('POST', '/posts', {
      body: {
        title: 'Colleague post',
        slug: 'weekly-notes',
        content: '<p>theirs</p>',
        status: 'publish',
      },
    });
    proxy.setPolicy(() => ({ type: 'pass' }));
    d.clock.now += 120_000;
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    expect(await onServer('weekly-notes')).toMatchObject({
      title: 'Colleague post',
      content: '<p>theirs</p>',
    });
    expect(await onServer('weekly-notes-2')).toMatchObject({
      title: 'Weekly notes',
      content: '<p>my draft words</p>',
      status: 'draft',
    });
  });

  it('tries new text at once even when the last push is waiting out a backoff', async () => {
    const d = device();
    proxy.setPolicy(() => ({ type: 'reset' }));
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Backed off'));
    await d.engine.flush();
    expect(d.store.dueOps()).toEqual([]);
    proxy.setPolicy(() => ({ type: 'pass' }));
    d.store.saveDraft(draft.id, fields('Backed off', '<p>new words</p>'));
    expect(d.store.dueOps()).toHaveLength(1);
    await d.engine.flush();
    expect((await onServer('backed-off')).content).toBe('<p>new words</p>');
  });

  it('keeps edits queued while offline and sends them when the service is back', async () => {
    const d = device();
    proxy.setPolicy(() => ({ type: 'reset' }));
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Written offline'));
    d.store.saveDraft(draft.id, fields('Written offline', '<p>second thought</p>'));
    const offline = await d.engine.flush();
    expect(offline.failed).toBe(1);
    expect(d.engine.online).toBe(false);
    expect(d.events).toContainEqual({ type: 'connectivity', online: false });
    expect(d.store.getDraft(draft.id)?.fields.content).toBe('<p>second thought</p>');

    proxy.setPolicy(() => ({ type: 'pass' }));
    d.clock.now += 120_000;
    expect((await d.engine.flush()).done).toBe(1);
    expect(d.engine.online).toBe(true);
    expect(await onServer('written-offline')).toMatchObject({ content: '<p>second thought</p>' });
  });

  it('does not lose an edit saved while its push is on the wire', async () => {
    const d = device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Moving target'));
    await d.engine.flush();
    d.store.saveDraft(draft.id, fields('Moving target', '<p>v2</p>'));
    proxy.setPolicy(({ method }) =>
      method === 'PUT' ? { type: 'delay', ms: 150 } : { type: 'pass' },
    );
    const flushing = d.engine.flush();
    await new Promise((resolve) => setTimeout(resolve, 60));
    d.store.saveDraft(draft.id, fields('Moving target', '<p>v3</p>'));
    await flushing;
    proxy.setPolicy(() => ({ type: 'pass' }));
    await d.engine.flush();
    expect(await onServer('moving-target')).toMatchObject({ content: '<p>v3</p>' });
    expect(d.store.getDraft(draft.id)).toMatchObject({ localRev: 3, syncedRev: 3 });
  });

  it('sends an edit with one write and one read back when the service gives ETags', async () => {
    await service.request('POST', '/posts', { body: { title: 'Lean', slug: 'lean-one' } });
    const d = device();
    const draft = await adopt(d, 'lean-one');
    d.store.saveDraft(draft.id, { ...draft.fields, content: '<p>lean</p>' });
    const from = proxy.log.length;
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    expect(proxy.log.slice(from).map((entry) => entry.request.method)).toEqual(['PUT', 'GET']);
    expect(await onServer('lean-one')).toMatchObject({ content: '<p>lean</p>' });
    expect(d.store.getDraft(draft.id)).toMatchObject({ localRev: 2, syncedRev: 2 });
  });

  it('reads before it writes when it has no ETag to send with If-Match', async () => {
    await service.request('POST', '/posts', { body: { title: 'Careful', slug: 'careful-one' } });
    const d = device();
    const record = await new PublishingApiClient({
      baseUrl: proxy.url,
      subdomain: service.subdomain,
      token: () => service.token,
    }).getBySlug('post', 'careful-one');
    // Adopted without its ETag, as from a service that sends none.
    const draft = d.store.adoptRemote(d.publicationId, 'post', record);
    d.store.saveDraft(draft.id, { ...draft.fields, content: '<p>careful</p>' });
    const from = proxy.log.length;
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    expect(proxy.log.slice(from).map((entry) => entry.request.method)).toEqual([
      'GET',
      'PUT',
      'GET',
    ]);
    expect(await onServer('careful-one')).toMatchObject({ content: '<p>careful</p>' });
  });

  it('restores a revision from before the details were set: they are cleared, no conflict', async () => {
    const d = device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Restorable'));
    await d.engine.flush();
    d.store.snapshot(draft.id, 'manual');
    d.store.saveDraft(draft.id, {
      ...fields('Restorable'),
      excerpt: 'A detail',
      meta_title: 'For search',
      featured: true,
    });
    await d.engine.flush();
    expect(await onServer('restorable')).toMatchObject({
      excerpt: 'A detail',
      meta_title: 'For search',
    });
    expect(Boolean((await onServer('restorable')).featured)).toBe(true);
    const before = d.store.revisions(draft.id).find((r) => r.reason === 'manual')!;
    d.store.restoreRevision(draft.id, before.id);
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    expect(await onServer('restorable')).toMatchObject({ excerpt: null, meta_title: null });
    // The service writes featured as 1 or 0.
    expect(Boolean((await onServer('restorable')).featured)).toBe(false);
    expect(d.store.getDraft(draft.id)?.conflict).toBeNull();
  });

  describe('a slug the writer never set', () => {
    it('follows the title while a draft, and stays put once published', async () => {
      const d = device();
      const draft = d.store.createDraft(d.publicationId, 'post', fields('Why'));
      await d.engine.flush();
      expect(await onServer('why')).toMatchObject({ title: 'Why' });
      d.store.saveDraft(draft.id, fields('Why I walk at night', '<p>Why</p>'));
      await d.engine.flush();
      expect(await onServer('why')).toBeUndefined();
      expect(await onServer('why-i-walk-at-night')).toMatchObject({ content: '<p>Why</p>' });
      expect(d.store.getDraft(draft.id)).toMatchObject({
        base: { slug: 'why-i-walk-at-night' },
        claimedSlug: null,
      });

      d.store.saveDraft(draft.id, { ...fields('Why I walk', '<p>Why</p>'), status: 'publish' });
      await d.engine.flush();
      expect(await onServer('why-i-walk')).toMatchObject({ status: 'publish' });
      d.store.saveDraft(draft.id, {
        ...fields('Why I walk, revised', '<p>Why</p>'),
        status: 'publish',
      });
      d.store.requestPush(draft.id);
      await d.engine.flush();
      expect(await onServer('why-i-walk')).toMatchObject({ title: 'Why I walk, revised' });

      // Unpublished again, it keeps the address its readers' links point at.
      d.store.saveDraft(draft.id, {
        ...fields('Why I walk, revised', '<p>Why</p>'),
        status: 'draft',
      });
      d.store.requestPush(draft.id);
      await d.engine.flush();
      expect(await onServer('why-i-walk')).toMatchObject({ status: 'draft' });
      d.store.saveDraft(draft.id, { ...fields('Walking at night', '<p>Why</p>'), status: 'draft' });
      await d.engine.flush();
      expect(await onServer('walking-at-night')).toBeUndefined();
      expect(await onServer('why-i-walk')).toMatchObject({ title: 'Walking at night' });
      expect(d.store.getDraft(draft.id)?.base).toMatchObject({
        slug: 'why-i-walk',
        publishedOnce: true,
      });
    });

    it('follows only to a free slug, and never moves one the writer chose', async () => {
      await service.request('POST', '/posts', {
        body: { title: 'Held elsewhere', slug: 'held-elsewhere' },
      });
      const d = device();
      const draft = d.store.createDraft(d.publicationId, 'post', fields('Untitled thought'));
      await d.engine.flush();
      d.store.saveDraft(draft.id, fields('Held elsewhere'));
      await d.engine.flush();
      expect(await onServer('held-elsewhere-2')).toMatchObject({
        content: '<p>Held elsewhere</p>',
      });
      expect(await onServer('held-elsewhere')).toMatchObject({ title: 'Held elsewhere' });
      // Saving again, with the title unchanged, stays where it is.
      d.store.saveDraft(draft.id, fields('Held elsewhere', '<p>more</p>'));
      await d.engine.flush();
      expect(await onServer('held-elsewhere-2')).toMatchObject({ content: '<p>more</p>' });

      const chosen = d.store.createDraft(d.publicationId, 'post', {
        ...fields('First title'),
        slug: 'my-own',
      });
      await d.engine.flush();
      d.store.saveDraft(chosen.id, { ...fields('Second title'), slug: 'my-own' });
      await d.engine.flush();
      expect(await onServer('my-own')).toMatchObject({ title: 'Second title' });
    });
  });

  describe('edits to a live post', () => {
    async function live(slug: string) {
      const seed = await service.request('POST', '/posts', {
        body: { title: 'Live', content: '<p>as published</p>', slug, status: 'publish' },
      });
      expect(seed.status).toBe(201);
      const d = device();
      return { d, draft: await adopt(d, slug) };
    }

    it('holds them until the writer updates, then sends them', async () => {
      const { d, draft } = await live('live-held');
      d.store.saveDraft(draft.id, { ...draft.fields, content: '<p>half-rewritten</p>' });
      expect(d.store.hasPendingPush(draft.id)).toBe(false);
      expect(await d.engine.flush()).toEqual({ done: 0, failed: 0, conflicts: 0 });
      expect(await onServer('live-held')).toMatchObject({ content: '<p>as published</p>' });
      expect(d.store.unqueuedEdits(d.publicationId)).toBe(1);

      d.store.requestPush(draft.id);
      expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
      expect(await onServer('live-held')).toMatchObject({ content: '<p>half-rewritten</p>' });
      expect(d.store.getDraft(draft.id)).toMatchObject({ localRev: 2, syncedRev: 2 });
      expect(d.store.unqueuedEdits(d.publicationId)).toBe(0);
    });

    it('sends an unpublish at once, with the edits, and then syncs as a draft does', async () => {
      const { d, draft } = await live('live-unpublished');
      d.store.saveDraft(draft.id, { ...draft.fields, content: '<p>pulled</p>', status: 'draft' });
      expect(await d.engine.flush()).toMatchObject({ done: 1 });
      expect(await onServer('live-unpublished')).toMatchObject({
        status: 'draft',
        content: '<p>pulled</p>',
      });
      const after = d.store.getDraft(draft.id)!;
      d.store.saveDraft(draft.id, { ...after.fields, content: '<p>reworking</p>' });
      await d.engine.flush();
      expect(await onServer('live-unpublished')).toMatchObject({ content: '<p>reworking</p>' });
    });

    it('keeps words typed while a publish is on the wire for the next update', async () => {
      const d = device();
      const draft = d.store.createDraft(d.publicationId, 'post', fields('Going live'));
      await d.engine.flush();
      expect(await onServer('going-live')).toMatchObject({ status: 'draft' });
      d.store.saveDraft(draft.id, { ...fields('Going live'), status: 'publish' });
      proxy.setPolicy(({ method }) =>
        method === 'PUT' ? { type: 'delay', ms: 150 } : { type: 'pass' },
      );
      const flushing = d.engine.flush();
      await new Promise((resolve) => setTimeout(resolve, 60));
      d.store.saveDraft(draft.id, {
        ...fields('Going live', '<p>a second thought</p>'),
        status: 'publish',
      });
      await flushing;
      proxy.setPolicy(() => ({ type: 'pass' }));
      expect(await d.engine.flush()).toEqual({ done: 0, failed: 0, conflicts: 0 });
      expect(await onServer('going-live')).toMatchObject({
        status: 'publish',
        content: '<p>Going live</p>',
      });
      expect(d.store.hasPendingPush(draft.id)).toBe(false);
      expect(d.store.getDraft(draft.id)).toMatchObject({ localRev: 3, syncedRev: 2 });
    });

    it('finds a conflict on update when someone changed the live post meanwhile', async () => {
      const { d, draft } = await live('live-raced');
      d.store.saveDraft(draft.id, { ...draft.fields, content: '<p>mine</p>' });
      const other = device();
      const theirs = await adopt(other, 'live-raced');
      other.store.saveDraft(theirs.id, { ...theirs.fields, content: '<p>theirs</p>' });
      other.store.requestPush(theirs.id);
      await other.engine.flush();
      d.store.requestPush(draft.id);
      expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
      expect(await onServer('live-raced')).toMatchObject({ content: '<p>theirs</p>' });
      expect(d.store.getDraft(draft.id)?.fields.content).toBe('<p>mine</p>');
    });
  });

  describe('two writers on one post', () => {
    async function diverge(slug: string) {
      const seed = await service.request('POST', '/posts', {
        body: { title: 'Shared', content: '<p>base</p>', slug },
      });
      expect(seed.status).toBe(201);
      const [a, b] = [device(), device()];
      const draftA = await adopt(a, slug);
      const draftB = await adopt(b, slug);
      a.store.saveDraft(draftA.id, { ...draftA.fields, content: '<p>from A</p>' });
      await a.engine.flush();
      b.store.saveDraft(draftB.id, { ...draftB.fields, content: '<p>from B</p>' });
      const from = proxy.log.length;
      const result = await b.engine.flush();
      const requests = proxy.log.slice(from).map((entry) => entry.request.method);
      return { a, b, draftA, draftB, result, requests };
    }

    it('ends as a conflict with both versions kept, never an overwrite', async () => {
      const { b, draftB, result, requests } = await diverge('shared-one');
      expect(result.conflicts).toBe(1);
      // B's write carried If-Match with its base ETag: refused (412), then read and decided.
      expect(requests).toEqual(['PUT', 'GET']);
      expect((await onServer('shared-one')).content).toBe('<p>from A</p>');
      const conflicted = b.store.getDraft(draftB.id);
      expect(conflicted?.fields.content).toBe('<p>from B</p>');
      expect(conflicted?.conflict?.content).toBe('<p>from A</p>');
      expect(b.events).toContainEqual({
        type: 'conflict',
        draftId: draftB.id,
        publicationId: b.publicationId,
      });
      // Saving more does not push over theirs either.
      b.store.saveDraft(draftB.id, { ...conflicted!.fields, content: '<p>from B, more</p>' });
      await b.engine.flush();
      expect((await onServer('shared-one')).content).toBe('<p>from A</p>');
    });

    it('keep mine: ours replaces theirs, theirs stays in the revision history', async () => {
      const { b, draftB } = await diverge('shared-mine');
      b.engine.resolve(draftB.id, 'mine');
      await b.engine.flush();
      expect((await onServer('shared-mine')).content).toBe('<p>from B</p>');
      expect(b.store.revisions(draftB.id).map((r) => r.fields.content)).toContain('<p>from A</p>');
      expect(b.store.getDraft(draftB.id)?.conflict).toBeNull();
    });

    it('keep theirs: the service version wins, ours stays in the revision history', async () => {
      const { b, draftB } = await diverge('shared-theirs');
      b.engine.resolve(draftB.id, 'theirs');
      await b.engine.flush();
      expect((await onServer('shared-theirs')).content).toBe('<p>from A</p>');
      expect(b.store.getDraft(draftB.id)?.fields.content).toBe('<p>from A</p>');
      expect(b.store.revisions(draftB.id).map((r) => r.fields.content)).toContain('<p>from B</p>');
    });

    it('keep both: theirs stays, ours becomes a new post, a draft even when the post was live', async () => {
      const { b, draftB } = await diverge('shared-both');
      b.store.saveDraft(draftB.id, { ...b.store.getDraft(draftB.id)!.fields, status: 'publish' });
      const ids = b.engine.resolve(draftB.id, 'both');
      expect(ids).toHaveLength(2);
      await b.engine.flush();
      expect((await onServer('shared-both')).content).toBe('<p>from A</p>');
      const copy = b.store.getDraft(ids[1]!);
      expect(copy?.fields.content).toBe('<p>from B</p>');
      const copySlug = (await service.request('GET', '/posts?limit=5')).json.posts.data.find(
        (p: { id: number }) => p.id === copy?.remoteId,
      )?.slug;
      expect(await onServer(copySlug)).toMatchObject({ content: '<p>from B</p>', status: 'draft' });
    });

    it('keep both on an untitled post: the copy is the "Untitled (my copy)" the notice names', async () => {
      // Left untitled, the copy was a second "Untitled" row beside theirs: the writer, told their
      // words are in "Untitled (my copy)", found no such draft and could not tell the two apart.
      const d = device();
      const draft = d.store.createDraft(d.publicationId, 'post', fields('', '<p>untitled</p>'));
      expect(await d.engine.flush()).toMatchObject({ done: 1 });
      const id = d.store.getDraft(draft.id)!.remoteId!;
      await service.request('PUT', `/posts/${id}`, { body: { content: '<p>theirs</p>' } });
      d.store.saveDraft(draft.id, fields('', '<p>mine</p>'));
      expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
      const [, copy] = d.engine.resolve(draft.id, 'both');
      expect(d.store.getDraft(copy!)!.fields).toMatchObject({
        title: 'Untitled (my copy)',
        content: '<p>mine</p>',
      });
    });

    it('takes theirs silently only when we have nothing unsent', async () => {
      const seed = await service.request('POST', '/posts', {
        body: { title: 'Quiet', slug: 'quiet-one' },
      });
      expect(seed.status).toBe(201);
      const [a, b] = [device(), device()];
      const draftA = await adopt(a, 'quiet-one');
      const draftB = await adopt(b, 'quiet-one');
      a.store.saveDraft(draftA.id, { ...draftA.fields, content: '<p>A only</p>' });
      await a.engine.flush();
      // B never edited; a push queued anyway (say, left over from a crash) must take A's text.
      b.store.db
        .prepare(
          `INSERT INTO outbox (publication_id, draft_id, op, not_before, created_at) VALUES (?, ?, 'push', 0, 0)`,
        )
        .run(b.publicationId, draftB.id);
      expect(await b.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
      expect((await onServer('quiet-one')).content).toBe('<p>A only</p>');
      expect(b.store.getDraft(draftB.id)?.fields.content).toBe('<p>A only</p>');
      expect(b.store.getDraft(draftB.id)?.conflict).toBeNull();
    });
  });

  it('renames a slug, and refuses a slug another record holds without touching either', async () => {
    const d = device();
    const holder = d.store.createDraft(d.publicationId, 'post', fields('Slug holder'));
    const mover = d.store.createDraft(d.publicationId, 'post', fields('Slug mover'));
    await d.engine.flush();
    d.store.saveDraft(mover.id, { ...fields('Slug mover'), slug: 'Renamed Mover' });
    expect((await d.engine.flush()).done).toBe(1);
    expect((await onServer('renamed-mover')).title).toBe('Slug mover');
    expect(await onServer('slug-mover')).toBeUndefined();

    d.store.saveDraft(mover.id, { ...fields('Slug mover'), slug: 'slug-holder' });
    expect((await d.engine.flush()).failed).toBe(1);
    expect(d.store.getDraft(mover.id)?.lastError).toContain('belongs to another post');
    expect(d.store.getDraft(mover.id)?.lastErrorFields).toEqual({
      slug: ['is taken by “Slug holder”'],
    });
    expect(d.store.getDraft(mover.id)?.conflict).toBeNull();
    expect((await onServer('slug-holder')).title).toBe('Slug holder');
    expect((await onServer('renamed-mover')).title).toBe('Slug mover');
    expect(d.store.getDraft(holder.id)?.localRev).toBe(1);
  });

  it('refuses a new post the slug its writer gave it when another record holds it, never numbering it', async () => {
    // From a review: published as `river-walk-2` with the field saying `river-walk`, and every
    // Update refused after.
    const d = device();
    d.store.createDraft(d.publicationId, 'post', fields('River walk 2025'));
    await d.engine.flush();
    const taken = (await onServer('river-walk-2025'))!.slug;
    const fresh = d.store.createDraft(d.publicationId, 'post', {
      ...fields('River walk'),
      slug: taken,
      status: 'publish',
    });
    expect((await d.engine.flush()).failed).toBe(1);
    expect(d.store.getDraft(fresh.id)).toMatchObject({
      remoteId: null,
      lastErrorFields: { slug: ['is taken by “River walk 2025”'] },
    });
    expect(await onServer(`${taken}-2`)).toBeUndefined();
    // Another slug given, it goes out under it; a title alone is numbered as before.
    d.store.saveDraft(fresh.id, {
      ...fields('River walk'),
      slug: 'river-walk-again',
      status: 'publish',
    });
    d.store.createDraft(d.publicationId, 'post', fields('River walk 2025'));
    expect(await d.engine.flush()).toMatchObject({ done: 2, failed: 0 });
    expect((await onServer('river-walk-again'))?.title).toBe('River walk');
    expect((await onServer('river-walk-2025-2'))?.title).toBe('River walk 2025');
  });

  it('keeps what the service said of each field it refused, until the draft is fixed', async () => {
    const d = device();
    const tagged = d.store.createDraft(d.publicationId, 'post', {
      ...fields('Tagged wrongly'),
      tags: [987654],
    });
    expect((await d.engine.flush()).failed).toBe(1);
    const refused = d.store.getDraft(tagged.id);
    expect(refused?.lastError).toBeTruthy();
    expect(Object.keys(refused?.lastErrorFields ?? {})).toEqual(['tags']);
    expect(refused?.lastErrorFields?.tags?.join(' ')).toContain('987654');
    expect(await onServer('tagged-wrongly')).toBeUndefined();

    d.store.saveDraft(tagged.id, fields('Tagged wrongly'));
    expect((await d.engine.flush()).done).toBe(1);
    expect(d.store.getDraft(tagged.id)).toMatchObject({ lastError: null, lastErrorFields: null });
    expect((await onServer('tagged-wrongly')).title).toBe('Tagged wrongly');
  });

  it('finds a renamed record whose answer was lost by the slug it moved to', async () => {
    const d = device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Lost rename'));
    await d.engine.flush();
    d.store.saveDraft(draft.id, { ...fields('Lost rename'), slug: 'found-again' });
    proxy.setPolicy(({ method }) =>
      method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
    );
    await d.engine.flush();
    proxy.setPolicy(() => ({ type: 'pass' }));
    d.store.saveDraft(draft.id, { ...fields('Lost rename', '<p>more</p>'), slug: 'found-again' });
    d.clock.now += 120_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 0, failed: 0 });
    expect((await onServer('found-again')).content).toBe('<p>more</p>');
  });

  it('waits out the undo window before deleting, and undo cancels it', async () => {
    const d = device();
    const keep = d.store.createDraft(d.publicationId, 'post', fields('Undo me'));
    const gone = d.store.createDraft(d.publicationId, 'post', fields('Delete me'));
    await d.engine.flush();
    d.store.requestDelete(keep.id, 10_000);
    d.store.requestDelete(gone.id, 10_000);
    await d.engine.flush();
    expect(await onServer('delete-me')).toBeDefined();
    expect(d.store.cancelDelete(keep.id)).toBe(true);
    d.clock.now += 10_001;
    await d.engine.flush();
    expect(await onServer('delete-me')).toBeUndefined();
    expect(await onServer('undo-me')).toBeDefined();
    expect(d.store.getDraft(gone.id)).toBeUndefined();
  });
});

describe('a post on the service emptied here (review 24)', () => {
  it('an Unpublish waiting (offline) still takes the post off the site after the words are emptied', async () => {
    const d = device();
    const draft = d.store.createDraft(d.publicationId, 'post', {
      ...fields('Gone quiet', '<p>G</p>'),
      status: 'publish',
    });
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    expect(await onServer('gone-quiet')).toMatchObject({ status: 'publish' });
    // Unpublish pressed while offline: the push waits. Then the writer clears the text.
    d.store.saveDraft(draft.id, { ...fields('Gone quiet', '<p>G</p>'), status: 'draft' });
    d.store.saveDraft(draft.id, { ...fields('', '<p></p>'), status: 'draft' });
    await d.engine.flush();
    // The writer asked for it off the site: it must not stay live (the reference server takes
    // `<p></p>`; before d080996 this Unpublish landed).
    expect((await onServer('gone-quiet'))?.status).toBe('draft');
  });

  it('an Unpublish waiting (offline) still takes the post off the site after title and text are cleared to nothing (review 25)', async () => {
    const d = device();
    const draft = d.store.createDraft(d.publicationId, 'post', {
      ...fields('Quiet cove', '<p>Q</p>'),
      status: 'publish',
    });
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    // Unpublish pressed while offline; the writer then clears the post in HTML source (nothing
    // at all left, not even `<p></p>`). Sent with the blank words, the service refused the
    // Unpublish too: the post stayed on the site, the writer shown only "A title or content is
    // required".
    d.store.saveDraft(draft.id, { ...fields('Quiet cove', '<p>Q</p>'), status: 'draft' });
    d.store.saveDraft(draft.id, { ...fields('', ''), status: 'draft' });
    await d.engine.flush();
    // The editor says the post is off the site (its base's status), not still live.
    expect({
      onService: await onServer('quiet-cove'),
      serviceStatus: d.store.getDraft(draft.id)!.base!.status,
      error: d.store.getDraft(draft.id)!.lastError,
    }).toEqual({
      onService: expect.objectContaining({ status: 'draft', content: '<p>Q</p>' }),
      serviceStatus: 'draft',
      error: expect.stringContaining('the service keeps the last ones it had'),
    });
    // Words written again go, met as the Unpublish left the post: no conflict with it.
    d.store.saveDraft(draft.id, { ...fields('Quiet cove', '<p>Q again</p>'), status: 'draft' });
    d.clock.now += 600_000;
    await d.engine.flush();
    expect({
      conflict: d.store.getDraft(draft.id)!.conflict,
      onService: await onServer('quiet-cove'),
    }).toEqual({
      conflict: null,
      onService: expect.objectContaining({ status: 'draft', content: '<p>Q again</p>' }),
    });
  });

  it('a colleague’s change meanwhile is asked about, not hidden behind "the service keeps the last ones it had"', async () => {
    const d = device();
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      fields('Emptied, changed', '<p>E</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    await service.request('PUT', `/posts/${id}`, { body: { content: '<p>Colleague</p>' } });
    d.store.saveDraft(draft.id, fields('', '<p></p>'));
    await d.engine.flush();
    const now = d.store.getDraft(draft.id)!;
    expect({ asked: now.conflict !== null, error: now.lastError }).toEqual({
      asked: true,
      error: null,
    });
  });
  // Review 26: only an Unpublish of an emptied post was handled; Keep mine of one a colleague
  // had taken off the site sent the blank words with a Publish, and the service put an empty
  // post live over the colleague's Unpublish.
  it('a colleague’s Unpublish, then Update and Keep mine: the blank words are never sent live', async () => {
    const d = device();
    const draft = d.store.createDraft(d.publicationId, 'post', {
      ...fields('Lapwing field', '<p>L, the words readers have</p>'),
      status: 'publish',
    });
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    // Cleared in the editor, held as an edit to a live post; a colleague takes it off the site.
    d.store.saveDraft(draft.id, { ...fields('', '<p></p>'), status: 'publish' });
    const off = await service.request('PUT', `/posts/${id}`, { body: { status: 'draft' } });
    expect(off.status).toBe(200);
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    expect({
      onService: await onServer('lapwing-field'),
      error: d.store.getDraft(draft.id)!.lastError,
    }).toEqual({
      onService: expect.objectContaining({
        status: 'draft',
        content: '<p>L, the words readers have</p>',
      }),
      error: expect.stringContaining('the service keeps the last ones it had'),
    });
  });

  // Review 26: the Unpublish sent alone landed with its answer lost; the base never moved, so
  // the editor showed the post live beside the refusal while readers no longer saw it.
  it('an Unpublish sent alone that lands with its answer lost: the draft knows the post is off the site', async () => {
    const d = device();
    const draft = d.store.createDraft(d.publicationId, 'post', {
      ...fields('Quiet bay', '<p>Q</p>'),
      status: 'publish',
    });
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    d.store.saveDraft(draft.id, { ...fields('Quiet bay', '<p>Q</p>'), status: 'draft' });
    d.store.saveDraft(draft.id, { ...fields('', ''), status: 'draft' });
    proxy.setPolicy((r) => (r.method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' }));
    await d.engine.flush();
    proxy.setPolicy(() => ({ type: 'pass' }));
    expect((await onServer('quiet-bay'))?.status).toBe('draft');
    d.clock.now += 600_000;
    await d.engine.flush();
    expect({
      serviceStatus: d.store.getDraft(draft.id)!.base!.status,
      error: d.store.getDraft(draft.id)!.lastError,
    }).toEqual({
      serviceStatus: 'draft',
      error: expect.stringContaining('the service keeps the last ones it had'),
    });
  });
});

describe('the refusal of an emptied post (review 24)', () => {
  it('ends once the writer writes again: the error goes, the words go', async () => {
    const d = device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Written again', '<p>W</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    d.store.saveDraft(draft.id, fields('', '<p></p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(draft.id, fields('', '<p>New words</p>'));
    expect(d.store.getDraft(draft.id)!.lastError).toBeNull();
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    expect(await onServer('written-again')).toMatchObject({ content: '<p>New words</p>' });
  });

  it('a Publish pressed with words goes live with them, the working copy emptied since', async () => {
    const d = device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Pinned words', '<p>P</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    d.store.saveDraft(draft.id, { ...fields('Pinned words', '<p>P</p>'), status: 'publish' });
    d.store.saveDraft(draft.id, { ...fields('', '<p></p>'), status: 'publish' });
    await d.engine.flush();
    expect(await onServer('pinned-words')).toMatchObject({
      content: '<p>P</p>',
      status: 'publish',
    });
  });
});

// Opening a post that may be an unsettled draft's sends that draft's changes first: only those,
// or the open waited on every publication's, a slow service's included (review 42).
describe('flushDrafts and makePushesDue for some drafts', () => {
  it('wakes and sends only the drafts named; the others wait their turn', async () => {
    const d = device();
    const mine = d.store.createDraft(d.publicationId, 'post', fields('Named flush mine'));
    const other = d.store.createDraft(d.publicationId, 'post', fields('Named flush other'));
    proxy.setPolicy(() => ({ type: 'reset' }));
    expect(await d.engine.flush()).toMatchObject({ failed: 2 });
    proxy.setPolicy(() => ({ type: 'pass' }));
    expect(d.store.dueOps()).toEqual([]);
    d.store.makePushesDue([mine.id]);
    expect(d.store.dueOps().map((op) => op.draftId)).toEqual([mine.id]);
    // The other made due too: only the named one goes.
    d.store.makePushesDue();
    expect(await d.engine.flushDrafts([mine.id])).toMatchObject({ done: 1, failed: 0 });
    expect({
      mine: d.store.getDraft(mine.id)!.remoteId !== null,
      other: d.store.getDraft(other.id)!.remoteId,
      due: d.store.dueOps().map((op) => op.draftId),
    }).toEqual({ mine: true, other: null, due: [other.id] });
  });
});
