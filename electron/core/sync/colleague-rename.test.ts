import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slugify } from '../../../server';
import { differingFields } from '../../../shared/field-differences';
import { fieldsOf } from '../store/local-store';
import { fields, published, startSyncWorld, type SyncWorld } from '../testing/sync-world';
import { draftView } from '../views';

// Reviews 13 and 14: a colleague's rename-only change, met by this client's pushes. Versions sent
// were known by their words alone, and a draft's slug may follow its title: neither may revert
// the rename unasked, nor take the service's numbering of Quire's own slug for a colleague's.

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('colleague-rename');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

const away = () => world.proxy.setPolicy(() => ({ type: 'reset' }));
const back = () => world.proxy.setPolicy(() => ({ type: 'pass' }));
/** A colleague renames the record on the service (web, another device): the slug only. */
const rename = (id: number, slug: string) =>
  world.service.request('PUT', `/posts/${id}`, { body: { slug } });
/** The record as the service holds it now, by id, wherever its slug is. */
const byId = async (id: number) => {
  const reply = await world.service.request('GET', '/posts?limit=100');
  return (
    reply.json.posts.data as { id: number; slug: string; status: string; content: string }[]
  ).find((p) => p.id === id)!;
};
/** What the writer was told: a conflict to decide, or else where the record is now. */
const outcome = async (d: ReturnType<SyncWorld['device']>, draftId: string, id: number) =>
  d.store.getDraft(draftId)!.conflict !== null ? 'asked (conflict)' : (await byId(id)).slug;

/** A live post at the writer's slug: Unpublish and "Keep published" tried while away, then renamed. */
async function keptPublishedThenRenamed(title: string, slug: string, renamedTo: string) {
  const d = world.device({ attempts: 1 });
  const words = `<p>${title}</p>`;
  const draft = d.store.createDraft(d.publicationId, 'post', { ...published(title, words), slug });
  expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
  const id = d.store.getDraft(draft.id)!.remoteId!;
  away();
  d.store.saveDraft(draft.id, { ...fields(title, words), slug, status: 'draft' });
  expect(await d.engine.flush()).toMatchObject({ failed: 1 });
  d.store.saveDraft(draft.id, { ...published(title, words), slug });
  d.clock.now += 600_000;
  expect(await d.engine.flush()).toMatchObject({ failed: 1 });
  // Meanwhile a colleague fixes the URL: a rename, nothing else. The service is back.
  back();
  expect((await rename(id, renamedTo)).status).toBe(200);
  d.clock.now += 600_000;
  await d.engine.flush();
  expect((await byId(id)).status).toBe('publish');
  return outcome(d, draft.id, id);
}

/** A draft at the writer's slug: a word typed and undone while away, then renamed. */
async function undoneThenRenamed(title: string, slug: string, renamedTo: string) {
  const d = world.device({ attempts: 1 });
  const words = `<p>${title}</p>`;
  const draft = d.store.createDraft(d.publicationId, 'post', { ...fields(title, words), slug });
  expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
  const id = d.store.getDraft(draft.id)!.remoteId!;
  // Away, a word typed and undone: a push is tried, with the words the service has.
  away();
  d.store.saveDraft(draft.id, { ...fields(title, `${words} and`), slug });
  d.store.saveDraft(draft.id, { ...fields(title, words), slug });
  expect(await d.engine.flush()).toMatchObject({ failed: 1 });
  back();
  expect((await rename(id, renamedTo)).status).toBe(200);
  d.clock.now += 600_000;
  await d.engine.flush();
  const result = await outcome(d, draft.id, id);
  // Taken: the draft is theirs too, not the service alone.
  if (result !== 'asked (conflict)') expect(d.store.getDraft(draft.id)!.fields.slug).toBe(result);
  return result;
}

/**
 * A never-published draft whose slug follows its title here (the writer never typed one),
 * renamed; a word typed and taken back before the next round (in step, the rename adopted);
 * then written on.
 */
