import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../server/testing/harness';
import { holdingRead, openHarness } from './testing/open-harness';
import { stuckWrites } from './testing/late-writes';

// Review U1: Discard edits racing the writer's next press, and a service that never answers.
// Real parts: the reference server behind a fault proxy, real cores with their SQLite stores, a
// second reference server for another publication, the keychain of scripts/with-keyring.sh.
const reads = holdingRead();
const h = openHarness('discard-races');
let other: TestService;
beforeAll(async () => {
  other = await startTestService('discard-races-other');
});
afterAll(() => other.close());

// Discard reads the service, then replaces the draft with what it read, dropping its queued push.
// A save is not held back by that: an Unpublish pressed while the read was on its way was
// queued, said "pending", then thrown away: the post stayed live, Quire said Synced.
describe('Unpublish pressed while a Discard reads the service', () => {
  it('is kept and goes; the Discard is refused, saying why', async () => {
    const { c, publicationId } = await h.coreOnService(reads.through);
    const title = 'Quay notes';
    const { draft: created, post: live } = await h.livePost(
      c,
      publicationId,
      title,
      '<p>Live words.</p>',
    );
    expect(live, 'published').toBeDefined();
    const statusOnService = async () =>
      (await h.service.request('GET', `/posts/${live!.slug}`)).json.post.status as string;
    expect(await statusOnService()).toBe('publish');
    // Edits held on the live post: "Discard edits" is offered.
    const edited = { title, content: '<p>Live words. A held note.</p>', status: 'publish' };
    await h.call(c, 'drafts.save', { draftId: created.id, fields: edited });
    expect((await h.call(c, 'drafts.get', { draftId: created.id })).syncState).toBe('held');

    // Discard pressed; its read of the post is on its way.
    const { release, heldNow } = reads.arm(live!.slug);
    const discarding = c.dispatch('drafts.discard', { draftId: created.id });
    await heldNow;
    // Unpublish pressed meanwhile (the toggle saves the status with the words as they are).
    await h.call(c, 'drafts.save', { draftId: created.id, fields: { ...edited, status: 'draft' } });
    release();
    const discarded = await discarding;
    expect(discarded.ok ? 'discarded' : discarded.error.message).toBe(
      'Not discarded: “Quay notes” changed while its version on the service was read. Your latest words are kept; discard again if you still want to.',
    );
    await h.call(c, 'sync.syncNow');
    const after = await h.call(c, 'drafts.get', { draftId: created.id });
    expect({
      onService: await statusOnService(),
      here: after.fields.status,
      content: after.fields.content,
      syncState: after.syncState,
    }).toEqual({
      onService: 'draft',
      here: 'draft',
      content: '<p>Live words. A held note.</p>',
      syncState: 'synced',
    });
  });
});

