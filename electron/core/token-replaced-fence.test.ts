import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../server/testing/harness';
import { lateWritesWorld } from './testing/core-world';
import { stuckWrites } from './testing/late-writes';

// Review U14 (low). A fence refused for a revoked token says "Replace the token" (engine.ts
// fenceRefused). The writer does: publications.setToken clears the drafts' errors and makes every
// push due at once (service.ts ~560: clearDraftErrors, makePushesDue, kick), but not the fence
// (no engine.fenceNow(), as Sync now and the probe's makeDue do): it waits out the rest of its
// minute (fenceAfter), the draft back to "Syncing", the late Delete free to land meanwhile.

let service: TestService;
let publicationId: string;
const writes = stuckWrites();
let revoked = false;
const NEW = 'replaced-token';

/** The service as seen with the first token revoked and a new one made for it. */
const through: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  const bearer = headers.get('authorization')?.replace(/^Bearer /, '');
  if (bearer === service.token && revoked)
    return new Response(JSON.stringify({ status: 'error', message: 'Invalid token' }), {
      status: 401,
      headers: { 'content-type': 'application/json' },
    });
  if (bearer === NEW) headers.set('authorization', `Bearer ${service.token}`);
  return writes.through(input, { ...init, headers });
};

const w = lateWritesWorld('review-u14-token-replaced', (made) => {
  service = made;
  return through;
});
const { call, onService, mayLand } = w;
beforeAll(() => void (publicationId = w.publicationId));

describe('a fence refused for a revoked token, the token then replaced', () => {
  it('goes with the pushes the new token lets through', async () => {
    const made = await call<{ id: string }>('records.create', {
      publicationId,
      kind: 'post',
      fields: { title: 'Review U14 token', content: '<p>Draft.</p>', status: 'draft' },
    });
    await call('sync.syncNow', {});
    const remoteId = (await call<{ remoteId: number }>('drafts.get', { draftId: made.id }))
      .remoteId;
    writes.stick((method) => method === 'DELETE');
    await call('records.delete', { draftId: made.id });
    await call('sync.syncNow', {});
    writes.release();
    expect(writes.stuckCount).toBeGreaterThan(0);
    await call('records.undoDelete', { draftId: made.id });
    revoked = true;
    await call('sync.syncNow', {});
    const said = await call<{ syncState: string; lastError: string }>('drafts.get', {
      draftId: made.id,
    });
    expect(said.syncState).toBe('error');
    expect(said.lastError).toMatch(/Replace the token/);
    // The writer does as told.
    await call('publications.setToken', { id: publicationId, token: NEW });
    // The round setToken kicks (400 ms debounce), and a little more.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const left = await mayLand();
    const state = (await call<{ syncState: string }>('drafts.get', { draftId: made.id })).syncState;
    const landed = await writes.landFirst();
    expect(
      { left, state, landed, onService: await onService(remoteId) },
      'the new token let the pushes through at once; the fence waits out its minute',
    ).toEqual({ left: 0, state: 'synced', landed: 412, onService: 'draft' });
  });
});
