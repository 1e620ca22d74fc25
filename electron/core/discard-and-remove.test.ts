import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../server/testing/harness';
import { KeytarCredentialStore, type CredentialStore } from './credentials';
import { createCore, type Core } from './service';

// Real parts: the reference server, the OS keychain (a throwaway one under
// scripts/with-keyring.sh), and a real SQLite store in a temp data folder.
let service: TestService;
const credentials = new KeytarCredentialStore(`Quire discard test ${randomUUID()}`);
const cores: { core: Core; dir: string }[] = [];

beforeAll(async () => {
  service = await startTestService('discard-remove');
});
afterAll(() => service.close());
afterEach(async () => {
  for (const { core, dir } of cores.splice(0)) {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function core(): Promise<Core> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-discard-'));
  const made = await createCore({
    dataDir: dir,
    credentials,
    version: '0.0.0-test',
    embedded: false,
    syncIntervalMs: 60_000,
  });
  cores.push({ core: made, dir });
  return made;
}

async function call(c: Core, name: string, input: unknown = {}): Promise<any> {
  const envelope = await c.dispatch(name, input);
  if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), envelope.error);
  return envelope.value;
}

const addPublication = (c: Core) =>
  call(c, 'publications.add', {
    baseUrl: service.server.url,
    subdomain: service.subdomain,
    token: service.token,
  });

describe('removing a publication with nothing unsynced', () => {
  it('is refused, the token kept, when a save lands while the keychain works', async () => {
    const c = await core();
    const publication = await addPublication(c);
    const draft = await call(c, 'records.create', {
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Race with removal', content: '<p>synced words</p>' },
    });
    await call(c, 'sync.syncNow');
    expect((await call(c, 'publications.list'))[0].pendingChanges).toBe(0);
    const removing = c.dispatch('publications.remove', { id: publication.id });
    const saved = await c.dispatch('drafts.save', {
      draftId: draft.id,
      fields: { title: 'Race with removal', content: '<p>a new paragraph, acknowledged</p>' },
    });
    expect(saved.ok).toBe(true);
    const removed = await removing;
    expect(removed.ok).toBe(false);
    expect(!removed.ok && removed.error.message).toMatch(/saved while it was being removed/);
    expect((await call(c, 'drafts.get', { draftId: draft.id })).fields.content).toBe(
      '<p>a new paragraph, acknowledged</p>',
    );
    // Still usable: its token is back in the keychain, and the words go out.
    await call(c, 'sync.syncNow');
    expect((await service.request('GET', '/posts/race-with-removal')).json.post.content).toBe(
      '<p>a new paragraph, acknowledged</p>',
    );
  });
});

// Review P9: the writer agrees to lose what the dialog named (`losing`); a change saved while the
// keychain works is not among them.
describe('removing a publication, agreed to lose what was named', () => {
  it('is refused, naming the change saved while the keychain works, the token kept', async () => {
    const c = await core();
    const publication = await addPublication(c);
    const draft = await call(c, 'records.create', {
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Saved meanwhile', content: '<p>synced words</p>' },
    });
    await call(c, 'sync.syncNow');
    expect((await call(c, 'publications.list'))[0].pendingChanges).toBe(0);
    const removing = c.dispatch('publications.remove', {
      id: publication.id,
      discardUnsynced: true,
      losing: [],
    });
    const fields = { title: 'Saved meanwhile', content: '<p>words typed meanwhile</p>' };
    expect((await c.dispatch('drafts.save', { draftId: draft.id, fields })).ok).toBe(true);
    const removed = await removing;
    expect(!removed.ok && removed.error.message).toBe(
      `"${publication.name}" was kept: “Saved meanwhile” changed while it was being removed, and would have been lost unasked. Look at what Remove would lose again.`,
    );
    await call(c, 'sync.syncNow');
    expect((await service.request('GET', '/posts/saved-meanwhile')).json.post.content).toBe(
      '<p>words typed meanwhile</p>',
    );
  });
});

