import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  fields,
  published,
  startSyncWorld,
  type SyncWorld,
  type Device,
} from '../testing/sync-world';
import { syncStateOf } from '../views';
import { slugify } from '../../../server';
import type { FlushResult } from './engine';
import { restoreFromTrash as restoreFrom } from '../testing/trash';

// Deletes and conflict choices racing a push in flight: review 29's findings in review 28's fixes
// (dd236b2, 2bf8a9d), then review 30's in review 29's (a Delete met by a push in flight, then
// undone; words typed and undone meeting a 412). Real parts: the reference server behind the
// fault proxy, a SQLite store.

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('review-29');
});
afterAll(() => world.close());
beforeEach(() => {
  world.proxy.setPolicy(() => ({ type: 'pass' }));
  world.proxy.setService({});
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

/** Waits until the proxy has seen a request of this method since `from`. */
async function seen(method: string, from: number): Promise<void> {
  const by = Date.now() + 5_000;
  while (!world.proxy.log.slice(from).some((e) => e.request.method === method) && Date.now() < by)
    await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * A round of sync started and reading the service (its GETs held back 300 ms). Its promise comes
 * wrapped: an async function's returned promise would be awaited with it.
 */
async function roundReading(d: Device): Promise<{ round: Promise<FlushResult> }> {
  world.proxy.setPolicy((r) =>
    r.method === 'GET' ? { type: 'delay', ms: 300 } : { type: 'pass' },
  );
  const from = world.proxy.log.length;
  const pushing = d.engine.flush();
  await seen('GET', from);
  return { round: pushing };
}

/** The Delete's undo window over and a round run: what the service holds, and refusals said. */
async function afterUndoWindow(d: Device, id: number) {
  d.clock.now += 11_000;
  await d.engine.flush();
  return {
    onService: (await byId(id))?.content ?? 'deleted',
    refused: d.events.filter((e) => e.type === 'delete-refused').length,
  };
}

/** A service that sends no ETags (the spec names none): every answer's `ETag` dropped. */
function noEtags(d: Device): void {
  const api = d.api as unknown as { fetchImpl: typeof fetch };
  const real = api.fetchImpl;
  api.fetchImpl = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const response = await real(input, init);
    const headers = new Headers(response.headers);
    headers.delete('etag');
    return new Response(await response.arrayBuffer(), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }) as typeof fetch;
}

// A: the conflict shown at the press is compared by time and words (`theirVersion`), while a
// choice is compared by words (service.ts sameVersion). A colleague saving the version shown
// unchanged (or trashing and restoring it) moves only its time: the Delete is refused, "changed
// on the service since you last saw it", over the very words the writer was looking at.
describe('Delete pressed on a conflict, theirs saved again unchanged before it goes', () => {
  it('deletes: the writer saw those words', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Garganey', '<p>G</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await put(id, { content: '<p>G, theirs</p>' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Garganey', '<p>G, mine</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    const shown = d.store.getDraft(draft.id)!.conflict!;
    // The writer, looking at theirs, presses Delete; the colleague saves theirs unchanged.
    d.store.requestDelete(draft.id, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await put(id, { content: '<p>G, theirs</p>' })).status).toBe(200);
    expect((await byId(id))!.content).toBe(shown.content);
    expect(await afterUndoWindow(d, id)).toEqual({ onService: 'deleted', refused: 0 });
  });
});

// B: review 28 kept with a Delete the conflict shown at its press, but not the version the
// draft showed: a push in flight at the press that takes theirs without asking (words typed and
// undone, nothing to send) puts the colleague's change into the draft after the press, and the
// Delete, meeting a draft in step with it, trashes it unseen.
describe('Delete pressed while a push of words typed and undone reads the service', () => {
  it('a colleague’s change that push takes after the press is not trashed unseen', async () => {
    const d = world.device({ attempts: 1 });
    noEtags(d);
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Shoveler', '<p>S</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    // A colleague's day of work, not yet seen here.
    expect((await put(id, { content: '<p>S, a day of theirs</p>' })).status).toBe(200);
    // A word typed and taken out again: a push is queued, with nothing of the writer's in it.
    d.store.saveDraft(draft.id, fields('Shoveler', '<p>S, x</p>'));
    d.store.saveDraft(draft.id, fields('Shoveler', '<p>S</p>'));
    const { round: pushing } = await roundReading(d);
    // The writer, looking at their own words (no conflict shown), presses Delete meanwhile.
    expect(d.store.getDraft(draft.id)!.conflict).toBeNull();
    expect(d.store.getDraft(draft.id)!.fields.content).toBe('<p>S</p>');
    d.store.requestDelete(draft.id, 10_000);
    await pushing;
    back();
    // That push would have taken theirs after the press, asking nothing (the writer never saw
    // it): it leaves it to the Delete, the draft as the writer saw it.
    expect(d.store.getDraft(draft.id)!.fields.content).toBe('<p>S</p>');
    expect(d.store.getDraft(draft.id)!.conflict).toBeNull();
    expect(await afterUndoWindow(d, id)).toEqual({
      onService: '<p>S, a day of theirs</p>',
      refused: 1,
    });
  });
});

// C: review 28 refused Keep theirs while a push writes only for a post shown deleted. A push of
// a draft in an ordinary conflict writes too when the service holds the base's words again (a
// colleague undid their change: `unchangedSince` by words). Keep theirs taken while that write
// is on its way replaces the draft with the version shown; the write lands the writer's words,
// the draft is then unsent against them, and the next round writes the colleague's older
// version over their newer one: Keep theirs writing to the service.
describe('Keep theirs on an ordinary conflict while a push writes the writer’s words', () => {
  it('writes nothing after the choice: the colleague’s latest is not replaced by their older version', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Pintail', '<p>P</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await put(id, { content: '<p>P, theirs</p>' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Pintail', '<p>P, mine</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    // The colleague undoes their change: the base's words again.
    expect((await put(id, { content: '<p>P</p>' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Pintail', '<p>P, mine, more</p>'));
    world.proxy.setPolicy((r) =>
      r.method === 'PUT' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const from = world.proxy.log.length;
    const pushing = d.engine.flush();
    await seen('PUT', from);
    // Still shown: theirs as "P, theirs". The writer keeps theirs.
    expect(d.store.getDraft(draft.id)!.conflict!.content).toBe('<p>P, theirs</p>');
    let refused: unknown;
    const atChoice = world.proxy.log.length;
    try {
      d.engine.resolve(draft.id, 'theirs');
    } catch (error) {
      refused = error;
    }
    await pushing.catch(() => undefined);
    // Refused while the writer's words are on their way, to be chosen again once they land.
    expect(refused instanceof Error ? refused.message : refused).toMatch(
      /being sent to this post right now/,
    );
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    const puts = world.proxy.log.slice(atChoice).filter((e) => e.request.method === 'PUT');
    // Taken or refused (as on a post shown deleted), Keep theirs writes nothing of its own: the
    // colleague's latest ("P", their undo) is never replaced by their older "P, theirs".
    expect({
      writesAfterChoice: puts.length,
      onService: (await byId(id))?.content,
    }).toEqual({
      writesAfterChoice: 0,
      onService: '<p>P, mine, more</p>',
    });
  });
});

// C, second window: the same choice made while that push is still reading. The push decided to
// write before the choice and writes after it (nothing checks `resolvedSince` before a write, and
// the draft is still there for `noteSent`), so no refusal at `writing` can cover it: the
// writer's words, just discarded, go to the service, then theirs (the older) over the colleague's.
describe('Keep theirs on an ordinary conflict while a push that will write is reading', () => {
  it('the push writes nothing after the choice', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Wigeon', '<p>W</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await put(id, { content: '<p>W, theirs</p>' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Wigeon', '<p>W, mine</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    expect((await put(id, { content: '<p>W</p>' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields('Wigeon', '<p>W, mine, more</p>'));
    const { round: pushing } = await roundReading(d);
    const atChoice = world.proxy.log.length;
    d.engine.resolve(draft.id, 'theirs'); // taken: nothing is writing yet
    await pushing.catch(() => undefined);
    back();
    d.clock.now += 600_000;
    await d.engine.flush();
    const puts = world.proxy.log
      .slice(atChoice)
      .filter((e) => e.request.method === 'PUT')
      .map((e) => e.request.method);
    expect({ writesAfterChoice: puts.length, onService: (await byId(id))?.content }).toEqual({
      writesAfterChoice: 0,
      onService: '<p>W</p>',
    });
  });
});

// B on a service with ETags (the reference server): "Keep published" met by a colleague's edit
// takes theirs without asking (README; pins-edges "Tar yard"). Delete pressed while that push
// reads: taken after the press, and trashed.
describe('Delete pressed while a "Keep published" push reads a colleague’s edit', () => {
  it('the colleague’s edit, taken after the press unasked, is not trashed unseen', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Teal', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    d.store.saveDraft(draft.id, { ...fields('Teal', '<p>L</p>'), status: 'draft' }); // Unpublish
    d.store.saveDraft(draft.id, published('Teal', '<p>L</p>')); // "Keep published"
    expect((await put(id, { content: '<p>M</p>' })).status).toBe(200);
    const { round: pushing } = await roundReading(d);
    expect(d.store.getDraft(draft.id)!.fields.content).toBe('<p>L</p>');
    d.store.requestDelete(draft.id, 10_000);
    await pushing;
    back();
    // Not taken after the press: left to the Delete.
    expect(d.store.getDraft(draft.id)!.fields.content).toBe('<p>L</p>');
    expect(await afterUndoWindow(d, id)).toEqual({ onService: '<p>M</p>', refused: 1 });
  });
});

// Review 30.
describe('"Keep published" push left to a Delete, the Delete then undone', () => {
  it('the draft is not left with its old words as "Edits not live" while readers see theirs', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', published('Smew', '<p>L</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    d.store.saveDraft(draft.id, { ...fields('Smew', '<p>L</p>'), status: 'draft' }); // Unpublish
    d.store.saveDraft(draft.id, published('Smew', '<p>L</p>')); // "Keep published"
    expect((await put(id, { content: '<p>M</p>' })).status).toBe(200);
    const { round: pushing } = await roundReading(d);
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
    const { round: pushing } = await roundReading(d);
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
    const { round: pushing } = await roundReading(d);
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
    const { round: pushing } = await roundReading(d);
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

describe('words typed and undone on a service with ETags, a colleague’s change on it', () => {
  it.each([
    ['Merganser', 'no failure', false],
    ['Bufflehead', 'the read after the write failing once', true],
  ])('%s, %s: takes theirs, asks nothing', async (title, _, readFails) => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields(title, '<p>E</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await put(id, { content: '<p>E, theirs</p>' })).status).toBe(200);
    d.store.saveDraft(draft.id, fields(title, '<p>E, x</p>'));
    d.store.saveDraft(draft.id, fields(title, '<p>E</p>'));
    if (readFails) {
      // The connection drops: the read fails, and the next round meets the service again.
      world.proxy.setPolicy((r) => (r.method === 'GET' ? { type: 'reset' } : { type: 'pass' }));
      expect(await d.engine.flush()).toMatchObject({ failed: 1 });
      back();
      d.clock.now += 600_000;
    }
    await d.engine.flush();
    const after = d.store.getDraft(draft.id)!;
    expect({ draft: after.fields.content, state: syncStateOf(after, d.store, true) }).toEqual({
      draft: '<p>E, theirs</p>',
      state: 'synced',
    });
  });
});

// Review 31: review 30 held a write while a Delete waits, but a create had claimed its slug
// first (the Delete, due, then made it to trash it: a slug used up), and a write reaching the
// service after the undo window was over went (a Publish live on its way to the trash).
describe('a new draft whose first push reads when Delete is pressed, the Delete not undone', () => {
  it('is never made on the service, and its slug stays free for the next post of that title', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      fields('Harlequin duck', '<p>G</p>'),
    );
    const from = world.proxy.log.length;
    const { round } = await roundReading(d);
    d.store.requestDelete(draft.id, 10_000);
    await round;
    back();
    d.clock.now += 11_000;
    await d.engine.flush();
    expect(d.store.getDraft(draft.id)).toBeUndefined();
    const writes = world.proxy.log
      .slice(from)
      .filter((e) => e.request.method !== 'GET')
      .map((e) => `${e.request.method} ${e.request.url}`);
    expect(writes).toEqual([]);
    const again = d.store.createDraft(
      d.publicationId,
      'post',
      fields('Harlequin duck', '<p>G2</p>'),
    );
    await d.engine.flush();
    expect((await byId(d.store.getDraft(again.id)!.remoteId!))?.slug).toBe('harlequin-duck');
  });
});

describe('Publish of a retitled draft whose push reads past the Delete’s undo window', () => {
  it('the post deleted by the writer never goes live on its way to the trash', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Goldeneye', '<p>P</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    // Retitled and published in one press (the slug follows the title: the full path reads).
    d.store.saveDraft(draft.id, published('Goldeneye at dusk', '<p>P</p>'));
    const from = world.proxy.log.length;
    let liveSeen = false;
    const watch = setInterval(() => {
      void byId(id).then((post) => {
        if (post?.status === 'publish') liveSeen = true;
      });
    }, 5);
    const { round } = await roundReading(d);
    d.store.requestDelete(draft.id, 10_000);
    // The service is slow: the undo window ends while the push still reads.
    d.clock.now += 11_000;
    await round;
    clearInterval(watch);
    back();
    await d.engine.flush();
    const writes = world.proxy.log
      .slice(from)
      .filter((e) => e.request.method !== 'GET')
      .map((e) => e.request.method);
    expect(d.store.getDraft(draft.id)).toBeUndefined();
    expect({ writes, liveSeen }).toEqual({ writes: ['DELETE'], liveSeen: false });
  });

  it('control: a staged Publish of a new draft, its first write on its way at the Delete, then Undo, goes live in step', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', {
      ...published('Long-tailed duck', '<p>W</p>'),
      slug: 'long-tailed-own',
    });
    world.proxy.setPolicy((r) =>
      r.method === 'POST' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const from = world.proxy.log.length;
    const pushing = d.engine.flush();
    await seen('POST', from);
    d.store.requestDelete(draft.id, 10_000);
    await pushing;
    back();
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await byId(id))?.status).toBe('draft');
    expect(d.store.cancelDelete(draft.id)).toBe(true);
    await d.engine.flush();
    const after = d.store.getDraft(draft.id)!;
    expect({
      status: (await byId(id))?.status,
      slug: (await byId(id))?.slug,
      state: syncStateOf(after, d.store, true),
    }).toEqual({ status: 'publish', slug: 'long-tailed-own', state: 'synced' });
  });
});

const writesSince = (from: number) =>
  world.proxy.log
    .slice(from)
    .filter((e) => e.request.method !== 'GET')
    .map((e) => `${e.request.method} ${e.request.url}`);

const unreachable = () =>
  Promise.reject(
    new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ENETUNREACH'), {
        code: 'ENETUNREACH',
        syscall: 'connect',
      }),
    }),
  );

// Review 32. First, in review 31's fix: review 31 held a create whose Delete is pending and not yet due (no claim, nothing made).
// The same push, its reads slow enough that the undo window ends on the way, takes the Delete
// for one that needs the create first (`deleting`), and makes a post it never made before, only
// to trash it: the slug used up, as review 31 found.
describe('a new draft’s first push reading while Delete is pressed, the undo window ending on its way', () => {
  it('is never made on the service, and its slug stays free', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Ruddy duck', '<p>R</p>'));
    const from = world.proxy.log.length;
    const { round } = await roundReading(d);
    d.store.requestDelete(draft.id, 10_000);
    d.clock.now += 11_000; // the service is slow: the window ends while the push reads
    await round;
    back();
    await d.engine.flush();
    expect(d.store.getDraft(draft.id)).toBeUndefined();
    const writes = writesSince(from);
    const again = d.store.createDraft(d.publicationId, 'post', fields('Ruddy duck', '<p>R2</p>'));
    await d.engine.flush();
    expect({
      writes,
      slug: (await byId(d.store.getDraft(again.id)!.remoteId!))?.slug,
    }).toEqual({ writes: [], slug: 'ruddy-duck' });
  });
});

// A create that never left this computer (the network gone between the slug's check and the
// POST) keeps its claim; deleted, the due SQL sends that "push first", which makes the post to
// trash it, though nothing of it could have landed (sentVersions empty).
describe('a new draft whose create never left the machine, then deleted', () => {
  it('is never made on the service, and its slug stays free', async () => {
    const d = world.device({ attempts: 1 });
    const api = d.api as unknown as { fetchImpl: typeof fetch };
    const online = api.fetchImpl;
    api.fetchImpl = ((url: string, init?: RequestInit) =>
      init?.method === 'POST' ? unreachable() : online(url, init)) as typeof fetch;
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      fields('Hooded merganser', '<p>H</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    expect(d.store.getDraft(draft.id)!.sentVersions).toEqual([]);
    // Nothing of it can have landed: its claim goes (it was kept, and taken for a lost answer).
    expect(d.store.getDraft(draft.id)!.claimedSlug).toBeNull();
    d.store.requestDelete(draft.id, 10_000);
    api.fetchImpl = online;
    d.clock.now += 600_000;
    const from = world.proxy.log.length;
    await d.engine.flush();
    await d.engine.flush();
    expect(d.store.getDraft(draft.id)).toBeUndefined();
    const writes = writesSince(from);
    const again = d.store.createDraft(
      d.publicationId,
      'post',
      fields('Hooded merganser', '<p>H2</p>'),
    );
    await d.engine.flush();
    expect({
      writes,
      slug: (await byId(d.store.getDraft(again.id)!.remoteId!))?.slug,
    }).toEqual({ writes: [], slug: 'hooded-merganser' });
  });
});

/**
 * A create with the writer's own slug whose answer was lost (on a service known to honour keys),
 * the post renamed by a colleague since; the retry's time come.
 */
async function createRenamedAfterItLanded(title: string) {
  const d = world.device({ attempts: 1 });
  d.store.createDraft(d.publicationId, 'post', fields(`Warm up for ${title}`, '<p>w</p>'));
  expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
  world.proxy.setPolicy(({ method }) =>
    method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
  );
  const slug = slugify(title);
  const mine = { ...fields(title, `<p>${title[0]}</p>`), slug: `${slug}-notes` };
  const draft = d.store.createDraft(d.publicationId, 'post', mine);
  expect(await d.engine.flush()).toMatchObject({ failed: 1 });
  back();
  const [made] = await world.postsTitled(title);
  expect((await put(made!.id, { slug: `the-${slug}` })).status).toBe(200);
  d.clock.now += 600_000;
  return { d, draft, made: made! };
}

// A conflict met by a create (its key's replay at a colleague's slug) leaves the draft with no
// remote id: a Delete the writer presses looking at that conflict (theirs: the post on the
// service) removes the draft and sends nothing. The post stays on the service, out of Quire's
// sight.
describe('Delete pressed on a conflict met by a create’s replay (renamed by a colleague)', () => {
  it('deletes the post the conflict showed, not only the draft', async () => {
    const { d, draft, made } = await createRenamedAfterItLanded('Canvasback');
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    const shown = d.store.getDraft(draft.id)!;
    expect(shown.conflict?.id).toBe(made!.id);
    expect(shown.remoteId).toBeNull();
    // The writer, looking at the conflict, deletes the post.
    d.store.requestDelete(draft.id, 10_000);
    d.clock.now += 11_000;
    await d.engine.flush();
    const onService = await byId(made!.id);
    expect({
      draftKept: d.store.getDraft(draft.id) !== undefined,
      postOnService: onService ? onService.slug : 'deleted',
    }).toEqual({ draftKept: false, postOnService: 'deleted' });
  });
});

// Words saved into a post while its Delete waits take the Delete back (the writer is plainly
// still working in it); so does a Publish (a save). An Update pressed for held edits, opened from
// the search in the undo window (before b40d8bb left it out of search), did not: its push held,
// the Delete trashed the post the writer had just asked to update.
describe('Update pressed on a live post, opened again while its Delete waits', () => {
  it('the Update is not lost to the Delete: the post stays, with the words pressed for', async () => {
    const d = world.device({ attempts: 1 });
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      published('Surf scoter', '<p>S</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    d.store.saveDraft(draft.id, published('Surf scoter', '<p>S, better</p>')); // held: Edits not live
    d.store.requestDelete(draft.id, 10_000);
    // Opened from the search, the writer presses "Update on X".
    d.store.requestPush(draft.id);
    await d.engine.flush();
    d.clock.now += 11_000;
    await d.engine.flush();
    const post = await byId(id);
    expect({
      onService: post?.content ?? 'deleted',
      draftKept: d.store.getDraft(draft.id) !== undefined,
    }).toEqual({
      onService: '<p>S, better</p>',
      draftKept: true,
    });
  });
});

describe('Delete pressed while a create’s replay is on its way, the post renamed by a colleague', () => {
  it('the conflict it then shows was not seen: the post is not trashed, the writer told', async () => {
    const { d, draft, made } = await createRenamedAfterItLanded('Redhead');
    // The retry's replay is on its way when the writer, seeing no conflict, presses Delete.
    world.proxy.setPolicy((r) =>
      r.method === 'POST' ? { type: 'delay', ms: 300 } : { type: 'pass' },
    );
    const from = world.proxy.log.length;
    const pushing = d.engine.flush();
    await seen('POST', from);
    d.store.requestDelete(draft.id, 10_000);
    await pushing;
    back();
    expect(d.store.getDraft(draft.id)!.conflict?.id).toBe(made!.id);
    expect(await afterUndoWindow(d, made!.id)).toEqual({ onService: '<p>R</p>', refused: 1 });
  });
});

// Review 33, in review 32's fix. A Keep-mine-on-deletion draft's sent list held an old Update's
// words (its answer lost): no create was ever tried, but one was taken to have maybe landed.
describe('Keep mine on a post deleted by a colleague, then Delete pressed while its create reads', () => {
  it('makes no post on the service only to trash it', async () => {
    const d = world.device({ attempts: 1, timeoutMs: 500 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Baikal teal', '<p>S</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    d.store.saveDraft(draft.id, fields('Baikal teal', '<p>S2</p>'));
    world.proxy.setPolicy(({ method }) =>
      method === 'PUT' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    expect((await world.service.request('DELETE', `/posts/${id}`)).status).toBeLessThan(300);
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    const gone = d.store.getDraft(draft.id)!;
    expect(gone.conflict?.id).toBe(-1);
    expect(gone.sentVersions.length).toBeGreaterThan(0);
    d.engine.resolve(draft.id, 'mine');
    const from = world.proxy.log.length;
    const { round } = await roundReading(d);
    d.store.requestDelete(draft.id, 10_000);
    d.clock.now += 11_000;
    await round;
    back();
    await d.engine.flush();
    await d.engine.flush();
    expect(d.store.getDraft(draft.id)).toBeUndefined();
    expect(writesSince(from)).toEqual([]);
  });
});

describe('control: Keep mine on a post deleted by a colleague, no lost Update, then Delete', () => {
  it('makes nothing', async () => {
    const d = world.device({ attempts: 1, timeoutMs: 500 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Falcated duck', '<p>S</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    expect((await world.service.request('DELETE', `/posts/${id}`)).status).toBeLessThan(300);
    d.store.saveDraft(draft.id, fields('Falcated duck', '<p>S2</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    expect(d.store.getDraft(draft.id)!.sentVersions).toEqual([]);
    d.engine.resolve(draft.id, 'mine');
    const from = world.proxy.log.length;
    const { round } = await roundReading(d);
    d.store.requestDelete(draft.id, 10_000);
    d.clock.now += 11_000;
    await round;
    back();
    await d.engine.flush();
    expect(d.store.getDraft(draft.id)).toBeUndefined();
    expect(writesSince(from)).toEqual([]);
  });
});

// Keep theirs on a replay's conflict kept the claim (replaceWithRemote clears the sent list, not
// the claim); the post deleted by a colleague, Keep mine: no remote id, the claim kept, nothing
// noted as sent. Delete pressed: the due SQL sent the push first (a claim), which held for the
// Delete (nothing may have landed), every round, for good. Keep mine on a deleted post now starts
// a new create (no claim, nothing sent), and the SQL asks for something sent too.
describe('Delete of a draft kept over its deletion, its claim left from a replay’s conflict', () => {
  it('goes: the draft is deleted, not held behind its push for good', async () => {
    const { d, draft, made } = await createRenamedAfterItLanded('Marbled duck');
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'theirs');
    expect((await world.service.request('DELETE', `/posts/${made.id}`)).status).toBeLessThan(300);
    d.store.saveDraft(draft.id, { ...d.store.getDraft(draft.id)!.fields, content: '<p>B2</p>' });
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    const kept = d.store.getDraft(draft.id)!;
    expect({ remoteId: kept.remoteId, sent: kept.sentVersions, claim: kept.claimedSlug }).toEqual({
      remoteId: null,
      sent: [],
      // Dropped (review 35): kept, the old create's claim and words read as a try of the new
      // create, and a Delete after Keep mine made a post to trash it.
      claim: null,
    });
    d.store.requestDelete(draft.id, 10_000);
    d.clock.now += 11_000;
    for (let round = 0; round < 3; round++) await d.engine.flush();
    expect({
      draftKept: d.store.getDraft(draft.id) !== undefined,
      ops: d.store.allOps().map((op) => op.op),
    }).toEqual({ draftKept: false, ops: [] });
  });
});

// The post a replay's conflict showed, deleted by the writer's Delete: removeDraft drops the
// cached copy only for a draft with a remote id, so the deleted post stays in offline browsing.
describe('Delete on a replay’s conflict, the post once listed here', () => {
  it('drops the deleted post from the offline copy', async () => {
    const { d, draft, made } = await createRenamedAfterItLanded('Cotton pygmy goose');
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    const listed = await d.api.getBySlug('post', 'the-cotton-pygmy-goose');
    d.store.cachePage(
      { publicationId: d.publicationId, kind: 'post', draftsOnly: false, page: 1, perPage: 20 },
      { total: 1, perPage: 20, currentPage: 1, lastPage: 1 } as never,
      [listed],
    );
    d.store.requestDelete(draft.id, 10_000);
    d.clock.now += 11_000;
    await d.engine.flush();
    expect(d.store.getDraft(draft.id)).toBeUndefined();
    expect(d.store.cachedRecord(d.publicationId, 'post', made.id)).toBeUndefined();
  });
});

describe('the same, Keep mine pressed offline, then Delete, then back online', () => {
  it('the Delete goes once online', async () => {
    const { d, draft, made } = await createRenamedAfterItLanded('Blue-billed duck');
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'theirs');
    expect((await world.service.request('DELETE', `/posts/${made.id}`)).status).toBeLessThan(300);
    d.store.saveDraft(draft.id, { ...d.store.getDraft(draft.id)!.fields, content: '<p>L2</p>' });
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    const api = d.api as unknown as { fetchImpl: typeof fetch };
    const online = api.fetchImpl;
    api.fetchImpl = (() =>
      Promise.reject(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ENETUNREACH'), {
            code: 'ENETUNREACH',
            syscall: 'connect',
          }),
        }),
      )) as typeof fetch;
    d.engine.resolve(draft.id, 'mine');
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    d.store.requestDelete(draft.id, 10_000);
    api.fetchImpl = online;
    d.clock.now += 600_000;
    for (let i = 0; i < 4; i++) await d.engine.flush();
    expect({
      draftKept: d.store.getDraft(draft.id) !== undefined,
      ops: d.store.allOps().map((op) => op.op),
    }).toEqual({ draftKept: false, ops: [] });
  });
});

const restoreFromTrash = (id: number) => restoreFrom(world.service, id);

// Review 34, in review 33's fix: Keep mine on a deleted post dropped a landed create's own claim
// and words, which are what tell that post, restored by a colleague, as the writer's.
describe('a keyed create landed unanswered, written on, trashed by a colleague (410), Keep mine, then restored untouched', () => {
  it('the restored post (the writer’s own words) gets the writer’s edit, no conflict asked', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'post', fields('Warm up r34a', '<p>w</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      fields('Northern gannet', '<p>A</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    const [made] = await world.postsTitled('Northern gannet');
    expect(made!.content).toBe('<p>A</p>');
    // The writer goes on writing; a colleague trashes the stray-looking post, untouched.
    d.store.saveDraft(draft.id, fields('Northern gannet', '<p>A, more</p>'));
    await world.service.request('DELETE', `/posts/${made!.id}`);
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    restoreFromTrash(made!.id);
    await d.engine.flush();
    const now = d.store.getDraft(draft.id)!;
    const titled = await world.postsTitled('Northern gannet');
    expect({
      ids: titled.map((p) => p.id),
      content: (await byId(made!.id))?.content,
      conflict: now.conflict?.content ?? null,
    }).toEqual({ ids: [made!.id], content: '<p>A, more</p>', conflict: null });
  });
});

describe('the same, Delete pressed after Keep mine, once the colleague restored the post', () => {
  it('deletes the restored post (the writer’s own words), no refusal', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'post', fields('Warm up r34b', '<p>w</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    const draft = d.store.createDraft(
      d.publicationId,
      'post',
      fields('Manx shearwater', '<p>A</p>'),
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    const [made] = await world.postsTitled('Manx shearwater');
    d.store.saveDraft(draft.id, fields('Manx shearwater', '<p>A, more</p>'));
    await world.service.request('DELETE', `/posts/${made!.id}`);
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    restoreFromTrash(made!.id);
    d.store.requestDelete(draft.id, 0);
    d.clock.now += 1_000;
    await d.engine.flush();
    expect({
      draft: d.store.getDraft(draft.id) === undefined ? 'gone' : 'kept',
      onService: (await byId(made!.id))?.content ?? 'deleted',
      refused: d.events.filter((e) => e.type === 'delete-refused').length,
    }).toEqual({ draft: 'gone', onService: 'deleted', refused: 0 });
  });
});

// Review 34: Keep mine on a deleted post remembered one deleted record. Pressed a second time
// (its first create landed unanswered and was trashed too), it remembered only that second one,
// so the original, restored by a colleague, got a new post made beside it.
describe('Keep mine twice (its create landed unanswered and trashed too), then the original restored', () => {
  it('meets the restored original, no second post beside it', async () => {
    const d = world.device({ attempts: 1 });
    d.store.createDraft(d.publicationId, 'post', fields('Warm up razorbill', '<p>w</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1, failed: 0 });
    const draft = d.store.createDraft(d.publicationId, 'post', fields('Razorbill', '<p>R</p>'));
    expect(await d.engine.flush()).toMatchObject({ done: 1 });
    const id = d.store.getDraft(draft.id)!.remoteId!;
    await world.service.request('DELETE', `/posts/${id}`);
    d.store.saveDraft(draft.id, fields('Razorbill', '<p>R, more</p>'));
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    world.proxy.setPolicy(({ method }) =>
      method === 'POST' ? { type: 'drop-response' } : { type: 'pass' },
    );
    expect(await d.engine.flush()).toMatchObject({ failed: 1 });
    back();
    const again = (await world.postsTitled('Razorbill')).find((p) => p.id !== id)!;
    await world.service.request('DELETE', `/posts/${again.id}`);
    d.clock.now += 600_000;
    expect(await d.engine.flush()).toMatchObject({ conflicts: 1 });
    d.engine.resolve(draft.id, 'mine');
    restoreFromTrash(id);
    await d.engine.flush();
    const titled = await world.postsTitled('Razorbill');
    expect(titled.map((p) => ({ id: p.id, content: p.content }))).toEqual([
      { id, content: '<p>R, more</p>' },
    ]);
    expect(d.store.getDraft(draft.id)).toMatchObject({ remoteId: id, conflict: null });
  });
});
