import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../server/testing/harness';
import { KeytarCredentialStore } from '../credentials';
import { createCore, type Core } from '../service';
import { stuckWrites } from '../testing/late-writes';

// Review U9 (fixed), finding 4. A Delete taken back while its try may land counts as an unsynced change
// (service.ts `unsent`, review U8), and Remove says so: "has 1 change(s) not yet on the service.
// Sync first, or confirm discarding them." But a fence that failed once waits a minute
// (engine.ts `fenceAfter`, FENCE_RETRY_MS), and Sync now does not make it due as it makes every
// push waiting out a backoff due (store.makePushesDue): with the service back, Sync now leaves
// the change counted, and "Sync first" does nothing the writer can see. The draft itself shows
// Synced all along, so the writer cannot tell which change is meant.

let service: TestService;
let core: Core;
let dir: string;
let publicationId: string;
const writes = stuckWrites();

async function call<T>(method: string, params: unknown): Promise<T> {
  const reply = await (
    core.dispatch as (
      m: string,
      p: unknown,
    ) => Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>
  )(method, params);
  if (!reply.ok) throw new Error(reply.error!.message);
  return reply.value as T;
}

beforeAll(async () => {
  service = await startTestService('review-u9-sync-first');
  dir = mkdtempSync(join(tmpdir(), 'quire-review-u9-'));
  core = await createCore({
    dataDir: dir,
    credentials: new KeytarCredentialStore(`Quire review-u9 ${randomUUID()}`),
    version: '0.0.0-test',
    embedded: false,
    syncIntervalMs: 600_000,
    undoWindowMs: 0,
    requestTimeoutMs: 400,
    fetch: writes.through,
  });
  const added = await call<{ id: string }>('publications.add', {
    baseUrl: service.server.url,
    subdomain: service.subdomain,
    token: service.token,
  });
  publicationId = added.id;
});
afterAll(async () => {
  await core.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Remove says "Sync first" for a Delete taken back; the service is back', () => {
  it('Sync now puts it right: nothing is left counted', async () => {
    const made = await call<{ id: string }>('records.create', {
      publicationId,
      kind: 'post',
      fields: { title: 'Review U9 sync first', content: '<p>Live.</p>', status: 'publish' },
    });
    await call('sync.syncNow', {});
    // Delete pressed; its DELETE (and any PUT) held up on its way; Undo; the fence held up too.
    writes.stick((method) => method === 'DELETE' || method === 'PUT');
    await call('records.delete', { draftId: made.id });
    await call('sync.syncNow', {});
    await call('records.undoDelete', { draftId: made.id });
    await call('sync.syncNow', {});
    writes.release();
    writes.forget();
    const count = async () =>
      (await call<{ id: string; pendingChanges: number }[]>('publications.list', {})).find(
        (one) => one.id === publicationId,
      )!.pendingChanges;
    expect(await count(), 'counted: Remove asks first').toBe(1);
    // The service answers again. The writer does as Remove says: Sync first.
    await call('sync.syncNow', {});
    expect(await count(), 'after Sync now, with the service answering').toBe(0);
  });
});
