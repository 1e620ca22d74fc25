import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fields, published, startSyncWorld, type SyncWorld } from '../testing/sync-world';
import { syncStateOf } from '../views';

// Review 30: 372f825 (a push that read before a Delete leaves theirs to it) and
// b40d8bb (words saved take a waiting Delete back): a Delete met by a push in flight, undone;
// words typed and undone meeting a 412. Real parts: the reference server behind the fault proxy,
// a SQLite store.

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('review-30');
});
afterAll(() => world.close());
beforeEach(() => {
  world.proxy.setPolicy(() => ({ type: 'pass' }));
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
async function seen(method: string, from: number): Promise<void> {
  const by = Date.now() + 5_000;
  while (!world.proxy.log.slice(from).some((e) => e.request.method === method) && Date.now() < by)
    await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('"Keep published" push left to a Delete, the Delete then undone', () => {
  it('the draft is not left with its old words as "Edits not live" while readers see theirs', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Smew', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    d.store.saveDraft(draft.id, { ...fields('Smew', '<p>L</p>'), status: 'draft' }); // Unpublish
    d.store.saveDraft(draft.id, published('Smew', '<p>L</p>')); // "Keep published"
    expect((await put(id, { content: '<p>M</p>' })).status).toBe(200);
    world.proxy.setPolicy((r) =>
      r.method === 'GET' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const from = world.proxy.log.length;
    const pushing = d.engine.flush();
    await seen('GET', from);
    d.store.requestDelete(draft.id, 10_000);
    await pushing;
    back();
    // The writer presses Undo within the window.
    expect(d.store.cancelDelete(draft.id)).toBe(true);
    d.clock.now += 11_000;
    await d.engine.flush();
    const after = d.store.getDraft(draft.id)!;
    expect({
      onService: (await byId(id))?.content,
      draft: after.fields.content,
      state: syncStateOf(after, d.store, true),
    }).toEqual({ onService: '<p>M</p>', draft: '<p>M</p>', state: 'synced' });
  });
});

describe('words typed and undone, push left to a Delete, the Delete taken back by a save', () => {
  it('the writer’s later words do not overwrite the colleague’s change unasked', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Scaup', '<p>S</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await put(id, { content: '<p>S, theirs</p>' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Scaup', '<p>S, x</p>'));
    d.store.saveDraft(draft.id, fields('Scaup', '<p>S</p>'));
    world.proxy.setPolicy((r) =>
      r.method === 'GET' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const from = world.proxy.log.length;
    const pushing = d.engine.flush();
    await seen('GET', from);
    d.store.requestDelete(draft.id, 10_000);
    await pushing;
    back();
    d.store.saveDraft(draft.id, fields('Scaup', '<p>S, mine</p>'));
    expect(d.store.hasPendingDelete(draft.id)).toBe(false);
    await d.engine.flush();
    expect({
      onService: (await byId(id))?.content,
      conflict: d.store.getDraft(draft.id)!.conflict?.content ?? null,
    }).toEqual({ onService: '<p>S, theirs</p>', conflict: '<p>S, theirs</p>' });
  });
});

describe('Publish of a new draft whose push is reading when Delete is pressed', () => {
  it('nothing goes live during the undo window', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Goldeneye', '<p>G</p>'));
    world.proxy.setPolicy((r) =>
      r.method === 'GET' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const from = world.proxy.log.length;
    const pushing = d.engine.flush();
    await seen('GET', from);
    d.store.requestDelete(draft.id, 10_000);
    await pushing;
    back();
    // Still inside the undo window: the Delete waits, Undo is on screen.
    expect(d.store.hasPendingDelete(draft.id)).toBe(true);
    const posts = await world.postsTitled('Goldeneye');
    const live = await Promise.all(posts.map((p) => byId(p.id)));
    expect(live.filter((p) => p?.status === 'publish').length).toBe(0);
  });
});

describe('words typed and undone, push left to a Delete, the Delete then undone', () => {
  it('the next round takes theirs', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Eider', '<p>E</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await put(id, { content: '<p>E, theirs</p>' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Eider', '<p>E, x</p>'));
    d.store.saveDraft(draft.id, fields('Eider', '<p>E</p>'));
    world.proxy.setPolicy((r) =>
      r.method === 'GET' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const from = world.proxy.log.length;
    const pushing = d.engine.flush();
    await seen('GET', from);
    d.store.requestDelete(draft.id, 10_000);
    await pushing;
    back();
    expect(d.store.cancelDelete(draft.id)).toBe(true);
    await d.engine.flush();
    const after = d.store.getDraft(draft.id)!;
    expect({ draft: after.fields.content, state: syncStateOf(after, d.store, true) }).toEqual({
      draft: '<p>E, theirs</p>',
      state: 'synced',
    });
  });
});

describe('words typed and undone on a service with ETags, no Delete', () => {
  it('takes theirs, asks nothing', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Merganser', '<p>E</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await put(id, { content: '<p>E, theirs</p>' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Merganser', '<p>E, x</p>'));
    d.store.saveDraft(draft.id, fields('Merganser', '<p>E</p>'));
    await d.engine.flush();
    const after = d.store.getDraft(draft.id)!;
    expect({ draft: after.fields.content, state: syncStateOf(after, d.store, true) }).toEqual({
      draft: '<p>E, theirs</p>',
      state: 'synced',
    });
  });
});

describe('words typed and undone on a service with ETags, the read after the 412 fails once', () => {
  it('takes theirs at the next round, asks nothing', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Bufflehead', '<p>E</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await put(id, { content: '<p>E, theirs</p>' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Bufflehead', '<p>E, x</p>'));
    d.store.saveDraft(draft.id, fields('Bufflehead', '<p>E</p>'));
    // The connection drops after the refused write: the read that follows it fails.
    world.proxy.setPolicy((r) => (r.method === 'GET' ? { type: 'reset' } : { type: 'pass' }));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    const after = d.store.getDraft(draft.id)!;
    expect({ draft: after.fields.content, state: syncStateOf(after, d.store, true) }).toEqual({
      draft: '<p>E, theirs</p>',
      state: 'synced',
    });
  });
});