async function followingThenRenamed(title: string, renamedTo: string) {
  const d = world.device({ attempts: 1 });
  const words = `<p>${title}</p>`;
  const draft = d.store.createDraft(d.publicationId, 'post', fields(title, words));
  expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
  const id = d.store.getDraft(draft.id)!.remoteId!;
  expect((await rename(id, renamedTo)).status).toBe(200);
  d.store.saveDraft(draft.id, fields(title, `${words} and`));
  d.store.saveDraft(draft.id, fields(title, words));
  await d.engine.flush();
  expect(d.store.getDraft(draft.id)!.base!.slug).toBe(renamedTo);
  // The Slug field says so: it no longer follows the title.
  expect(draftView(d.store.getDraft(draft.id)!, d.store, true)).toMatchObject({
    slugFollowsTitle: false,
    slugChosenElsewhere: true,
  });
  d.store.saveDraft(draft.id, fields(title, `${words} and more`));
  await d.engine.flush();
  return outcome(d, draft.id, id);
}

// A slug with a year on it is a name someone chose, not the service's numbering (a review).
describe('a colleague’s rename-only change, to a new slug or to the slug and a year', () => {
  it.each([
    ['Canal walk', 'canal-walk', 'canal-walk-guide'],
    ['Canal path', 'canal-path', 'canal-path-2024'],
  ])(
    '"Keep published" tried while away, nothing held: “%s” keeps its new slug',
    async (title, slug, renamedTo) => {
      // README: a colleague's change met by Keep published, nothing held here, is taken.
      expect(await keptPublishedThenRenamed(title, slug, renamedTo)).toBe(renamedTo);
    },
  );

  it.each([
    ['Lock keeper', 'lock-keeper', 'the-lock-keeper'],
    ['Lock gate', 'lock-gate', 'lock-gate-2024'],
  ])(
    'a push of words that came back to the service’s: “%s” takes the rename, asking nothing',
    async (title, slug, renamedTo) => {
      // Nothing of the writer's to send (typed and undone, nothing sent: review 25's rule), so
      // theirs is taken. It was asked only because the push wrote the base's own words with
      // If-Match, and their refusal counted as words sent (review 30).
      expect(await undoneThenRenamed(title, slug, renamedTo)).toBe(renamedTo);
    },
  );

  it.each([
    ['Night walks', 'walking-at-night'],
    ['Year in review', 'year-in-review-2025'],
  ])(
    'a never-published draft following its title here: “%s” keeps its new slug',
    async (title, renamedTo) => {
      expect(await followingThenRenamed(title, renamedTo)).toBe(renamedTo);
    },
  );

  it('met by the writer’s edit: the conflict shows no slug, and Keep mine moves it back', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Dawn walks', '<p>D</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await rename(id, 'walking-at-dawn')).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Dawn walks', '<p>D, more</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    const now = d.store.getDraft(draft.id)!;
    // What the conflict view lists: the words only, not the colleague's rename.
    const shown = differingFields(now.fields, fieldsOf(now.conflict!));
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    const slug = (await byId(id)).slug;
    // Keep mine overwrites what the writer was shown, the words; the rename, not among them,
    // survives it: the slug is the colleague's, no longer following the title here.
    expect(shown).toEqual(['content']);
    expect(slug).toBe('walking-at-dawn');
    expect((await byId(id)).status).toBe('draft');
  });
});

