import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startSyncWorld, type SyncWorld } from '../testing/sync-world';

// Review (lists): a post opened while its Delete waited and written in had those words deleted
// with it. A save now takes a waiting Delete back (LocalStore.saveDraft); these are the saves
// that come while the Delete is already being sent (SyncEngine.remove). Real parts: the
// reference server behind a proxy that slows one request, SQLite.

let world: SyncWorld;
beforeAll(async () => {
  world = await startSyncWorld('delete-taken-back');
});
afterAll(() => world.close());
afterEach(() => world.proxy.setPolicy(() => ({ type: 'pass' })));

const fields = (title: string, content = '<p>Old words.</p>') => ({ title, content });
const onServer = async (slug: string) => {
  const reply = await world.service.request('GET', `/posts/${slug}`);
  return reply.status === 200 ? (reply.json.post as { content: string }) : undefined;
};
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('words saved while the Delete asks the service about the post stop it: nothing is deleted', async () => {
  const d = world.device();
  const draft = d.store.createDraft(d.publicationId, 'post', fields('Asked first'));
  await d.engine.flush();
  d.store.requestDelete(draft.id, 0);
  world.proxy.setPolicy(({ method }) =>
    method === 'GET' ? { type: 'delay', ms: 300 } : { type: 'pass' },
  );
  const flushing = d.engine.flush();
  await settle(100);
  d.store.saveDraft(draft.id, fields('Asked first', '<p>Old words.</p><p>New.</p>'));
  await flushing;
  world.proxy.setPolicy(() => ({ type: 'pass' }));
  expect(world.proxy.log.some(({ request }) => request.method === 'DELETE')).toBe(false);
  await d.engine.flush();
  expect((await onServer('asked-first'))?.content).toBe('<p>Old words.</p><p>New.</p>');
  expect(d.store.getDraft(draft.id)?.conflict).toBeNull();
});

it('words saved while the Delete is on its way are kept, shown as a post deleted on the service', async () => {
  const d = world.device();
  const draft = d.store.createDraft(d.publicationId, 'post', fields('On its way'));
  await d.engine.flush();
  d.store.requestDelete(draft.id, 0);
  world.proxy.setPolicy(({ method }) =>
    method === 'DELETE' ? { type: 'delay', ms: 300 } : { type: 'pass' },
  );
  const flushing = d.engine.flush();
  await settle(150);
  d.store.saveDraft(draft.id, fields('On its way', '<p>Old words.</p><p>New.</p>'));
  expect((await flushing).conflicts).toBeGreaterThan(0);
  expect(await onServer('on-its-way')).toBeUndefined();
  const kept = d.store.getDraft(draft.id);
  expect(kept?.fields.content).toBe('<p>Old words.</p><p>New.</p>');
  expect(kept?.conflict?.id).toBeLessThan(0);
});
