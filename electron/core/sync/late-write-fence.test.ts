import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { syncStateOf } from '../views';
import { limboWorld } from '../testing/late-writes';

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