describe('a title whose slug is cut at 80 characters, numbered', () => {
  it('our own lost update (slug following the title) is ours, not a conflict', async () => {
    const title =
      'Walking the towpath of the old canal from the lock keepers cottage up to the old mill';
    const stem = slugify(title);
    expect(stem.length).toBeGreaterThanOrEqual(79);
    // A colleague's live post holds the title's slug; a deleted one still holds `stem-2`.
    const theirs = await world.service.request('POST', '/posts', { body: { title } });
    expect(theirs.json.post.slug).toBe(stem);
    const gone = await world.service.request('POST', '/posts', { body: { title, content: 'x' } });
    expect(gone.json.post.slug).toBe(`${stem}-2`);
    await world.service.request('DELETE', `/posts/${gone.json.post.id}`);

    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Towpath', '<p>T</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    // The writer names it: its slug follows the title. The update lands; its answer is lost.
    d.store.saveDraft(draft.id, fields(title, '<p>T</p>'));
    world.proxy.setPolicy(({ method }) =>
      method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    // Quire asked for a numbered slug within the service's 80 characters, the stem cut at a
    // word (`stem-2` would be cut back to `stem` and numbered again by the service).
    const numbered =
      'walking-the-towpath-of-the-old-canal-from-the-lock-keepers-cottage-up-to-the-2';
    expect((await byId(id)).slug).toBe(numbered);
    // The writer writes on before the next round.
    d.store.saveDraft(draft.id, fields(title, '<p>T, and on</p>'));
    d.clock.now += 600_000;
    await d.engine.flush();
    expect(await outcome(d, draft.id, id)).toBe(numbered);
  });
});

describe('a create that failed, retitled before it got out', () => {
  it('follows its title once made, as before (the claim was Quire’s, not a colleague’s)', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Working title', '<p>W</p>'));
    // The slug is claimed, the create itself never reaches the service.
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' ? { type: 'reset' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    expect(d.store.getDraft(draft.id)!.claimedSlug).toBe('working-title');
    back();
    // The writer names it before the next round.
    d.store.saveDraft(draft.id, fields('Harbour lights', '<p>W</p>'));
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    // Made under the old claim: Quire's slug, not one a colleague chose.
    expect((await byId(id)).slug).toBe('working-title');
    // The writer writes on: README, a never-published draft's slug follows its title.
    d.store.saveDraft(draft.id, fields('Harbour lights', '<p>W, more</p>'));
    await d.engine.flush();
    const view = draftView(d.store.getDraft(draft.id)!, d.store, true);
    expect({
      slug: await outcome(d, draft.id, id),
      chosenElsewhere: view.slugChosenElsewhere,
    }).toEqual({
      slug: 'harbour-lights',
      chosenElsewhere: undefined,
    });
  });
});

describe('a title-follow rename whose PUT never lands', () => {
  it('leaves the slug following the title (nobody chose another)', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Night walks', '<p>N</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await byId(id)).slug).toBe('night-walks');
    // Retitled; the reads get through, the write does not (connection drops before it lands).
    d.store.saveDraft(draft.id, fields('Dawn walks', '<p>N</p>'));
    world.proxy.setPolicy(({ method }) =>
      method === 'PUT' ? { type: 'reset' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await byId(id)).slug).toBe('night-walks'); // nothing landed, nobody renamed it
    // Meanwhile the Slug field's line already says a colleague chose it.
    const between = draftView(d.store.getDraft(draft.id)!, d.store, true);
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const after = draftView(d.store.getDraft(draft.id)!, d.store, true);
    expect({
      slug: (await byId(id)).slug,
      chosenElsewhereBetween: between.slugChosenElsewhere,
      followsAfter: after.slugFollowsTitle,
    }).toEqual({ slug: 'dawn-walks', chosenElsewhereBetween: undefined, followsAfter: true });
  });
});

