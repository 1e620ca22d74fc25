/**
 * The contract's method names, apart from its schemas: the preload needs the names to build the
 * bridge but must not carry zod. `shared/contract.ts` fails to compile if the two lists differ.
 */
export const METHOD_NAMES = [
  'publications.list',
  'publications.add',
  'publications.remove',
  'publications.setActive',
  'publications.unsynced',
  'publications.restoreSample',
  'publications.setToken',
  'records.list',
  'records.cachedPage',
  'records.search',
  'records.fetchAll',
  'records.tags',
  'records.create',
  'records.delete',
  'records.undoDelete',
  'records.holdUndo',
  'drafts.open',
  'drafts.get',
  'drafts.save',
  'drafts.update',
  'drafts.list',
  'drafts.discard',
  'drafts.leave',
  'drafts.revisions',
  'drafts.revision',
  'drafts.restoreRevision',
  'sync.status',
  'sync.syncNow',
  'sync.resolveConflict',
  'app.info',
] as const;

export type MethodName = (typeof METHOD_NAMES)[number];
