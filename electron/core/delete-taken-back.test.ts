import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DraftView, RecordPageView } from '../../shared/views';
import type { Core } from './service';
import { startCoreWorld, type CoreWorld } from './testing/core-world';

// Review (lists): words written in a post while its Delete waited were deleted with it. A save
// that changes the post now takes its waiting Delete back; these check what the writer then
// meets: Undo, the undo hold, a save that changes nothing, and Delete pressed again. Real parts:
// the reference server, the keychain, SQLite.

let world: CoreWorld;
beforeAll(async () => {
  world = await startCoreWorld('delete-taken-back');
});
afterAll(() => world.close());

const call = async <T>(core: Core, name: string, input: unknown): Promise<T> => {
  const reply = await core.dispatch(name as never, input as never);
  if (!reply.ok) throw new Error(`${name}: ${reply.error.message}`);
  return reply.value as T;
};

const opened = async (slug: string, title: string): Promise<DraftView> => {
  const { core, service } = world;
  const publicationId = world.publicationId!;
  await service.request('POST', '/posts', {
    body: { title, slug, content: '<p>Old words.</p>' },
  });
  const list = { publicationId, kind: 'post', page: 1, perPage: 20, draftsOnly: false };
  await call<RecordPageView>(core, 'records.list', list);
  return call<DraftView>(core, 'drafts.open', { publicationId, kind: 'post', slug });
};

it('Undo after words were saved into the post says it is kept, not "too late"', async () => {
  const { core } = world;
  const draft = await opened('kept-by-words', 'Kept by words');
  await call(core, 'records.delete', { draftId: draft.id });
  const saved = await call<DraftView>(core, 'drafts.save', {
    draftId: draft.id,
    fields: { ...draft.fields, content: '<p>Old words.</p><p>More.</p>' },
  });
  expect(saved.pendingDelete).toBe(false);
  // The toast's hold, while the writer reads it, and its Undo: neither says it has gone.
  await call(core, 'records.holdUndo', { draftId: draft.id });
  const undone = await call<DraftView>(core, 'records.undoDelete', { draftId: draft.id });
  expect(undone.fields.content).toBe('<p>Old words.</p><p>More.</p>');
  expect(undone.pendingDelete).toBe(false);
});

it('a save that changes nothing leaves the Delete waiting, and Delete pressed again deletes', async () => {
  const { core } = world;
  const draft = await opened('still-going', 'Still going');
  await call(core, 'records.delete', { draftId: draft.id });
  // The editor's last save, flushed as it closes, of the words the writer deleted.
  const flushed = await call<DraftView>(core, 'drafts.save', {
    draftId: draft.id,
    fields: draft.fields,
  });
  expect(flushed.pendingDelete).toBe(true);
  await call(core, 'drafts.save', {
    draftId: draft.id,
    fields: { ...draft.fields, content: '<p>Changed my mind.</p>' },
  });
  await call(core, 'records.delete', { draftId: draft.id });
  const again = await call<DraftView>(core, 'drafts.get', { draftId: draft.id });
  expect(again.pendingDelete).toBe(true);
  // Undo of the second press is an Undo of that one.
  await call(core, 'records.undoDelete', { draftId: draft.id });
  const kept = await call<DraftView>(core, 'drafts.get', { draftId: draft.id });
  expect(kept.pendingDelete).toBe(false);
  const tooLate = await core.dispatch('records.undoDelete', { draftId: draft.id });
  expect(tooLate.ok ? 'undone' : tooLate.error.message).toBe(
    'Too late to undo: the delete has been sent',
  );
});