describe('a slug the writer typed, sent by an update', () => {
  it('is not shown as chosen on the service', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Breakwater', '<p>H</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    // The writer types a slug in Quire's Slug field.
    d.store.saveDraft(draft.id, { ...fields('Breakwater', '<p>H</p>'), slug: 'breakwater-lights' });
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    expect((await byId(id)).slug).toBe('breakwater-lights');
    const view = draftView(d.store.getDraft(draft.id)!, d.store, true);
    // "Left empty, it stays breakwater-lights: it was set on the service" — it was set here.
    expect(view.slugChosenElsewhere).toBeUndefined();
  });

  it('then emptied: follows the title as one typed at the create does', async () => {
    // Typed at the create: given_slug is the typed slug, emptying the field follows the title.
    const a = world.device({ attempts: 1 });
    const atCreate = a.store.createDraft(a.publicationId, 'post', {
      ...fields('Quay one', '<p>Q</p>'),
      slug: 'quay-typed-one',
    });
    expect(await a.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const idA = a.store.getDraft(atCreate.id)!.remoteId!;
    a.store.saveDraft(atCreate.id, fields('Quay one', '<p>Q</p>'));
    a.store.saveDraft(atCreate.id, fields('Quay one', '<p>Q, more</p>'));
    await a.engine.flush();
    // Typed after the create (update path): given_slug is not touched.
    const b = world.device({ attempts: 1 });
    const later = b.store.createDraft(b.publicationId, 'post', fields('Quay two', '<p>Q</p>'));
    expect(await b.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const idB = b.store.getDraft(later.id)!.remoteId!;
    b.store.saveDraft(later.id, { ...fields('Quay two', '<p>Q</p>'), slug: 'quay-typed-two' });
    expect(await b.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    b.store.saveDraft(later.id, fields('Quay two', '<p>Q</p>'));
    b.store.saveDraft(later.id, fields('Quay two', '<p>Q, more</p>'));
    await b.engine.flush();
    // The same act (type a slug, empty it again) gives the same outcome.
    expect({ atCreate: (await byId(idA)).slug, afterCreate: (await byId(idB)).slug }).toEqual({
      atCreate: 'quay-one',
      afterCreate: 'quay-two',
    });
  });
});

describe('a title-follow rename that lands with its answer lost', () => {
  it('is Quire’s slug once in step: the slug goes on following the title', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Low tide', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    d.store.saveDraft(draft.id, fields('High tide', '<p>L</p>'));
    world.proxy.setPolicy(({ method }) =>
      method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await byId(id)).slug).toBe('high-tide');
    d.clock.now += 600_000;
    await d.engine.flush();
    expect(draftView(d.store.getDraft(draft.id)!, d.store, true)).toMatchObject({
      slugFollowsTitle: true,
    });
    expect(draftView(d.store.getDraft(draft.id)!, d.store, true)).not.toHaveProperty(
      'slugChosenElsewhere',
    );
    d.store.saveDraft(draft.id, fields('Spring tide', '<p>L</p>'));
    await d.engine.flush();
    expect((await byId(id)).slug).toBe('spring-tide');
  });
});

describe('a record made elsewhere, opened here, its Slug field emptied', () => {
  it('keeps the slug its maker chose: Quire gave it none to follow the title', async () => {
    // A colleague's never-published draft, its URL chosen by them on the web.
    const made = await world.service.request('POST', '/posts', {
      body: { title: 'Harbour notes', content: '<p>H</p>' },
    });
    const id = made.json.post.id as number;
    expect((await rename(id, 'notes-from-the-harbour')).status).toBe(200);
    // The writer opens it in Quire (drafts.open → adoptRemote) and adds a line.
    const d = world.device({ attempts: 1 });
    const remote = (await d.api.findBySlug('post', 'notes-from-the-harbour'))!;
    const draft = d.store.adoptRemote(d.publicationId, 'post', remote, remote.etag);
    const view = draftView(d.store.getDraft(draft.id)!, d.store, true);
    d.store.saveDraft(draft.id, fields('Harbour notes', '<p>H, and a line</p>'));
    await d.engine.flush();
    expect({
      slug: await outcome(d, draft.id, id),
      chosenElsewhere: view.slugChosenElsewhere,
    }).toEqual({ slug: 'notes-from-the-harbour', chosenElsewhere: true });
  });
});

describe('a colleague’s rename between our write and its read-back', () => {
  it('is theirs, not the slug Quire gave: the next edit leaves it', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Night ferry', '<p>N</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await byId(id)).slug).toBe('night-ferry');
    // The writer's PUT lands; a colleague's rename lands just after it, before the read-back.
    let armed = true;
    const realUpdate = d.api.update.bind(d.api);
    d.api.update = async (...args: Parameters<typeof realUpdate>) => {
      await realUpdate(...args);
      if (armed) {
        armed = false;
        expect((await rename(id, 'the-night-ferry-to-oban')).status).toBe(200);
      }
    };
    d.store.saveDraft(draft.id, fields('Night ferry', '<p>N, more</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, conflicts: 0 });
    const between = d.store.getDraft(draft.id)!;
    // The writer writes on.
    d.store.saveDraft(draft.id, fields('Night ferry', '<p>N, more and more</p>'));
    await d.engine.flush();
    expect({
      givenSlug: between.givenSlug,
      chosenElsewhere: draftView(between, d.store, true).slugChosenElsewhere,
      slug: await outcome(d, draft.id, id),
    }).toEqual({
      givenSlug: 'night-ferry',
      chosenElsewhere: true,
      slug: 'the-night-ferry-to-oban',
    });
  });
});

