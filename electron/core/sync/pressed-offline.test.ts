import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { heldEdits } from './hold';
import { draftView, syncStateOf } from '../views';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

// Update and Publish send the words as they are when pressed. With the service away, the push
// waited and then sent whatever the draft held when the service answered: a note written after
// Update went live, no second Update pressed (a writer's review).

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('pressed-offline');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

const away = () => world.proxy.setPolicy(() => ({ type: 'reset' }));
/** The words as published: a draft's fields with the status the writer asked for. */
const published = (title: string, content?: string) => ({
  ...fields(title, content),
  status: 'publish' as const,
});

/** A device with a post or page of its own already live on the service. */
async function deviceWithLive(kind: 'post' | 'page', title: string, content: string) {
  const d = world.device({ attempts: 1 });
  const draft = d.store.createDraft(d.publicationId, kind, published(title, content));
  expect(await d.engine.flush()).toMatchObject({ done: 1 });
  return { d, draft };
}
const back = () => world.proxy.setPolicy(() => ({ type: 'pass' }));
const byId = async (id: number) => {
  const reply = await world.service.request('GET', '/posts?limit=100');
  return (reply.json.posts.data as { id: number; slug: string }[]).find((p) => p.id === id);
};

describe('pressed while the service is away', () => {
  it('Update sends the words as they were when pressed; words written after stay held', async () => {
    const { d, draft } = await deviceWithLive('page', 'Opening hours', '<p>Open 9 to 5.</p>');
    away();
    const corrected = { ...fields('Opening hours', '<p>Open 9 to 5. Closed on Sundays.</p>') };
    d.store.saveDraft(draft.id, { ...corrected, status: 'publish' });
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    // Pressed, these words waiting: Update is not the next step again (a writer's review).
    expect(draftView(d.store.getDraft(draft.id)!, d.store, false).sendingAsIs).toBe(true);
    const drafting = '<p>Open 9 to 5. Closed on Sundays.</p><p>TODO winter hours</p>';
    d.store.saveDraft(draft.id, published('Opening hours', drafting));
    // Named while it waits, not merely "Offline" (a writer's review).
    expect(syncStateOf(d.store.getDraft(draft.id)!, d.store, false)).toBe('update-pending');
    expect(draftView(d.store.getDraft(draft.id)!, d.store, false).sendingAsIs).toBe(false);
    back();
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const live = await world.service.request('GET', '/pages/opening-hours');
    expect(live.json.page.content).toBe('<p>Open 9 to 5. Closed on Sundays.</p>');
    // Still here, held for the next Update, and shown so.
    const now = d.store.getDraft(draft.id)!;
    expect(now.fields.content).toBe(drafting);
    expect(heldEdits(now)).toBe(true);
    expect(syncStateOf(now, d.store, false)).toBe('held');
    expect(d.store.allOps()).toEqual([]);
  });

  it('Publish sends the words as they were when pressed; words written after stay held', async () => {
    const d = world.device({ attempts: 1 });
    away();
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Ferry notes', '<p>v1</p>'));
    d.store.saveDraft(draft.id, published('Ferry notes', '<p>v1</p>'));
    d.store.saveDraft(draft.id, published('Ferry notes', '<p>v1, then a half th</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const [live] = await world.postsTitled('Ferry notes');
    expect(live?.content).toBe('<p>v1</p>');
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
  });

  it('Publish then Unpublish sends the latest words, as a draft', async () => {
    const d = world.device({ attempts: 1 });
    away();
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      fields('Second thoughts', '<p>a</p>'),
    );
    d.store.saveDraft(draft.id, published('Second thoughts', '<p>a</p>'));
    d.store.saveDraft(draft.id, {
      ...fields('Second thoughts', '<p>a and b</p>'),
      status: 'draft',
    });
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const live = await world.service.request('GET', '/posts/second-thoughts');
    expect(live.json.post).toMatchObject({ content: '<p>a and b</p>', status: 'draft' });
  });
});

// From a review of the above: what a pin must not do.
describe('the words an Update or a Publish was pressed with', () => {
  const onServer = async (slug: string) =>
    (await world.service.request('GET', `/posts/${slug}`)).json?.post;

  it('refused, give way to the writer’s fix: a Publish refused for its slug goes once fixed', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'post', fields('Harbour lights'));
    const mine = d.store.createDraft(d.publicationId, 'post', fields('Canal walk'));
    expect(await d.engine.flush()).toMatchObject({ done: 2, failed: 0 });
    const asked = { ...fields('Canal walk'), slug: 'harbour-lights', status: 'publish' as const };
    d.store.saveDraft(mine.id, asked);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(mine.id, { ...asked, slug: 'canal-walk-at-dusk' });
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    expect(d.store.getDraft(mine.id)?.lastError).toBeNull();
    expect(await onServer('canal-walk-at-dusk')).toMatchObject({ status: 'publish' });
  });

  it('refused for a slug that then comes free by itself, send the words as pressed, not later ones', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'post', fields('Harbour five'));
    const mine = d.store.createDraft(d.publicationId, 'post', fields('Canal five'));
    expect(await d.engine.flush()).toMatchObject({ done: 2, failed: 0 });
    const holder = d.store
      .listDrafts(d.publicationId)
      .find((x) => x.fields.title === 'Harbour five')!;
    const asked = { ...published('Canal five'), slug: 'harbour-five' };
    d.store.saveDraft(mine.id, asked);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    // Writing goes on, the slug left as it was; a colleague renames the post that held it.
    d.store.saveDraft(mine.id, { ...asked, content: '<p>Canal five</p><p>TODO</p>' });
    await world.service.request('PUT', `/posts/${holder.remoteId}`, {
      body: { slug: 'harbour-5' },
    });
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    expect(await onServer('harbour-five')).toMatchObject({
      status: 'publish',
      content: '<p>Canal five</p>',
    });
    expect(heldEdits(d.store.getDraft(mine.id)!)).toBe(true);
  });

  it('refused for a slug, send the words as pressed with the writer’s new slug', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'post', fields('Harbour six'));
    const mine = d.store.createDraft(d.publicationId, 'post', fields('Canal six'));
    expect(await d.engine.flush()).toMatchObject({ done: 2, failed: 0 });
    const asked = { ...published('Canal six'), slug: 'harbour-six' };
    d.store.saveDraft(mine.id, asked);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(mine.id, { ...asked, content: '<p>Canal six</p><p>TODO</p>' });
    d.store.saveDraft(mine.id, {
      ...asked,
      content: '<p>Canal six</p><p>TODO</p>',
      slug: 'canal-six',
    });
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    expect(await onServer('canal-six')).toMatchObject({
      status: 'publish',
      content: '<p>Canal six</p>',
    });
    expect(heldEdits(d.store.getDraft(mine.id)!)).toBe(true);
  });

  it('taken back while waiting (the live words restored), change nothing when sent', async () => {
    const { d, draft: page } = await deviceWithLive('post', 'Opening times', '<p>Open 9 to 5.</p>');
    away();
    const regretted = fields('Opening times', '<p>Closed for good.</p>');
    d.store.saveDraft(page.id, { ...regretted, status: 'publish' });
    d.store.requestPush(page.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    const live = d.store.revisions(page.id).find((r) => r.reason === 'live-before-edits')!;
    d.store.restoreRevision(page.id, live.id);
    // Nothing to update any more: no "Update pending" for words readers already see.
    expect(syncStateOf(d.store.getDraft(page.id)!, d.store, false)).toBe('local');
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    expect((await onServer('opening-times')).content).toBe('<p>Open 9 to 5.</p>');
    expect(heldEdits(d.store.getDraft(page.id)!)).toBe(false);
  });

  it('of a second Update pressed while the first is on its way, go too', async () => {
    const { d, draft: post } = await deviceWithLive('post', 'Tide table', '<p>v1</p>');
    d.store.saveDraft(post.id, published('Tide table', '<p>v2</p>'));
    d.store.requestPush(post.id);
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'delay', ms: 400 } : { type: 'pass' },
    );
    const first = d.engine.flush();
    await new Promise((resolve) => setTimeout(resolve, 150));
    d.store.saveDraft(post.id, published('Tide table', '<p>v3</p>'));
    d.store.requestPush(post.id);
    await first;
    back();
    await d.engine.flush();
    expect((await onServer('tide-table')).content).toBe('<p>v3</p>');
    expect(d.store.allOps()).toEqual([]);
  });

  it('of an Update refused for them end there, held with the refusal, not sent again and again', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'post', fields('Quay notes'));
    const post = d.store.createDraft(d.publicationId, 'post', published('Pier notes'));
    expect(await d.engine.flush()).toMatchObject({ done: 2 });
    d.store.saveDraft(post.id, { ...fields('Pier notes'), slug: 'quay-notes', status: 'publish' });
    d.store.requestPush(post.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    const refused = d.store.getDraft(post.id)!;
    expect(refused.lastErrorFields).toMatchObject({ slug: expect.any(Array) });
    expect(heldEdits(refused)).toBe(true);
    expect(d.store.allOps()).toEqual([]);
  });

  it('of an Update met by a conflict are what Keep mine sends; words written after stay held', async () => {
    const { d, draft } = await deviceWithLive('page', 'Timetable', '<p>Boats at 9.</p>');
    const id = d.store.getDraft(draft.id)!.remoteId!;
    away();
    d.store.saveDraft(draft.id, published('Timetable', '<p>Boats at 10.</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    const note = '<p>Boats at 10.</p><p>NOTE ask about winter</p>';
    d.store.saveDraft(draft.id, published('Timetable', note));
    back();
    await world.service.request('PUT', `/pages/${id}`, {
      body: { content: '<p>Boats at 9:30.</p>' },
    });
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    const live = await world.service.request('GET', '/pages/timetable');
    expect(live.json.page.content).toBe('<p>Boats at 10.</p>');
    expect(d.store.getDraft(draft.id)!.fields.content).toBe(note);
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
    // The note goes with the next Update.
    d.store.requestPush(draft.id);
    await d.engine.flush();
    expect((await world.service.request('GET', '/pages/timetable')).json.page.content).toBe(note);
  });
});

