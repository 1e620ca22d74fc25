import type { DraftFieldsView } from '../../../../shared/model';
import { sentence } from '../../ui/errors';
import { useUi, type NoticeRequest } from '../../ui-store';
import type { Autosave } from './autosave';
import { unsavedNotice } from './leave-guard';
import { trackSave } from './save-order';

/**
 * The autosaves of editors that closed before their last words could be saved (a full disk), by
 * draft: those words live on only here. Reopening the draft stores them first, or opens on them
 * (queries.ts), and the reopened editor takes them over: a writer's review of the editor's ways
 * out found them shown as the older stored text instead, then written over by it.
 */
const closedUnsaved = new Map<string, Autosave>();

const titleOf = (autosave: Autosave): string => autosave.lastFields()?.title || 'Untitled';

/**
 * The editor closed with words the store refused: kept, and said with a way to save them still.
 * True when there were none to keep.
 */
export function sayUnsavedOnClose(
  draftId: string,
  autosave: Autosave,
  notify: (notice: NoticeRequest) => unknown,
): boolean {
  const state = autosave.state();
  if (state.kind !== 'error') return true;
  closedUnsaved.set(draftId, autosave);
  notify({
    tone: 'error',
    about: unsavedNotice(draftId),
    message: `“${titleOf(autosave)}” closed before its last changes could be saved. ${sentence(state.message)}`,
    action: { label: 'Save again', run: () => void saveClosedWords(draftId, notify) },
  });
  return false;
}

/**
 * Tries again to store the words a closed editor could not, and says how it went. The words when
 * they are still refused; null when they landed, or when there are none here (an editor for the
 * draft has taken them over, and only it may save them).
 */
export async function saveClosedWords(
  draftId: string,
  notify: (notice: NoticeRequest) => unknown = useUi.getState().notify,
): Promise<DraftFieldsView | null> {
  const autosave = closedUnsaved.get(draftId);
  if (!autosave) return null;
  const saved = await trackSave(
    draftId,
    autosave.flush().then(() => autosave.state().kind !== 'error'),
  );
  if (closedUnsaved.get(draftId) !== autosave) return null;
  if (!saved) {
    sayUnsavedOnClose(draftId, autosave, notify);
    return autosave.lastFields() ?? null;
  }
  closedUnsaved.delete(draftId);
  useUi.getState().dismissAbout(unsavedNotice(draftId));
  notify({ tone: 'info', message: `Saved “${titleOf(autosave)}”.` });
  return null;
}

/**
 * The draft's editor opened again on the words its last one could not store: they are the new
 * editor's to save from now on. The closed one's autosave is dropped, so its "Save again" can no
 * longer put them back over what is typed since. False when there were none.
 */
export function takeClosedWords(draftId: string, by: Autosave): boolean {
  const closed = closedUnsaved.get(draftId);
  if (!closed) return false;
  closedUnsaved.delete(draftId);
  // The same autosave in development, where StrictMode closes and opens an editor as a rehearsal.
  if (closed !== by) closed.drop();
  return true;
}
