import type { DraftFieldsView } from '../../../../shared/model';
import { QuireError } from '../../../../shared/errors';
import { bridge } from '../../bridge';
import { sentence } from '../../ui/errors';
import { useUi, type NoticeRequest } from '../../ui-store';
import type { Autosave } from './autosave';
import { unsavedNotice } from './leave-guard';
import { trackSave } from './save-order';
import { holdWindowClose, type CloseHolder } from './window-close';

type Notify = (notice: NoticeRequest) => unknown;

/** Words an editor closed on, unsaved, with what is needed to save them or say so later. */
interface ClosedWords {
  autosave: Autosave;
  /** Removing the publication takes the draft, and these words, with it. */
  publicationId: string;
  notify: Notify;
  /** Said at a close of the window that they are still refused: the next close goes through. */
  toldAtClose: boolean;
}

/**
 * The autosaves of editors that closed before their last words could be saved (a full disk), by
 * draft: those words live on only here. Reopening the draft stores them first, or opens on them
 * (queries.ts), and the reopened editor takes them over: a writer's review of the editor's ways
 * out found them shown as the older stored text instead, then written over by it.
 */
const closedUnsaved = new Map<string, ClosedWords>();

const titleOf = (autosave: Autosave): string => autosave.lastFields()?.title || 'Untitled';

/**
 * Words that live only here hold the window's close, as an open editor's do (window-close.ts, the
 * same policy): held, saved, and the window then closes itself; still refused, the writer is
 * told, and their next close goes through. Without it a writer who freed space and quit lost them
 * unasked (a review of the editor's ways out).
 */
const closeHolder: CloseHolder = {
  holds: () => [...closedUnsaved.values()].some((words) => !words.toldAtClose),
  save: async () => {
    const due = [...closedUnsaved].filter(([, words]) => !words.toldAtClose);
    const outcomes = await Promise.all(
      due.map(async ([draftId, words]) => {
        const outcome = await tryAgain(draftId, words);
        if (outcome === 'refused') {
          words.toldAtClose = true;
          say(draftId, words, ' Close again to close anyway.');
        }
        return outcome;
      }),
    );
    return !outcomes.includes('refused');
  },
};
let releaseClose: (() => void) | null = null;

/** The window's close is held only while there are words here to hold it for. */
function remember(draftId: string, words: ClosedWords): void {
  releaseClose ??= holdWindowClose(closeHolder);
  closedUnsaved.set(draftId, words);
}

function forget(draftId: string): void {
  closedUnsaved.delete(draftId);
  if (closedUnsaved.size > 0) return;
  releaseClose?.();
  releaseClose = null;
}

function say(draftId: string, words: ClosedWords, after = ''): void {
  const state = words.autosave.state();
  if (state.kind !== 'error') return;
  words.notify({
    tone: 'error',
    about: unsavedNotice(draftId),
    // Removing the publication takes the notice away with the post (PublicationSwitcher.tsx).
    publicationId: words.publicationId,
    message: `“${titleOf(words.autosave)}” closed before its last changes could be saved. ${sentence(state.message)}${after}`,
    action: { label: 'Save again', run: () => void saveClosedWords(draftId, words.notify) },
  });
}

/**
 * The editor closed with words the store refused: kept, and said with a way to save them still.
 * True when there were none to keep.
 */
export function sayUnsavedOnClose(
  draft: { id: string; publicationId: string },
  autosave: Autosave,
  notify: Notify,
): boolean {
  if (autosave.state().kind !== 'error') return true;
  const words: ClosedWords = {
    autosave,
    publicationId: draft.publicationId,
    notify,
    toldAtClose: false,
  };
  remember(draft.id, words);
  say(draft.id, words);
  return false;
}

/** Whether the core no longer has the draft (deleted for good): its words have nowhere to go. */
async function draftIsGone(draftId: string): Promise<boolean> {
  try {
    await bridge.drafts.get({ draftId });
    return false;
  } catch (error) {
    return error instanceof QuireError && error.kind === 'not-found';
  }
}

/**
 * One more try at storing the words. 'taken' when an editor for the draft took them over
 * meanwhile (only it may save them); 'gone' when the draft no longer exists, said once, the words
 * dropped: "Save again" could only ever fail.
 */
async function tryAgain(
  draftId: string,
  words: ClosedWords,
): Promise<'saved' | 'refused' | 'gone' | 'taken'> {
  const { autosave } = words;
  const saved = await trackSave(
    draftId,
    autosave.flush().then(() => autosave.state().kind !== 'error'),
  );
  if (closedUnsaved.get(draftId) !== words) return 'taken';
  if (saved) {
    forget(draftId);
    useUi.getState().dismissAbout(unsavedNotice(draftId));
    words.notify({ tone: 'info', message: `Saved “${titleOf(autosave)}”.` });
    return 'saved';
  }
  if (!(await draftIsGone(draftId)) || closedUnsaved.get(draftId) !== words) return 'refused';
  forget(draftId);
  autosave.drop();
  useUi.getState().dismissAbout(unsavedNotice(draftId));
  words.notify({
    tone: 'error',
    publicationId: words.publicationId,
    message: `“${titleOf(autosave)}” no longer exists: its last changes cannot be saved.`,
  });
  return 'gone';
}

/**
 * Tries again to store the words a closed editor could not, and says how it went. The words when
 * they are still refused; null when they landed, or when there are none here (an editor for the
 * draft has taken them over, and only it may save them, or the draft is gone).
 */
export async function saveClosedWords(
  draftId: string,
  notify: Notify = useUi.getState().notify,
): Promise<DraftFieldsView | null> {
  const words = closedUnsaved.get(draftId);
  if (!words) return null;
  words.notify = notify;
  if ((await tryAgain(draftId, words)) !== 'refused') return null;
  say(draftId, words);
  return words.autosave.lastFields() ?? null;
}

/**
 * The draft's editor opened again on the words its last one could not store: they are the new
 * editor's to save from now on. The closed one's autosave is dropped, so its "Save again" can no
 * longer put them back over what is typed since. False when there were none.
 */
export function takeClosedWords(draftId: string, by: Autosave): boolean {
  const closed = closedUnsaved.get(draftId);
  if (!closed) return false;
  forget(draftId);
  // The same autosave in development, where StrictMode closes and opens an editor as a rehearsal.
  if (closed.autosave !== by) closed.autosave.drop();
  return true;
}

/**
 * The writer removed the publication, its posts with it: words closed unsaved in them have
 * nowhere to go, and are dropped with it (their notices go too, PublicationSwitcher.tsx). Kept,
 * "Save again" failed for good, and the window's close was held for them.
 */
export function dropClosedWordsOf(publicationId: string): void {
  for (const [draftId, words] of [...closedUnsaved]) {
    if (words.publicationId !== publicationId) continue;
    forget(draftId);
    words.autosave.drop();
  }
}