// From a third review: the timing around a pin (a press on its way, a conflict, a second press).
describe('a press while another is on its way, or during a conflict', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const content = async (slug: string) =>
    (await world.service.request('GET', `/pages/${slug}`)).json.page;

  it('a second Update pressed while a refused one is on its way still goes', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'page', fields('Quay two'));
    const page = d.store.createDraft(d.publicationId, 'page', published('Pier two'));
    expect(await d.engine.flush()).toMatchObject({ done: 2 });
    d.store.saveDraft(page.id, { ...published('Pier two'), slug: 'quay-two' });
    d.store.requestPush(page.id);
    world.proxy.setPolicy((r) =>
      r.method === 'GET' ? { type: 'delay', ms: 400 } : { type: 'pass' },
    );
    const first = d.engine.flush();
    await sleep(150);
    d.store.saveDraft(page.id, { ...published('Pier two'), slug: 'pier-two-b' });
    d.store.requestPush(page.id);
    await first;
    back();
    await d.engine.flush();
    expect(await content('pier-two-b')).toMatchObject({ status: 'publish' });
    expect(d.store.getDraft(page.id)!.lastError).toBeNull();
  });

  it('Keep mine sends what was pressed for, not words typed while the push was on its way', async () => {
    const { d, draft } = await deviceWithLive('page', 'Ferry times', '<p>Boats at 9.</p>');
    const id = d.store.getDraft(draft.id)!.remoteId!;
    d.store.saveDraft(draft.id, published('Ferry times', '<p>Boats at 10.</p>'));
    d.store.requestPush(draft.id);
    await world.service.request('PUT', `/pages/${id}`, {
      body: { content: '<p>Boats at 9:30.</p>' },
    });
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'delay', ms: 400 } : { type: 'pass' },
    );
    const first = d.engine.flush();
    await sleep(150);
    d.store.saveDraft(draft.id, published('Ferry times', '<p>Boats at 10.</p><p>NOTE</p>'));
    expect(await first).toMatchObject({ conflicts: 1 });
    back();
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    expect((await content('ferry-times')).content).toBe('<p>Boats at 10.</p>');
    expect(heldEdits(d.store.getDraft(draft.id)!)).toBe(true);
  });

  it('Unpublish pressed during a conflict, then Keep mine: the page is not left live', async () => {
    const { d, draft } = await deviceWithLive('page', 'Bus times', '<p>Bus at 9.</p>');
    const id = d.store.getDraft(draft.id)!.remoteId!;
    away();
    d.store.saveDraft(draft.id, published('Bus times', '<p>Bus at 10.</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(draft.id, published('Bus times', '<p>Bus at 10.</p><p>NOTE</p>'));
    back();
    await world.service.request('PUT', `/pages/${id}`, {
      body: { content: '<p>Bus at 9:30.</p>' },
    });
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.store.saveDraft(draft.id, fields('Bus times', '<p>Bus at 10.</p><p>NOTE</p>'));
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    expect(await content('bus-times')).toMatchObject({ status: 'draft' });
  });

  it('a Publish refused for its slug goes with the fix, even with a save between', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'page', fields('Harbour two'));
    const mine = d.store.createDraft(d.publicationId, 'page', fields('Canal two'));
    expect(await d.engine.flush()).toMatchObject({ done: 2, failed: 0 });
    const asked = { ...published('Canal two'), slug: 'harbour-two' };
    d.store.saveDraft(mine.id, asked);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(mine.id, { ...asked, content: '<p>Canal two, at dusk</p>' });
    d.store.saveDraft(mine.id, {
      ...asked,
      content: '<p>Canal two, at dusk</p>',
      slug: 'canal-two-at-dusk',
    });
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    expect(await content('canal-two-at-dusk')).toMatchObject({ status: 'publish' });
  });

  it('an Update pressed during a conflict is what Keep mine sends', async () => {
    const { d, draft } = await deviceWithLive('page', 'Tram times', '<p>Tram at 9.</p>');
    const id = d.store.getDraft(draft.id)!.remoteId!;
    away();
    d.store.saveDraft(draft.id, published('Tram times', '<p>Tram at 10.</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(draft.id, published('Tram times', '<p>Tram at 10.</p><p>x</p>'));
    back();
    await world.service.request('PUT', `/pages/${id}`, {
      body: { content: '<p>Tram at 9:30.</p>' },
    });
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    away();
    const final = '<p>Tram at 10.</p><p>Trams every 20 minutes.</p>';
    d.store.saveDraft(draft.id, published('Tram times', final));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.engine.resolve(draft.id, 'mine');
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    expect((await content('tram-times')).content).toBe(final);
  });
});

