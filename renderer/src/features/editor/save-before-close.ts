import { useEffect } from 'react';
import { sentence } from '../../ui/errors';
import type { NoticeRequest } from '../../ui-store';
import type { Autosave, SaveState } from './autosave';
import { holdWindowClose } from './window-close';

/**
 * Closing the window or quitting while the open editor's words are not yet in the local store:
 * the close is held (window-close.ts), the words are saved, and the window then closes itself.
 * When the save fails, the writer is told, and their next close goes through, so a full disk can
 * never trap them in the window.
 */
export function useSaveBeforeClose(
  autosave: Autosave,
  notify: (notice: NoticeRequest) => unknown,
): void {
  useEffect(() => {
    // The refusal the writer was told of, not that one was: told for the editor's life, a close
    // went through over words refused an hour later, once the first had been stored, never tried
    // nor mentioned (review R4). Each refusal is a state of its own (autosave.ts).
    let told: SaveState | undefined;
    return holdWindowClose({
      holds: () => {
        const state = autosave.state();
        return !(state.kind === 'saved' || state === told);
      },
      save: async () => {
        await autosave.flush();
        const after = autosave.state();
        if (after.kind === 'saved') return true;
        if (after.kind !== 'error') return false;
        told = after;
        notify({
          tone: 'error',
          message: `Your last changes are not saved. ${sentence(after.message)} Close again to close anyway.`,
        });
        return false;
      },
    });
  }, [autosave, notify]);
}
