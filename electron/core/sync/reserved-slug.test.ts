import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

// The reference server keeps a deleted record's slug and numbers a write that asks for it, as a
// service may: Quire cannot see the deleted record, only the slug it was given instead.
let world: SyncWorld;

beforeAll(async () => {
  world = await startSyncWorld('reserved-slug');
});

afterAll(() => world.close());

const onServer = async (slug: string) =>
  (await world.service.request('GET', `/posts/${slug}`)).json?.post;

/** A post made and deleted on the service, its slug kept. */
async function deletedPost(slug: string): Promise<void> {
  const made = await world.service.request('POST', '/posts', {
    body: { title: 'Old', content: '<p>old</p>', slug, status: 'publish' },
  });
  expect(made.json.post.slug).toBe(slug);
  expect((await world.service.request('DELETE', `/posts/${made.json.post.id}`)).status).toBe(200);
}

describe('a slug the service keeps for a deleted record', () => {
  it('never publishes a new post under another slug than the writer gave it', async () => {
    await deletedPost('river-walk');
    const d = world.device();
    const draft = d.store.createDraft(d.publicationId, 'post', {
      ...fields('River walk'),
      slug: 'river-walk',
      status: 'publish',
    });
    expect((await d.engine.flush()).failed).toBe(1);
    // Made as a draft only: nothing went live at a URL the writer did not ask for.
    expect(await onServer('river-walk-2')).toMatchObject({ title: 'River walk', status: 'draft' });
    const refused = d.store.getDraft(draft.id)!;
    expect(refused.lastErrorFields?.slug?.join(' ')).toContain('river-walk-2');
    expect(refused.lastError).toContain('“river-walk”');
    expect(refused.fields.slug).toBe('river-walk');

    // Another slug given, the same record goes live under it: one post, not two.
    d.store.saveDraft(draft.id, { ...refused.fields, slug: 'river-walk-again' });
    expect(await d.engine.flush()).toMatchObject({ failed: 0 });
    expect(await onServer('river-walk-again')).toMatchObject({
      id: refused.remoteId,
      status: 'publish',
    });
    expect(await onServer('river-walk-2')).toBeUndefined();
    expect(d.store.getDraft(draft.id)).toMatchObject({ lastError: null, conflict: null });
  });

  it('publishes it where the service put it once the writer takes that slug', async () => {
    await deletedPost('harbour');
    const d = world.device();
    const draft = d.store.createDraft(d.publicationId, 'post', {
      ...fields('Harbour'),
      slug: 'harbour',
      status: 'publish',
    });
    await d.engine.flush();
    d.store.saveDraft(draft.id, { ...d.store.getDraft(draft.id)!.fields, slug: 'harbour-2' });
    expect(await d.engine.flush()).toMatchObject({ failed: 0 });
    expect(await onServer('harbour-2')).toMatchObject({ title: 'Harbour', status: 'publish' });
  });

  it('keeps a draft given a numbered slug a draft, the field telling where it is', async () => {
    await deletedPost('lanterns');
    const d = world.device();
    const draft = d.store.createDraft(d.publicationId, 'post', {
      ...fields('Lanterns'),
      slug: 'lanterns',
    });
    await d.engine.flush();
    expect(await onServer('lanterns-2')).toMatchObject({ title: 'Lanterns', status: 'draft' });
    expect(d.store.getDraft(draft.id)!.lastErrorFields?.slug?.join(' ')).toContain('lanterns-2');

    // Published later with the field unchanged: still not live under the numbered slug.
    d.store.saveDraft(draft.id, { ...d.store.getDraft(draft.id)!.fields, status: 'publish' });
    expect((await d.engine.flush()).failed).toBe(1);
    expect(await onServer('lanterns-2')).toMatchObject({ status: 'draft' });
    expect(d.store.getDraft(draft.id)!.lastErrorFields?.slug?.join(' ')).toContain('lanterns-2');
  });

  it('never publishes a draft renamed to a kept slug in the same push', async () => {
    await deletedPost('tide-tables');
    const d = world.device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Tides'));
    await d.engine.flush();
    d.store.saveDraft(draft.id, { ...fields('Tides'), slug: 'tide-tables', status: 'publish' });
    expect((await d.engine.flush()).failed).toBe(1);
    expect(await onServer('tide-tables-2')).toMatchObject({ title: 'Tides', status: 'draft' });
  });

  it('tells the writer where a live post renamed to a kept slug went', async () => {
    await deletedPost('moorings');
    const d = world.device();
    const draft = d.store.createDraft(d.publicationId, 'post', {
      ...fields('Moor'),
      status: 'publish',
    });
    await d.engine.flush();
    d.store.saveDraft(draft.id, { ...d.store.getDraft(draft.id)!.fields, slug: 'moorings' });
    d.store.requestPush(draft.id);
    await d.engine.flush();
    // A live post's rename is live as it lands: the service's numbering cannot be tried first.
    expect(await onServer('moorings-2')).toMatchObject({ title: 'Moor', status: 'publish' });
    expect(d.store.getDraft(draft.id)!.lastErrorFields?.slug?.join(' ')).toContain('moorings-2');
  });

  it('numbers a slug following the title without a word to the writer, who gave none', async () => {
    // From a review: every save was told "choose another slug", every Publish refused.
    await deletedPost('tides');
    const d = world.device();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('T'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    d.store.saveDraft(draft.id, fields('Tides'));
    await d.engine.flush();
    expect(d.store.getDraft(draft.id)!.lastError).toBeNull();
    d.store.saveDraft(draft.id, { ...fields('Tides'), status: 'publish' });
    expect(await d.engine.flush()).toMatchObject({ failed: 0 });
    expect(await onServer('tides-2')).toMatchObject({ title: 'Tides', status: 'publish' });
  });
});

describe('a Publish under the writer’s slug after a create that went unanswered', () => {
  it('is the writer’s own post when the first try landed: published, not a conflict', async () => {
    // From a review: the key's replay answered with the first try's words, taken for theirs.
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'post', fields('Earlier'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const own = { ...fields('Ferry', '<p>first words</p>'), slug: 'ferry-times' };
    const draft = d.store.createDraft(d.publicationId, 'post', own);
    world.proxy.setPolicy((r) =>
      r.method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    world.proxy.setPolicy(() => ({ type: 'pass' }));
    const more = { ...own, content: '<p>first words, and more</p>' };
    d.store.saveDraft(draft.id, more);
    d.store.saveDraft(draft.id, { ...more, status: 'publish' });
    d.clock.now += 60_000;
    await d.engine.flush();
    expect(d.store.getDraft(draft.id)!.conflict).toBeNull();
    expect(await onServer('ferry-times')).toMatchObject({
      status: 'publish',
      content: '<p>first words, and more</p>',
    });
  });

  it('goes live under the writer’s slug when the first try, under the title’s, never landed', async () => {
    // From a review: the create under the old claim was read as the writer's slug kept.
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Weir'));
    world.proxy.setPolicy((r) => (r.method === 'POST' ? { type: 'reset' } : { type: 'pass' }));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    world.proxy.setPolicy(() => ({ type: 'pass' }));
    d.store.saveDraft(draft.id, { ...fields('Weir'), slug: 'weir-crossing', status: 'publish' });
    d.clock.now += 60_000;
    await d.engine.flush();
    expect(d.store.getDraft(draft.id)!.lastError).toBeNull();
    expect(await onServer('weir-crossing')).toMatchObject({ status: 'publish' });
  });
});

describe('a title whose slug is the service’s 80 characters, its numbered slug kept by a deleted post', () => {
  // Ten words and their nine hyphens: the title's slug is 80 characters.
  const title = 'Rambling weekend ' + Array.from({ length: 8 }, () => 'harbour').join(' ');
  const base = title.toLowerCase().replaceAll(' ', '-');

  it('is made once when its create answer is lost on a service that ignores create keys', async () => {
    expect(base).toHaveLength(80);
    await world.service.request('POST', '/posts', {
      body: { title: 'Theirs', content: '<p>theirs</p>', slug: base },
    });
    await deletedPost(`${base}-2`);
    world.proxy.setService({ dropHeaders: ['idempotency-key'] });
    try {
      const d = world.device({ attempts: 1 });
      const draft = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>mine</p>'));
      world.proxy.setPolicy((r) =>
        r.method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
      );
      expect(await d.engine.flush()).toMatchObject({ failed: 1 });
      world.proxy.setPolicy(() => ({ type: 'pass' }));
      d.clock.now += 60_000;
      expect(await d.engine.flush()).toMatchObject({ failed: 0, conflicts: 0 });
      const made = await world.postsTitled(title);
      expect(made).toHaveLength(1);
      // Within the service's length: asked as it is given, nothing cut and numbered again.
      expect(made[0]!.slug.length).toBeLessThanOrEqual(80);
      expect(d.store.getDraft(draft.id)).toMatchObject({ remoteId: made[0]!.id, lastError: null });
    } finally {
      world.proxy.setService({});
    }
  });
});
