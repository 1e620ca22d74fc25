import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { RecordStore } from '../../../server/records';
import { slugify } from '../../../server';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';
import { differingFields } from '../../../shared/field-differences';
import { fieldsOf } from '../store/local-store';

// Colleagues' changes on the service, met by the writer's next push: what is theirs stays, what
// changes nothing is not asked about, the writer's own lost writes are found once. Each case was
// found by a review (review 20), failing before its fix.

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('colleague-changes');
});
afterAll(() => world.close());
beforeEach(() => {
  world.proxy.setPolicy(() => ({ type: 'pass' }));
  world.proxy.setService({});
});

const back = () => world.proxy.setPolicy(() => ({ type: 'pass' }));
const dropPuts = () =>
  world.proxy.setPolicy((r) => (r.method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' }));
const put = (id: number, body: Record<string, unknown>) =>
  world.service.request('PUT', `/posts/${id}`, { body });
const byId = async (id: number) => {
  const reply = await world.service.request('GET', '/posts?limit=100');
  return (
    reply.json.posts.data as { id: number; slug: string; status: string; content: string }[]
  ).find((p) => p.id === id);
};

describe('a colleague’s rename of a title-following draft to `<given>-N`, met by an edit', () => {
  it('Keep mine (the conflict shows the words only) does not move it back to the title’s slug', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Lisbon days', '<p>1</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await byId(id))!.slug).toBe('lisbon-days');
    expect(d.store.getDraft(draft.id)!.givenSlug).toBe('lisbon-days');
    // A colleague makes it part 3 of a series on the web: the slug only. Quire wrote nothing
    // since, so the service numbered nothing for it.
    expect((await put(id, { slug: 'lisbon-days-3' })).status).toBe(200);
    // The writer writes on: asked, the conflict listing the words only (as for 'walking-at-dawn').
    d.store.saveDraft(draft.id, fields('Lisbon days', '<p>1, 2</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    const asked = d.store.getDraft(draft.id)!;
    const shown = differingFields(asked.fields, fieldsOf(asked.conflict!));
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    expect({ shown, slug: (await byId(id))!.slug }).toEqual({
      shown: ['content'],
      slug: 'lisbon-days-3',
    });
  });

  it('met by the writer’s own lost words (no conflict): not moved back either, silently', async () => {
    // The steps of colleague-rename.test.ts 'a lost answer, then a colleague’s rename only',
    // with the colleague's slug `<given>-2` (a second post on the subject is planned).
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Sea kale', '<p>S</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    d.store.saveDraft(draft.id, fields('Sea kale', '<p>S, two</p>'));
    dropPuts();
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await put(id, { slug: 'sea-kale-2' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Sea kale', '<p>S, two, three</p>'));
    d.clock.now += 600_000;
    await d.engine.flush();
    expect({
      conflict: d.store.getDraft(draft.id)!.conflict !== null,
      slug: (await byId(id))!.slug,
    }).toEqual({ conflict: false, slug: 'sea-kale-2' });
  });

  it('control: the same rename to a slug not numbered from it survives Keep mine', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Porto days', '<p>1</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await put(id, { slug: 'porto-days-part-three' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Porto days', '<p>1, 2</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    expect((await byId(id))!.slug).toBe('porto-days-part-three');
  });
});

describe('a keyless service, a lost create of a title cut at 80 characters', () => {
  it('is found again, not made twice', async () => {
    world.proxy.setService({ dropHeaders: ['idempotency-key'] });
    const title =
      'Rowing up the estuary from the harbour mouth to the old tidal mill at first sun and back';
    const stem = slugify(title);
    expect(stem.length).toBeGreaterThanOrEqual(79);
    // A colleague's post holds the stem; a deleted one still keeps `stem-2`.
    const theirs = await world.service.request('POST', '/posts', { body: { title } });
    expect(theirs.json.post.slug).toBe(stem);
    const gone = await world.service.request('POST', '/posts', { body: { title, content: 'x' } });
    expect(gone.json.post.slug).toBe(`${stem}-2`);
    await world.service.request('DELETE', `/posts/${gone.json.post.id}`);
    const d = world.device({ attempts: 1 });
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    d.store.createDraft(d.publicationId, 'post', fields(title, '<p>mine</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    const mine = (await world.postsTitled(title)).filter((p) => p.content === '<p>mine</p>');
    // Made once; Quire asks a numbered slug within the service's 80 characters (4a64f6c).
    expect(mine).toHaveLength(1);
    expect(mine[0]!.slug.length).toBeLessThanOrEqual(80);
  });
});

describe('a keyed create with the writer’s own slug, its answer lost, renamed by a colleague before the retry', () => {
  it('is asked about (both name a slug), not told "kept for a deleted post", nor renamed back at the next edit', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'post', fields('Warm up four', '<p>w</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    const mine = { ...fields('Slipway', '<p>S</p>'), slug: 'slipway-notes' };
    const draft = d.store.createDraft(d.publicationId, 'post', mine);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    const [made] = await world.postsTitled('Slipway');
    expect(made!.slug).toBe('slipway-notes');
    // A colleague gives it the URL the site's style wants before Quire tries again.
    expect((await put(made!.id, { slug: 'the-slipway' })).status).toBe(200);
    d.clock.now += 600_000;
    await d.engine.flush();
    const between = d.store.getDraft(draft.id)!;
    // The writer writes on, the Slug field untouched.
    d.store.saveDraft(draft.id, { ...mine, content: '<p>S, more</p>' });
    await d.engine.flush();
    expect({
      firstRound: between.conflict !== null ? 'asked' : between.lastError,
      slugAfterNextEdit: between.conflict !== null ? 'the-slipway' : (await byId(made!.id))!.slug,
    }).toEqual({ firstRound: 'asked', slugAfterNextEdit: 'the-slipway' });
  });
});

describe('a change on the service that changes nothing the writer can edit', () => {
  it.each([
    ['moved to the trash and restored by a colleague', 'trash'],
    ['saved unchanged by a colleague (a no-op PUT)', 'noop'],
  ])('%s, met by the writer’s edit: no conflict (theirs is the base)', async (_, how) => {
    const d = world.device({ attempts: 1 });
    const title = how === 'trash' ? 'Gull rock' : 'Gull point';
    const draft = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>G</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    if (how === 'trash') {
      await world.service.request('DELETE', `/posts/${id}`);
      const publicationId = world.service.server.db
        .prepare('SELECT publication_id FROM records WHERE id = ?')
        .pluck()
        .get(id) as number;
      const other = new Database(world.service.dataFile);
      new RecordStore(other).restore(publicationId, id);
      other.close();
    } else {
      expect((await put(id, { content: '<p>G</p>' })).status).toBe(200);
    }
    d.store.saveDraft(draft.id, fields(title, '<p>G, more</p>'));
    const result = await d.engine.flush();
    expect({ result, content: (await byId(id))!.content }).toEqual({
      result: { done: 1, failed: 0, conflicts: 0 },
      content: '<p>G, more</p>',
    });
  });
});

describe('a Publish under the writer’s 79-character slug that a deleted post keeps', () => {
  it('goes live once the writer takes the slug the service offered (`slug-2`), as for a short one', async () => {
    const own = 'poling-up-the-estuary-from-the-harbour-mouth-to-the-old-tidal-mill-at-first-sun';
    expect(own.length).toBe(79);
    const old = await world.service.request('POST', '/posts', {
      body: { title: 'Old', content: '<p>old</p>', slug: own, status: 'publish' },
    });
    expect(old.json.post.slug).toBe(own);
    await world.service.request('DELETE', `/posts/${old.json.post.id}`);
    const d = world.device();
    const draft = d.store.createDraft(d.publicationId, 'post', {
      ...fields('Poling up'),
      slug: own,
      status: 'publish',
    });
    expect((await d.engine.flush()).failed).toBe(1);
    const refused = d.store.getDraft(draft.id)!;
    // "Choose another slug, or take “…-sun-2”": the writer takes it.
    expect(refused.lastError).toContain(`take “${own}-2”`);
    d.store.saveDraft(draft.id, { ...refused.fields, slug: `${own}-2` });
    const result = await d.engine.flush();
    const onService = await byId(refused.remoteId!);
    expect({
      result,
      status: onService!.status,
      error: d.store.getDraft(draft.id)!.lastError,
    }).toEqual({
      result: { done: 1, failed: 0, conflicts: 0 },
      status: 'publish',
      error: null,
    });
  });
});
