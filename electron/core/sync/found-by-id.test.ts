import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

// The spec reads a record by slug only. A record whose slug moved (renamed on another device, or
// given slug-2 because a deleted record keeps the one asked for) must still be found by its id:
// taken for gone, "Keep mine" made a second post and "Discard mine" dropped the words.

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('found-by-id');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

/** Two devices on one synced, never-published draft. */
async function twoDevices(title: string) {
  const a = world.device();
  const b = world.device();
  const draftA = a.store.createDraft(a.publicationId, 'post', fields(title, '<p>start</p>'));
  await a.engine.flush();
  const record = await b.api.getBySlug('post', a.store.getDraft(draftA.id)!.base!.slug);
  const draftB = b.store.adoptRemote(b.publicationId, 'post', record, record.etag);
  return { a, b, draftA, draftB };
}

describe('a record renamed on another device', () => {
  it('is a conflict with what the service holds, not "no longer on the service"', async () => {
    const { a, b, draftA, draftB } = await twoDevices('Working title');
    // B renames it: a slug typed in the field (one opened from the service follows no title).
    b.store.saveDraft(draftB.id, { ...fields('Final title', '<p>start</p>'), slug: 'final-title' });
    await b.engine.flush();
    expect((await b.api.findBySlug('post', 'final-title'))?.title).toBe('Final title');
    a.store.saveDraft(draftA.id, fields('Working title', '<p>start, and a paragraph A wrote</p>'));
    await a.engine.flush();
    const conflict = a.store.getDraft(draftA.id)!.conflict;
    expect(conflict?.id).toBe(draftB.remoteId);
    expect(conflict?.title).toBe('Final title');
  });

  it('stays one post when the writer keeps theirs or mine', async () => {
    const { a, b, draftA, draftB } = await twoDevices('Second draft');
    b.store.saveDraft(draftB.id, fields('Second draft renamed', '<p>start</p>'));
    await b.engine.flush();
    a.store.saveDraft(draftA.id, fields('Second draft', '<p>A words</p>'));
    await a.engine.flush();
    a.engine.resolve(draftA.id, 'mine');
    expect(await a.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    const all = [
      ...(await world.postsTitled('Second draft')),
      ...(await world.postsTitled('Second draft renamed')),
    ];
    expect(all.map((post) => post.content)).toEqual(['<p>A words</p>']);
  });

  it('keeps the words not kept in the history when the writer takes theirs', async () => {
    const { a, b, draftA, draftB } = await twoDevices('Third draft');
    b.store.saveDraft(draftB.id, fields('Third draft renamed', '<p>start</p>'));
    await b.engine.flush();
    a.store.saveDraft(draftA.id, fields('Third draft', '<p>A unsent paragraph</p>'));
    await a.engine.flush();
    a.engine.resolve(draftA.id, 'theirs');
    expect(a.store.getDraft(draftA.id)?.fields.title).toBe('Third draft renamed');
    const revisions = a.store.revisions(draftA.id);
    expect(revisions.some((r) => r.fields.content === '<p>A unsent paragraph</p>')).toBe(true);
  });
});

describe('a record looked for by its id', () => {
  it('is found while a colleague deletes a newer post and the list moves under the search', async () => {
    const d = world.device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Drift', '<p>v1</p>'));
    await d.engine.flush();
    const remoteId = d.store.getDraft(draft.id)!.remoteId!;
    // 100 newer posts: ours is first on page 2 of the list at 100 a page.
    const newer: number[] = [];
    for (let i = 0; i < 100; i++)
      newer.push(
        (await world.service.request('POST', '/posts', { body: { title: `Newer ${i}` } })).json.post
          .id,
      );
    await world.service.request('PUT', `/posts/${remoteId}`, { body: { slug: 'drift-renamed' } });
    d.store.saveDraft(draft.id, fields('Drift', '<p>v1, and more</p>'));
    // While page 2 is on its way, one newer post is deleted: ours moves up onto page 1.
    let deleting: Promise<unknown> | undefined;
    world.proxy.setPolicy(({ method, url }) => {
      if (method !== 'GET' || !/[?&]page=2\b/.test(url) || deleting) return { type: 'pass' };
      deleting = world.service.request('DELETE', `/posts/${newer[0]}`);
      return { type: 'delay', ms: 300 };
    });
    await d.engine.flush();
    await deleting;
    expect(d.store.getDraft(draft.id)!.conflict?.id).toBe(remoteId);
    // The search itself: asked again while the list moves, it reads it again.
    const base = d.store.getDraft(draft.id)!.base!;
    // One newer post more puts ours back on page 2.
    await world.service.request('POST', '/posts', { body: { title: 'Newer again' } });
    deleting = undefined;
    world.proxy.setPolicy(({ method, url }) => {
      if (method !== 'GET' || !/[?&]page=2\b/.test(url) || deleting) return { type: 'pass' };
      deleting = world.service.request('DELETE', `/posts/${newer[1]}`);
      return { type: 'delay', ms: 300 };
    });
    expect((await d.api.findById('post', remoteId, base.createdAt))?.slug).toBe('drift-renamed');
    await deleting;
    // And read page by page, as for a base from before creation times were kept.
    await world.service.request('POST', '/posts', { body: { title: 'Newer once more' } });
    deleting = undefined;
    world.proxy.setPolicy(({ method, url }) => {
      if (method !== 'GET' || !/[?&]page=2\b/.test(url) || deleting) return { type: 'pass' };
      deleting = world.service.request('DELETE', `/posts/${newer[2]}`);
      return { type: 'delay', ms: 300 };
    });
    expect((await d.api.findById('post', remoteId))?.slug).toBe('drift-renamed');
    await deleting;
  });
});

describe('a slug a deleted record keeps', () => {
  it('moves a retitled draft to slug-2 with no conflict and no second post', async () => {
    const old = await world.service.request('POST', '/posts', {
      body: { title: 'Garden diary', content: '<p>old</p>' },
    });
    await world.service.request('DELETE', `/posts/${old.json.post.id}`);
    const d = world.device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Notes', '<p>x</p>'));
    await d.engine.flush();
    d.store.saveDraft(draft.id, fields('Garden diary', '<p>spring</p>'));
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    expect(d.store.getDraft(draft.id)?.base?.slug).toBe('garden-diary-2');
    d.store.saveDraft(draft.id, fields('Garden diary', '<p>spring, and summer</p>'));
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    const copies = await world.postsTitled('Garden diary');
    expect(copies.map((post) => [post.slug, post.content])).toEqual([
      ['garden-diary-2', '<p>spring, and summer</p>'],
    ]);
  });
});

describe("a web page from the service's host instead of the API", () => {
  it('says a refusal it makes (413: too large), and does not send it again and again', async () => {
    const d = world.device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Heavy'));
    await d.engine.flush();
    d.store.saveDraft(draft.id, fields('Heavy', '<p>a pasted picture, too large</p>'));
    world.proxy.setPolicy(({ method }) =>
      method === 'PUT' ? { type: 'html-page', status: 413 } : { type: 'pass' },
    );
    const before = world.proxy.log.length;
    expect(await d.engine.flush()).toEqual({ done: 0, failed: 1, conflicts: 0 });
    expect(d.store.getDraft(draft.id)!.lastError).toMatch(/HTTP 413/);
    const puts = world.proxy.log.slice(before).filter(({ request }) => request.method === 'PUT');
    expect(puts).toHaveLength(1);
  });

  it('is a failure to retry, never "deleted on the service"', async () => {
    const d = world.device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Chapter one'));
    await d.engine.flush();
    d.store.saveDraft(draft.id, fields('Chapter one', '<p>one, and two</p>'));
    // Mid-deploy, every path answers nginx's "404 Not Found" page.
    world.proxy.setPolicy(() => ({ type: 'html-page', status: 404 }));
    expect(await d.engine.flush()).toEqual({ done: 0, failed: 1, conflicts: 0 });
    const waiting = d.store.getDraft(draft.id)!;
    expect(waiting.conflict).toBeNull();
    expect(d.events.at(-1)).toMatchObject({
      type: 'error',
      error: expect.stringMatching(/web page/),
    });
    world.proxy.setPolicy(() => ({ type: 'pass' }));
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toEqual({ done: 1, failed: 0, conflicts: 0 });
    expect((await world.service.request('GET', '/posts/chapter-one')).json.post.content).toBe(
      '<p>one, and two</p>',
    );
  });
});
