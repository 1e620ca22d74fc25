import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteRecord } from '../../shared/model';
import { slugify } from '../../server';
import { fields, startSyncWorld, type Device, type SyncWorld } from './testing/sync-world';
import { draftOfRecord } from './draft-of-record';

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('draft-of-record');
});
afterAll(() => world.close());
beforeEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

const back = () => world.proxy.setPolicy(() => ({ type: 'pass' }));
const byId = async (id: number) => {
  const reply = await world.service.request('GET', '/posts?limit=100');
  return (reply.json.posts.data as { id: number; content: string }[]).find((p) => p.id === id);
};
/** The draft a post opened from the list is, as `drafts.open` finds or adopts it. */
const openFromList = (d: Device, remote: RemoteRecord & { etag?: string }): string =>
  (
    draftOfRecord(d.store, d.publicationId, 'post', remote) ??
    d.store.adoptRemote(d.publicationId, 'post', remote, remote.etag)
  ).id;

// A draft whose create landed with its answer lost has no id, and the post, numbered by the
// service (a deleted post keeps the slug), was listed beside it; opened from the list, a second
// draft was made of it, and the first one's retry could never attach to its post (one draft a
// record): a storage error for good, its words never sent, a Delete of it held behind that push
// (review 37). Opened as `drafts.open` does: the draft of the record, else one adopted.
describe('a create landed unanswered at a numbered slug, the post opened from the list, the retry', () => {
  it('the first draft is not stuck on a storage error: its words reach its post, or it is told', async () => {
    const title = 'Eider down';
    const d = world.device({ attempts: 1 });
    // An older post of that title, deleted: its slug stays reserved on the service.
    const old = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>old</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const oldId = d.store.getDraft(old.id)!.remoteId!;
    expect((await world.service.request('DELETE', `/posts/${oldId}`)).status).toBeLessThan(300);
    // The new post's create lands at `-2`; its answer is lost.
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    const draft = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>E</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    const [made] = await world.postsTitled(title);
    expect(made!.slug).toBe(`${slugify(title)}-2`);
    // The writer opens it from the list (the claim is the unnumbered slug), as `drafts.open` does.
    const remote = (await d.api.findBySlug('post', made!.slug))!;
    expect(openFromList(d, remote)).toBe(draft.id);
    // The writer goes on in the first draft; its retry comes.
    d.store.saveDraft(draft.id, fields(title, '<p>E, and more</p>'));
    d.clock.now += 600_000;
    await d.engine.flush();
    // Rounds go by (past the 5-minute parking each time).
    for (let round = 0; round < 3; round++) {
      d.clock.now += 6 * 60_000;
      await d.engine.flush();
    }
    const now = d.store.getDraft(draft.id)!;
    expect({
      error: now.lastError,
      onService: (await byId(made!.id))?.content,
      posts: (await world.postsTitled(title)).length,
    }).toEqual({ error: null, onService: '<p>E, and more</p>', posts: 1 });
  });

  it('a Delete of the first draft goes: not held behind its failing push for good', async () => {
    const title = 'Eider duckling';
    const d = world.device({ attempts: 1 });
    const old = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>old</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const oldId = d.store.getDraft(old.id)!.remoteId!;
    expect((await world.service.request('DELETE', `/posts/${oldId}`)).status).toBeLessThan(300);
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    const draft = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>E</p>'));
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    const [made] = await world.postsTitled(title);
    const remote = (await d.api.findBySlug('post', made!.slug))!;
    openFromList(d, remote);
    // The writer, seeing the same post twice, deletes the draft that never synced.
    d.store.requestDelete(draft.id, 10_000);
    d.clock.now += 11_000;
    for (let round = 0; round < 4; round++) {
      await d.engine.flush();
      d.clock.now += 6 * 60_000;
    }
    expect({
      draft: d.store.getDraft(draft.id) === undefined ? 'gone' : 'kept',
      ops: d.store
        .allOps()
        .filter((op) => op.draftId === draft.id)
        .map((op) => op.op),
    }).toEqual({ draft: 'gone', ops: [] });
  });
});
