import { sentence } from '../../ui/errors';
import { useUi } from '../../ui-store';

/** Words the open editor could not save, and the writer's way to go without them. */
export interface Unsaved {
  draftId: string;
  message: string;
  /**
   * The writer goes without the unsaved words: dropped as the editor closes, so closing does not
   * try (and fail) again. Kept if it stays open after all (a dialog cancelled, a switch failed).
   */
  abandon(): void;
}

type Guard = () => Promise<Unsaved | null>;

let guard: Guard | null = null;

/** The open editor's check before it closes: its last words saved, or what stops them. */
export function guardLeaving(check: Guard): () => void {
  guard = check;
  return () => {
    if (guard === check) guard = null;
  };
}

/**
 * Every way out of the open editor (All posts, Posts or Pages, another publication, New post)
 * goes through here. Closing an editor whose last words cannot be saved (a full disk) would take
 * them off the screen with nothing kept, so the editor stays and says why; leaving without them
 * is the writer's explicit choice.
 */
export async function leaveEditorThen(go: () => void): Promise<void> {
  const unsaved = guard ? await guard() : null;
  if (!unsaved) return go();
  useUi.getState().notify({
    tone: 'error',
    about: unsavedNotice(unsaved.draftId),
    message: `The editor stays open: your last changes are not saved. ${sentence(unsaved.message)}`,
    action: {
      label: 'Leave without them',
      run: () => {
        unsaved.abandon();
        go();
      },
    },
  });
}

/** The subject of the notice that a draft's words are not saved. */
export const unsavedNotice = (draftId: string): string => `unsaved ${draftId}`;