describe('a lost answer, then a colleague’s rename only, then the writer writes on', () => {
  it('sends the words on, at their slug: no conflict of the writer’s own words', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Sea glass', '<p>S</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    // The writer's words land; the answer is lost.
    d.store.saveDraft(draft.id, fields('Sea glass', '<p>S, two</p>'));
    world.proxy.setPolicy(({ method }) =>
      method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await byId(id)).content).toBe('<p>S, two</p>');
    // A colleague changes the URL, nothing else. The writer writes on.
    expect((await rename(id, 'collecting-sea-glass')).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Sea glass', '<p>S, two, three</p>'));
    d.clock.now += 600_000;
    await d.engine.flush();
    const now = d.store.getDraft(draft.id)!;
    const shown = now.conflict ? differingFields(now.fields, fieldsOf(now.conflict)) : [];
    // "Theirs" would be '<p>S, two</p>': the writer's own landed words, shown as a colleague's
    // change; the rename, what the colleague did, is not listed.
    expect({ shown, slug: await outcome(d, draft.id, id) }).toEqual({
      shown: [],
      slug: 'collecting-sea-glass',
    });
  });
});

const dropPutAnswers = () =>
  world.proxy.setPolicy(({ method }) =>
    method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
  );
const put = (id: number, body: Record<string, unknown>) =>
  world.service.request('PUT', `/posts/${id}`, { body });
/** What the writer was asked, or where the record is, whether it is live, and its words. */
const landed = async (d: ReturnType<SyncWorld['device']>, draftId: string, id: number) => {
  if (d.store.getDraft(draftId)!.conflict !== null) return 'asked (conflict)';
  const r = await byId(id);
  return `${r.slug} ${r.status} ${r.content}`;
};