describe('a removal refused because a save landed while the keychain worked', () => {
  it('leaves the saved change to go out by itself, not parked on "No token"', async () => {
    // The real keychain, slow to delete (as when the system asks the user to allow it).
    let onDelete: (() => Promise<void>) | undefined;
    const slow: CredentialStore = {
      get: (account) => credentials.get(account),
      set: (account, token) => credentials.set(account, token),
      async delete(account) {
        const deleted = await credentials.delete(account);
        await onDelete?.();
        return deleted;
      },
    };
    const dir = mkdtempSync(join(tmpdir(), 'quire-discard-'));
    const c = await createCore({
      dataDir: dir,
      credentials: slow,
      version: '0.0.0-test',
      embedded: false,
      syncIntervalMs: 60_000,
    });
    cores.push({ core: c, dir });
    const publication = await addPublication(c);
    const draft = await call(c, 'records.create', {
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Slow keychain', content: '<p>synced</p>' },
    });
    await call(c, 'sync.syncNow');
    onDelete = async () => {
      onDelete = undefined;
      await call(c, 'drafts.save', {
        draftId: draft.id,
        fields: { title: 'Slow keychain', content: '<p>saved during removal</p>' },
      });
      // The save's own sync round runs meanwhile, with no token to find.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    };
    expect((await c.dispatch('publications.remove', { id: publication.id })).ok).toBe(false);
    await expect
      .poll(async () => (await call(c, 'drafts.get', { draftId: draft.id })).syncState, {
        timeout: 5_000,
      })
      .toBe('synced');
    expect((await call(c, 'drafts.get', { draftId: draft.id })).lastError).toBeNull();
    expect((await service.request('GET', '/posts/slow-keychain')).json.post.content).toBe(
      '<p>saved during removal</p>',
    );
  });
});

describe('discarding edits', () => {
  it('goes back to the post itself, not to another that took its old slug', async () => {
    const c = await core();
    const publication = await addPublication(c);
    const mine = await service.request('POST', '/posts', {
      body: { title: 'About me', slug: 'about', content: '<p>mine v1</p>', status: 'publish' },
    });
    const opened = await call(c, 'drafts.open', {
      publicationId: publication.id,
      kind: 'post',
      slug: 'about',
    });
    await call(c, 'drafts.save', {
      draftId: opened.id,
      fields: { ...opened.fields, content: '<p>held edit</p>' },
    });
    // Elsewhere: the post moves to a new slug and a colleague's new post takes the old one.
    await service.request('PUT', `/posts/${mine.json.post.id}`, { body: { slug: 'about-me' } });
    const theirs = await service.request('POST', '/posts', {
      body: {
        title: 'About the team',
        slug: 'about',
        content: '<p>colleague</p>',
        status: 'publish',
      },
    });
    expect(theirs.json.post.slug).toBe('about');
    await call(c, 'drafts.discard', { draftId: opened.id });
    const after = await call(c, 'drafts.get', { draftId: opened.id });
    expect([after.remoteId, after.fields.slug, after.fields.content]).toEqual([
      mine.json.post.id,
      'about-me',
      '<p>mine v1</p>',
    ]);
    await call(c, 'drafts.save', {
      draftId: opened.id,
      fields: { ...after.fields, content: '<p>my rewrite</p>' },
    });
    await call(c, 'drafts.update', { draftId: opened.id });
    expect((await service.request('GET', '/posts/about')).json.post.content).toBe(
      '<p>colleague</p>',
    );
    expect((await service.request('GET', '/posts/about-me')).json.post.content).toBe(
      '<p>my rewrite</p>',
    );
  });
});

describe('discarding edits, then taking the discard back', () => {
  it('names the snapshot of the edits each discard threw away, which brings them back', async () => {
    const c = await core();
    const publication = await addPublication(c);
    await service.request('POST', '/posts', {
      body: { title: 'Tide table', content: '<p>live</p>', status: 'publish' },
    });
    const opened = await call(c, 'drafts.open', {
      publicationId: publication.id,
      kind: 'post',
      slug: 'tide-table',
    });
    const discarding = async (content: string) => {
      await call(c, 'drafts.save', { draftId: opened.id, fields: { ...opened.fields, content } });
      return (await call(c, 'drafts.discard', { draftId: opened.id })).revisionId;
    };
    const first = await discarding('<p>first edits</p>');
    const second = await discarding('<p>second edits</p>');
    const kept = async (revisionId: number) =>
      (await call(c, 'drafts.revision', { draftId: opened.id, revisionId })).fields.content;
    expect([await kept(first), await kept(second)]).toEqual([
      '<p>first edits</p>',
      '<p>second edits</p>',
    ]);

    await call(c, 'drafts.restoreRevision', { draftId: opened.id, revisionId: second });
    // Held again as edits to the live post, as before the discard: nothing sent unasked.
    expect(await call(c, 'drafts.get', { draftId: opened.id })).toMatchObject({
      fields: { content: '<p>second edits</p>' },
      syncState: 'held',
    });
    expect((await service.request('GET', '/posts/tide-table')).json.post.content).toBe(
      '<p>live</p>',
    );
  });

  it('names none for a draft never sent: it goes with its edits', async () => {
    const c = await core();
    const publication = await addPublication(c);
    // Its slug another post's: the service refuses it, so it never has the record.
    await service.request('POST', '/posts', {
      body: { title: 'Harbour', slug: 'harbour', content: '<p>theirs</p>', status: 'publish' },
    });
    const draft = await call(c, 'records.create', {
      publicationId: publication.id,
      kind: 'post',
      fields: { title: 'Never sent', slug: 'harbour', content: '<p>gone</p>' },
    });
    await call(c, 'sync.syncNow');
    expect((await call(c, 'drafts.get', { draftId: draft.id })).remoteId).toBeNull();
    expect(await call(c, 'drafts.discard', { draftId: draft.id })).toEqual({
      revisionId: null,
      offSite: false,
    });
    expect((await c.dispatch('drafts.get', { draftId: draft.id })).ok).toBe(false);
  });
});
