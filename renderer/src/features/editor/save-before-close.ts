import { useEffect } from 'react';
import { sentence } from '../../ui/errors';
import type { NoticeRequest } from '../../ui-store';
import type { Autosave } from './autosave';

/**
 * Closing the window or quitting while words are not yet in the local store: the close is held,
 * the words are saved, and the window then closes itself. Electron cancels a held close silently
 * (a browser asks "Leave site?" instead). When the save fails, the writer is told, and the next
 * close goes through, so a full disk can never trap them in the window.
 */
export function useSaveBeforeClose(
  autosave: Autosave,
  notify: (notice: NoticeRequest) => unknown,
): void {
  useEffect(() => {
    let told = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const state = autosave.state();
      if (state.kind === 'saved' || (state.kind === 'error' && told)) return;
      event.preventDefault();
      void autosave.flush().then(() => {
        const after = autosave.state();
        if (after.kind === 'saved') return window.close();
        if (after.kind !== 'error') return;
        told = true;
        notify({
          tone: 'error',
          message: `Your last changes are not saved. ${sentence(after.message)} Close again to close anyway.`,
        });
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [autosave, notify]);
}