describe('own words at a slug set elsewhere: the last words sent only', () => {
  it('a rename-only met by own lost words: the colleague’s slug stays at the NEXT edit too', async () => {
    // The steps of 'a lost answer, then a colleague’s rename only', then one more edit.
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Beach glass', '<p>S</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    d.store.saveDraft(draft.id, fields('Beach glass', '<p>S, two</p>'));
    dropPutAnswers();
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await put(id, { slug: 'collecting-beach-glass' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Beach glass', '<p>S, two, three</p>'));
    d.clock.now += 600_000;
    await d.engine.flush();
    expect((await byId(id)).slug).toBe('collecting-beach-glass');
    const between = d.store.getDraft(draft.id)!;
    d.store.saveDraft(draft.id, fields('Beach glass', '<p>S, two, three, four</p>'));
    await d.engine.flush();
    expect({
      givenSlug: between.givenSlug,
      chosenElsewhere: draftView(between, d.store, true).slugChosenElsewhere,
      slug: (await byId(id)).slug,
    }).toEqual({ givenSlug: 'beach-glass', chosenElsewhere: true, slug: 'collecting-beach-glass' });
  });

  it('a colleague who restores words this client sent, and renames: asked, not overwritten', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Tide table', '<p>v0</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    // Two updates land, both answers lost: v1 then v2 are on the service, both noted as sent.
    // (The second try's fast-path PUT is refused 412 and answered; its full-path PUT lands.)
    let puts = 0;
    world.proxy.setPolicy(({ method }) => {
      if (method !== 'PUT') return { type: 'pass' };
      puts += 1;
      return puts === 2 ? { type: 'pass' } : { type: 'drop-response' };
    });
    d.store.saveDraft(draft.id, fields('Tide table', '<p>v1</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.clock.now += 600_000;
    d.store.saveDraft(draft.id, fields('Tide table', '<p>v2</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await byId(id)).content).toBe('<p>v2</p>');
    // A colleague puts v1 back (v2 was wrong) and moves the URL: not a rename only.
    expect((await put(id, { content: '<p>v1</p>', slug: 'tide-table-corrected' })).status).toBe(
      200,
    );
    // The writer writes on from v2.
    d.store.saveDraft(draft.id, fields('Tide table', '<p>v2, v3</p>'));
    d.clock.now += 600_000;
    await d.engine.flush();
    expect(await landed(d, draft.id, id)).toBe('asked (conflict)');
  });

  it('a colleague who unpublishes and renames, met by Unpublish/Keep published tried offline', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      published('Ferry times', '<p>F</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await byId(id)).status).toBe('publish');
    // Away: Unpublish pressed, tried; taken back with Keep published, tried too (no slug typed).
    away();
    d.store.saveDraft(draft.id, { ...fields('Ferry times', '<p>F</p>'), status: 'draft' });
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.saveDraft(draft.id, published('Ferry times', '<p>F</p>'));
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    // A colleague takes the post down and moves it: status and slug.
    expect((await put(id, { status: 'draft', slug: 'ferry-times-old' })).status).toBe(200);
    d.clock.now += 600_000;
    await d.engine.flush();
    // README: "Anything else (a take-back, the post unpublished, ...) asks."
    expect(await landed(d, draft.id, id)).toBe('asked (conflict)');
  });
});

describe('Keep mine over a rename-only change', () => {
  it('Keep mine over a rename-only: the colleague’s slug stays at the next edit too', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Dusk walks', '<p>D</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await put(id, { slug: 'walking-at-dusk' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Dusk walks', '<p>D, more</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    await d.engine.flush();
    expect((await byId(id)).slug).toBe('walking-at-dusk');
    const between = d.store.getDraft(draft.id)!;
    d.store.saveDraft(draft.id, fields('Dusk walks', '<p>D, more and more</p>'));
    await d.engine.flush();
    expect({
      givenSlug: between.givenSlug,
      slug: (await byId(id)).slug,
    }).toEqual({ givenSlug: 'dusk-walks', slug: 'walking-at-dusk' });
  });
});

const titled = async (title: string) => {
  const reply = await world.service.request('GET', '/posts?limit=100');
  return (reply.json.posts.data as { id: number; slug: string; title: string }[]).filter(
    (p) => p.title === title,
  );
};

describe('a keyed create whose answer is lost, renamed by a colleague before the retry', () => {
  it('keeps the colleague’s slug at the next edit (nothing overwritten unasked)', async () => {
    const d = world.device({ attempts: 1 });
    // A create that went through: this service is now known to honour keys.
    d.store.createDraft(d.publicationId, 'post', fields('Warm up', '<p>w</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    // The new draft's create lands; its answer is lost.
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Pier lamps', '<p>P</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    const [made] = await titled('Pier lamps');
    expect(made!.slug).toBe('pier-lamps');
    // A colleague gives it the URL they want before Quire tries again.
    expect((await rename(made!.id, 'lamps-on-the-pier')).status).toBe(200);
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0, conflicts: 0 });
    const between = d.store.getDraft(draft.id)!;
    // The writer writes on.
    d.store.saveDraft(draft.id, fields('Pier lamps', '<p>P, more</p>'));
    await d.engine.flush();
    expect({
      posts: (await titled('Pier lamps')).length,
      givenSlugKept: between.givenSlug !== null,
      chosenElsewhere: draftView(between, d.store, true).slugChosenElsewhere,
      slug: (await byId(made!.id)).slug,
    }).toEqual({
      posts: 1,
      givenSlugKept: true,
      chosenElsewhere: true,
      slug: 'lamps-on-the-pier',
    });
  });
});

describe('two title-follow renames: the first lands (answer lost), the second never lands', () => {
  it('the slug Quire gave goes on following the title (not taken for a colleague’s)', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Ebb one', '<p>E</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    // Retitled: the rename to `ebb-two` lands, its answer is lost.
    d.store.saveDraft(draft.id, fields('Ebb two', '<p>E</p>'));
    world.proxy.setPolicy(({ method }) =>
      method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    expect((await byId(id)).slug).toBe('ebb-two');
    // Retitled again: the rename to `ebb-three` never reaches the service.
    d.store.saveDraft(draft.id, fields('Ebb three', '<p>E</p>'));
    world.proxy.setPolicy(({ method }) =>
      method === 'PUT' ? { type: 'reset' } : { type: 'pass' },
    );
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    // Quire's own rename; nobody else touched it.
    expect((await byId(id)).slug).toBe('ebb-two');
    d.clock.now += 600_000;
    await d.engine.flush();
    const view = draftView(d.store.getDraft(draft.id)!, d.store, true);
    expect({
      slug: (await byId(id)).slug,
      chosenElsewhere: view.slugChosenElsewhere,
      follows: view.slugFollowsTitle,
    }).toEqual({ slug: 'ebb-three', chosenElsewhere: undefined, follows: true });
  });
});

describe('a keyed create, its answer lost, renamed by a colleague, then written on', () => {
  it('sends the words on at the colleague’s slug: no conflict of the writer’s own words', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'post', fields('Warm up again', '<p>w</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Jetty lamps', '<p>J</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    const [made] = await titled('Jetty lamps');
    expect((await put(made!.id, { slug: 'lamps-on-the-jetty' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Jetty lamps', '<p>J, and more</p>'));
    d.clock.now += 600_000;
    await d.engine.flush();
    expect(d.store.getDraft(draft.id)!.conflict).toBeNull();
    expect(await landed(d, draft.id, made!.id)).toBe('lamps-on-the-jetty draft <p>J, and more</p>');
    expect(await titled('Jetty lamps')).toHaveLength(1);
    // The slug is the colleague's, not one Quire gave: the writer's next edit leaves it.
    d.store.saveDraft(draft.id, fields('Jetty lamps', '<p>J, and more, and on</p>'));
    await d.engine.flush();
    expect((await byId(made!.id)).slug).toBe('lamps-on-the-jetty');
  });
});

describe('the writer’s rename, met by a colleague’s landing between the read and the write', () => {
  it('is asked about, as when the colleague’s came first; not written over at the next edit', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Quay steps', '<p>Q</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    let armed = true;
    const realUpdate = d.api.update.bind(d.api);
    d.api.update = async (...args: Parameters<typeof realUpdate>) => {
      if (armed) {
        armed = false;
        expect((await put(id, { slug: 'the-quay-steps-at-dusk' })).status).toBe(200);
      }
      return realUpdate(...args);
    };
    d.store.saveDraft(draft.id, { ...fields('Quay steps', '<p>Q</p>'), slug: 'quay-steps-walk' });
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    expect(d.store.getDraft(draft.id)!.lastError).toBeNull();
    expect((await byId(id)).slug).toBe('the-quay-steps-at-dusk');
  });
});

// Review 25: the service's copy brought in (Keep theirs, take-theirs, a refresh on opening, a
// Discard) stored the slug Quire gave as the writer's own: the Slug field still said it follows
// the title, yet a retitled draft kept its old URL.
describe('a never-published draft whose slug Quire gave, the service’s copy taken (Keep theirs)', () => {
  it('still follows its title, as its Slug field says', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Net loft', '<p>N</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect(
      (await world.service.request('PUT', `/posts/${id}`, { body: { content: '<p>N.</p>' } }))
        .status,
    ).toBe(200);
    d.store.saveDraft(draft.id, fields('Net loft', '<p>N, mine</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'theirs');
    expect(draftView(d.store.getDraft(draft.id)!, d.store, true).slugFollowsTitle).toBe(true);
    // The writer retitles it, as the field's line invites.
    d.store.saveDraft(draft.id, {
      ...d.store.getDraft(draft.id)!.fields,
      title: 'Net loft at dusk',
    });
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    expect((await byId(id)).slug).toBe('net-loft-at-dusk');
  });
});