// Discard runs inside the engine's hold on every push, of every publication. Its read went
// through the client's four tries, each a whole time limit (15 s in the app): on a service that
// takes the connection and never answers, a Publish pressed on another publication waited a
// minute too.
describe('Discard edits on a service that never answers', () => {
  it('holds back no other publication’s Publish, and is refused after one time limit', async () => {
    // Request time limit 1 s here (15 s in the app).
    const { c, publicationId } = await h.coreOnService(undefined, 1_000);
    const title = 'Breakwater';
    const live = await h.call(c, 'records.create', {
      publicationId,
      kind: 'post',
      fields: { title, content: '<p>Live.</p>', status: 'publish' },
    });
    await h.call(c, 'sync.syncNow');
    const held = { title, content: '<p>Live. Held.</p>', status: 'publish' };
    await h.call(c, 'drafts.save', { draftId: live.id, fields: held });
    expect((await h.call(c, 'drafts.get', { draftId: live.id })).syncState).toBe('held');
    const second = await h.call(c, 'publications.add', {
      baseUrl: other.server.url,
      subdomain: other.subdomain,
      token: other.token,
    });
    const theirs = await h.call(c, 'records.create', {
      publicationId: second.id,
      kind: 'post',
      fields: { title: 'Elsewhere', content: '<p>Other.</p>' },
    });
    await h.call(c, 'sync.syncNow');

    // The first publication's service takes connections and never answers.
    h.proxy.setPolicy(() => ({ type: 'hang' }));
    const started = Date.now();
    const discarding = c.dispatch('drafts.discard', { draftId: live.id }).then((answer) => ({
      said: answer.ok ? 'discarded' : answer.error.message,
      tookMs: Date.now() - started,
    }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Publish pressed on the other publication's post (the toggle saves, then syncs now).
    const pressed = Date.now();
    await h.call(c, 'drafts.save', {
      draftId: theirs.id,
      fields: { title: 'Elsewhere', content: '<p>Other.</p>', status: 'publish' },
    });
    await h.call(c, 'sync.syncNow');
    const publishTook = Date.now() - pressed;
    const { said, tookMs } = await discarding;
    // Sent while the Discard still waited on its service: not held back by it.
    expect(
      pressed + publishTook < started + tookMs,
      `the other service's Publish took ${publishTook} ms; the Discard ${tookMs} ms`,
    ).toBe(true);
    expect({ said, withinTwoTries: tookMs < 2_000 }).toEqual({
      said: 'The service did not answer within 1 s',
      withinTwoTries: true,
    });
    // Nothing lost: the held words stay the draft's.
    expect((await h.call(c, 'drafts.get', { draftId: live.id })).fields.content).toBe(
      '<p>Live. Held.</p>',
    );
  });
});

// Review U2.
// Discard's new first read (retry: false) sits in front of the read that has all its tries.
describe('Discard edits when the first read of the post meets one connection reset', () => {
  it('goes back to the version on the service, as a retried read would', async () => {
    const { c, publicationId } = await h.coreOnService();
    const title = 'Jetty notes';
    const { draft: made, post: live } = await h.livePost(c, publicationId, title, '<p>Live.</p>');
    expect(live, 'published').toBeDefined();
    await h.call(c, 'drafts.save', {
      draftId: made.id,
      fields: { title, content: '<p>Live. Held.</p>', status: 'publish' },
    });
    expect((await h.call(c, 'drafts.get', { draftId: made.id })).syncState).toBe('held');

    // One blip: the first read of the post is reset; everything after passes.
    let blipped = false;
    h.proxy.setPolicy(({ method, url }) => {
      if (!blipped && method === 'GET' && url.includes(`/posts/${live!.slug}`)) {
        blipped = true;
        return { type: 'reset' };
      }
      return { type: 'pass' };
    });
    const answer = await c.dispatch('drafts.discard', { draftId: made.id });
    const after = await h.call(c, 'drafts.get', { draftId: made.id });
    expect({
      said: answer.ok ? 'discarded' : answer.error.message,
      content: after.fields.content,
    }).toEqual({ said: 'discarded', content: '<p>Live.</p>' });
  });
});

// Review U3. Discard (service.ts 'drafts.discard') reads the service and replaces the draft with
// it (store.replaceWithRemote: sent_versions cleared, the push dropped), writing nothing. An
// Update whose tries went unanswered still carries If-Match of that very version: it lands
// after "Discarded", the discarded words live, Quire saying Synced with the old ones.
describe('Discard edits after an Update whose write went unanswered', () => {
  it('the discarded words do not go live later', async () => {
    // Stuck writes dropped after 400 ms; the core's own time limit kept for a loaded machine.
    const writes = stuckWrites({ giveUpAfterMs: 400 });
    const { c, publicationId } = await h.coreOnService(writes.through);
    const title = 'Tide table';
    const { draft: made, post: live } = await h.livePost(c, publicationId, title, '<p>Live.</p>');
    expect(live, 'published').toBeDefined();

    // A held edit, Update pressed: its PUT leaves, and every try of it is stuck on its way.
    const edited = { title, content: '<p>Live. A note I regret.</p>', status: 'publish' };
    await h.call(c, 'drafts.save', { draftId: made.id, fields: edited });
    writes.stick((method) => method === 'PUT');
    await c.dispatch('drafts.update', { draftId: made.id });
    expect(writes.stuckCount).toBeGreaterThan(0);
    writes.release();

    // "Discard edits": the service still holds the live words.
    const answer = await c.dispatch('drafts.discard', { draftId: made.id });
    expect(answer.ok ? 'discarded' : answer.error.message).toBe('discarded');
    const here = await h.call(c, 'drafts.get', { draftId: made.id });
    expect({ content: here.fields.content, state: here.syncState }).toEqual({
      content: '<p>Live.</p>',
      state: 'synced',
    });
    await h.call(c, 'sync.syncNow');

    // The first try of the Update reaches the service only now.
    const landedWith = await writes.landFirst();
    const [after] = await h.postsTitled(title);
    expect(
      { landedWith, onService: after?.content },
      'Quire shows <p>Live.</p>, Synced, the edit discarded',
    ).toEqual({ landedWith: 412, onService: '<p>Live.</p>' });
  });
});

// Review U1's suspicion: Discard went back to a version a colleague had unpublished, and its
// notice said only "Back to the version on X": the writer took the post for live still.
describe('Discard edits after a colleague unpublished the post', () => {
  it('says the version gone back to is off the site; not so for one still live', async () => {
    const { c, publicationId } = await h.coreOnService();
    const heldOn = async (title: string) => {
      const made = await h.call(c, 'records.create', {
        publicationId,
        kind: 'post',
        fields: { title, content: '<p>Live.</p>', status: 'publish' },
      });
      await h.call(c, 'sync.syncNow');
      const fields = { title, content: '<p>Live. Held.</p>', status: 'publish' };
      await h.call(c, 'drafts.save', { draftId: made.id, fields });
      const [post] = await h.postsTitled(title);
      return { draftId: made.id as string, post: post! };
    };
    const unpublished = await heldOn('Slipway notes');
    const put = await h.service.request('PUT', `/posts/${unpublished.post.id}`, {
      body: { status: 'draft' },
    });
    expect(put.status).toBe(200);
    const live = await heldOn('Slipway log');
    const off = await h.call(c, 'drafts.discard', { draftId: unpublished.draftId });
    const on = await h.call(c, 'drafts.discard', { draftId: live.draftId });
    expect({ off: off.offSite, on: on.offSite }).toEqual({ off: true, on: false });
    const back = await h.call(c, 'drafts.get', { draftId: unpublished.draftId });
    expect({ status: back.fields.status, content: back.fields.content }).toEqual({
      status: 'draft',
      content: '<p>Live.</p>',
    });
  });
});