const unreachable = () =>
  Promise.reject(
    new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ENETUNREACH'), {
        code: 'ENETUNREACH',
        syscall: 'connect',
      }),
    }),
  );

// Update pressed for words equal to the base (the live words restored while an earlier Update
// waits, then Update pressed for them) was not counted as a press: a colleague's edit met there
// was taken silently, where the same words merely restored (a take-back) were asked about
// (review 35).
describe('Update pressed for the live words restored, a colleague’s edit on the service', () => {
  it.each([
    ['Puffin burrow', true],
    ['Puffin colony', false],
  ])('%s (Update pressed: %s) is asked about, not taken over silently', async (title, press) => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published(title, '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    const api = d.api as unknown as { fetchImpl: typeof fetch };
    const online = api.fetchImpl;
    api.fetchImpl = (() => unreachable()) as typeof fetch;
    // An Update pressed while the network is away: it never leaves.
    d.store.saveDraft(draft.id, published(title, '<p>P</p>'));
    d.store.requestPush(draft.id);
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    expect(d.store.getDraft(draft.id)!.sentVersions).toEqual([]);
    // The writer regrets it, restores what readers see, and presses Update for those words.
    const live = d.store.revisions(draft.id).find((r) => r.reason === 'live-before-edits')!;
    d.store.restoreRevision(draft.id, live.id);
    if (press) d.store.requestPush(draft.id);
    api.fetchImpl = online;
    // Meanwhile a colleague edits the live post.
    expect(
      (await world.service.request('PUT', `/posts/${id}`, { body: { content: '<p>M</p>' } }))
        .status,
    ).toBe(200);
    d.store.makePushesDue();
    await d.engine.flush();
    const now = d.store.getDraft(draft.id)!;
    expect({
      conflict: now.conflict?.content ?? null,
      draft: now.fields.content,
    }).toEqual({ conflict: '<p>M</p>', draft: '<p>L</p>' });
  });
});

