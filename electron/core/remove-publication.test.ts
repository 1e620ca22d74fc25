import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestService } from '../../server/testing/harness';
import type { KeytarCredentialStore } from './credentials';
import type { Core } from './service';
import { startCoreWorld, type CoreWorld } from './testing/core-world';

// Remove publication takes the token out of the keychain before the store removes the
// publication (security review, 2026-11-22). When the store's write fails (a full disk: SQLite
// needs room in the WAL even to delete), the publication stays in Quire, its drafts with it, and
// so must its token: else every sync fails "No token … in the keychain" and the writer has to
// find or reissue it. Real parts: the reference server, the keychain (scripts/with-keyring.sh),
// a SQLite store; only the failing write is stood in for, by a trigger on the store's own file.

let world: CoreWorld;
let service: TestService;
let core: Core;
let dir: string;
let credentials: KeytarCredentialStore;

beforeAll(async () => {
  world = await startCoreWorld('remove-publication', { addPublication: false });
  ({ service, core, dir, credentials } = world);
});
afterAll(() => world.close());

it.each([
  ['', false],
  [', unsynced changes to be discarded', true],
])(
  'a Remove the store could not finish leaves the publication its token%s',
  async (_, discardUnsynced) => {
    const added = await core.dispatch('publications.add', {
      baseUrl: service.server.url,
      subdomain: service.subdomain,
      token: service.token,
    });
    if (!added.ok) throw new Error(added.error.message);
    const id = (added.value as { id: string }).id;

    const other = new Database(join(dir, 'quire.db'));
    other.exec(`CREATE TRIGGER stand_in_full BEFORE DELETE ON publications
              BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    other.close();

    const removed = await core.dispatch('publications.remove', { id, discardUnsynced });
    expect(removed.ok).toBe(false);
    const listed = await core.dispatch('publications.list', {});
    expect((listed as { value: { id: string }[] }).value.map((p) => p.id)).toContain(id);

    // Still in Quire, so still able to sync: its token must still be in the keychain.
    expect(await credentials.get(`publication:${id}`)).toBe(service.token);
    const listedPosts = await core.dispatch('records.list', {
      publicationId: id,
      kind: 'post',
      page: 1,
      perPage: 10,
      draftsOnly: false,
    });
    expect(listedPosts.ok ? 'listed' : listedPosts.error).toBe('listed');

    // Room again: the Remove goes through, and the token goes with the publication.
    const again = new Database(join(dir, 'quire.db'));
    again.exec('DROP TRIGGER stand_in_full');
    again.close();
    expect((await core.dispatch('publications.remove', { id, discardUnsynced })).ok).toBe(true);
    expect(await credentials.get(`publication:${id}`)).toBeUndefined();
  },
);
