import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../server/testing/harness';
import { KeytarCredentialStore } from './credentials';
import { createCore, type Core } from './service';
import type { PublicationView } from '../../shared/views';

// Review (publications): the core's add, setToken and remove each check something, then await
// the network or the keychain, then act on what they checked. Real parts: the reference server,
// the keychain (scripts/with-keyring.sh), a SQLite store; the fetch is the global one, held back
// on demand to stand for a slow service (the dialogs let the writer Cancel while "Checking…").

let service: TestService;
let core: Core;
let dir: string;
let credentials: KeytarCredentialStore;
/** While set, every request to the service waits for it. */
let gate: Promise<void> | null = null;

beforeEach(async () => {
  service = await startTestService('pub-races');
  dir = mkdtempSync(join(tmpdir(), 'quire-pub-races-'));
  credentials = new KeytarCredentialStore(`Quire pub-races ${randomUUID()}`);
  core = await createCore({
    dataDir: dir,
    credentials,
    version: '0.0.0-test',
    embedded: false,
    syncIntervalMs: 60_000,
    fetch: (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      if (gate) await gate;
      return fetch(input, init);
    }) as typeof fetch,
  });
});
afterEach(async () => {
  await core.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const addInput = () => ({
  baseUrl: service.server.url,
  subdomain: service.subdomain,
  token: service.token,
});
const listed = async (): Promise<PublicationView[]> => {
  const reply = await core.dispatch('publications.list', {});
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value as PublicationView[];
};

it('the same publication added twice while the first check is still on its way is added once', async () => {
  // Add publication → Checking… (slow service) → Cancel → Add publication again → Add.
  let open!: () => void;
  gate = new Promise((resolve) => (open = resolve));
  const first = core.dispatch('publications.add', addInput());
  // The same service as this computer names it another way (README: refused however spelled).
  const second = core.dispatch('publications.add', {
    ...addInput(),
    baseUrl: service.server.url.replace('127.0.0.1', 'localhost'),
  });
  gate = null;
  open();
  const results = await Promise.all([first, second]);
  expect(results.filter((r) => r.ok)).toHaveLength(1);
  expect(await listed()).toHaveLength(1);
});

it('a token replaced while its publication is removed does not stay in the keychain', async () => {
  const added = await core.dispatch('publications.add', addInput());
  if (!added.ok) throw new Error(added.error.message);
  const id = (added.value as PublicationView).id;

  // Token → paste → Replace token → Checking… (slow service) → Cancel → Remove → Remove.
  let open!: () => void;
  gate = new Promise((resolve) => (open = resolve));
  const replacing = core.dispatch('publications.setToken', { id, token: service.token });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const removed = await core.dispatch('publications.remove', { id });
  expect(removed.ok).toBe(true);
  expect(await listed()).toHaveLength(0);
  gate = null;
  open();
  await replacing;

  // The publication is gone from Quire; its token must be gone from the keychain with it.
  expect(await credentials.get(`publication:${id}`)).toBeUndefined();
});

it('the same publication, spelled the same, added twice while the first check is on its way is refused as already in Quire', async () => {
  let open!: () => void;
  gate = new Promise((resolve) => (open = resolve));
  const first = core.dispatch('publications.add', addInput());
  const second = core.dispatch('publications.add', addInput());
  gate = null;
  open();
  const results = await Promise.all([first, second]);
  expect(results.filter((r) => r.ok)).toHaveLength(1);
  const refused = results.find((r) => !r.ok);
  expect(refused?.ok === false ? refused.error.message : null).toBe(
    'This publication is already in Quire',
  );
  // And no "Sync paused" over every publication for it.
  const status = await core.dispatch('sync.status', {});
  expect(status.ok && (status.value as { stalled: string | null }).stalled).toBeNull();
});

it('a publication removed while its draft is being sent leaves sync running for the others', async () => {
  const added = await core.dispatch('publications.add', addInput());
  if (!added.ok) throw new Error(added.error.message);
  const id = (added.value as PublicationView).id;
  const draft = await core.dispatch('records.create', {
    publicationId: id,
    kind: 'post',
    fields: { title: 'On its way', content: '<p>Sent as the publication goes.</p>' },
  });
  if (!draft.ok) throw new Error(draft.error.message);

  // The push is on its way (a slow service) when the writer confirms "Remove and lose 1 change".
  let open!: () => void;
  gate = new Promise((resolve) => (open = resolve));
  const round = core.dispatch('sync.syncNow', {});
  await new Promise((resolve) => setTimeout(resolve, 100));
  const removed = await core.dispatch('publications.remove', { id, discardUnsynced: true });
  expect(removed.ok).toBe(true);
  gate = null;
  open();
  await round;
  await core.dispatch('sync.syncNow', {});

  const status = await core.dispatch('sync.status', {});
  if (!status.ok) throw new Error(status.error.message);
  // Nothing else is wrong: no "Sync paused" banner over every other publication.
  expect((status.value as { stalled: string | null }).stalled).toBeNull();
});

it('a list still loading when its publication is removed does not pause sync for every other publication', async () => {
  const added = await core.dispatch('publications.add', addInput());
  if (!added.ok) throw new Error(added.error.message);
  const id = (added.value as PublicationView).id;

  // The list is on its way (a slow service) when the writer removes the publication.
  let open!: () => void;
  gate = new Promise((resolve) => (open = resolve));
  const listing = core.dispatch('records.list', {
    publicationId: id,
    kind: 'post',
    page: 1,
    perPage: 20,
    draftsOnly: false,
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await core.dispatch('publications.remove', { id })).ok).toBe(true);
  gate = null;
  open();
  const listed = await listing;

  const status = await core.dispatch('sync.status', {});
  expect({
    list: listed.ok ? 'listed' : listed.error.kind,
    stalled: status.ok ? (status.value as { stalled: string | null }).stalled : 'no status',
  }).toEqual({ list: expect.not.stringMatching(/^storage$/), stalled: null });
});

it('a post opening, or a whole-list fetch, when its publication is removed does not pause sync', async () => {
  const added = await core.dispatch('publications.add', addInput());
  if (!added.ok) throw new Error(added.error.message);
  const id = (added.value as PublicationView).id;
  const made = await fetch(`${service.server.url}/app/${service.subdomain}/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Opened as it goes', content: '<p>O</p>' }),
  });
  expect(made.status).toBe(201);
  const { post } = (await made.json()) as { post: { slug: string } };

  let open!: () => void;
  gate = new Promise((resolve) => (open = resolve));
  const opening = core.dispatch('drafts.open', {
    publicationId: id,
    kind: 'post',
    slug: post.slug,
  });
  const fetching = core.dispatch('records.fetchAll', { publicationId: id, kind: 'post' });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await core.dispatch('publications.remove', { id })).ok).toBe(true);
  gate = null;
  open();
  const answers = await Promise.all([opening, fetching]);

  const status = await core.dispatch('sync.status', {});
  expect({
    kinds: answers.map((answer) => (answer.ok ? 'ok' : answer.error.kind)),
    stalled: status.ok ? (status.value as { stalled: string | null }).stalled : 'no status',
  }).toEqual({ kinds: ['not-found', 'not-found'], stalled: null });
});