// A regretted rename (an Update whose answer was lost), the live words restored and Update pressed
// for them: readers' URL goes back with their words, as with the restore alone (review 36 found
// the regretted slug left live, the draft marked in step there).
describe('a pressed Update that renamed a live post, its answer lost, the live words restored and Update pressed for them', () => {
  it.each([
    ['Net loft', false],
    ['Sail loft', true],
  ])('%s (Update pressed again: %s): readers’ URL is the one they had', async (title, press) => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published(title, '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    const slug = (await byId(id))!.slug;
    d.store.saveDraft(draft.id, { ...published(title, '<p>L</p>'), slug: `${slug}-at-dusk` });
    d.store.requestPush(draft.id);
    world.proxy.setPolicy(({ method }) =>
      method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await byId(id))!.slug).toBe(`${slug}-at-dusk`);
    const live = d.store.revisions(draft.id).find((r) => r.reason === 'live-before-edits')!;
    d.store.restoreRevision(draft.id, live.id);
    if (press) d.store.requestPush(draft.id);
    d.clock.now += 600_000;
    await d.engine.flush();
    const now = d.store.getDraft(draft.id)!;
    expect({
      slug: now.conflict !== null ? 'asked' : (await byId(id))!.slug,
      field: now.fields.slug,
    }).toEqual({ slug, field: undefined });
  });
});
