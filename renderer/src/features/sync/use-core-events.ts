import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CoreEvent, SyncStatusView } from '../../../../shared/views';
import { bridge } from '../../bridge';
import { useUi } from '../../ui-store';
import { draftKeys } from '../editor/queries';
import { publicationKeys } from '../publications/queries';
import { recordKeys } from '../records/queries';
import { syncKeys } from './queries';
import { throttled } from './throttled';

const COUNTS_READ_MS = 250;
/** A read still on its way after this is read anew all the same (a core that never answers). */
const COUNTS_READ_LONGEST_MS = 2_000;

/** Turns the core's events into cache updates, so every view follows sync without polling. */
export function useCoreEvents(
  onMenu: (command: Extract<CoreEvent, { type: 'menu' }>['command']) => void,
): void {
  const queryClient = useQueryClient();
  // One subscription for the app's life: in the browser host each new one is a new event stream,
  // and an event sent between closing one and opening the next would be lost.
  const menu = useRef(onMenu);
  useEffect(() => {
    menu.current = onMenu;
  }, [onMenu]);
  useEffect(() => {
    // Each read walks every draft of the publications in the core: a round sending 20 drafts is
    // 20 events, read again a few times a second, not 20 times (review P9). Each list apart, so
    // one whose read hangs does not hold the other's (review P11).
    const readAgain = (queryKey: readonly unknown[], exact: boolean) =>
      throttled(
        () => queryClient.invalidateQueries({ queryKey, exact }),
        COUNTS_READ_MS,
        COUNTS_READ_LONGEST_MS,
      );
    const readCounts = [
      readAgain(publicationKeys.list, true),
      readAgain(publicationKeys.unsyncedAll, false),
    ];
    const unsubscribe = bridge.onEvent((event) => {
      switch (event.type) {
        case 'sync': {
          const before = queryClient.getQueryData<SyncStatusView>(syncKeys.status);
          queryClient.setQueryData(syncKeys.status, event.status);
          // Back online: lists showing the copy on this computer are read from the service again.
          const back = before?.online === false && event.status.online;
          void queryClient.invalidateQueries({
            queryKey: back ? publicationKeys.all : publicationKeys.list,
          });
          break;
        }
        case 'draft-changed':
          void queryClient.invalidateQueries({ queryKey: draftKeys.revisions(event.draftId) });
          // The open editor keeps its own text; only the sync state and conflict may change.
          void queryClient.invalidateQueries({
            queryKey: draftKeys.one(event.draftId),
            exact: true,
          });
          if (event.publicationId)
            void queryClient.invalidateQueries({ queryKey: recordKeys.all(event.publicationId) });
          // Its publication's count of unsynced changes may be another now, and why each waits.
          for (const read of readCounts) read();
          break;
        case 'delete-refused':
          // A failure the writer must see, kept until dismissed: they saw the post go.
          useUi.getState().notify({
            tone: 'error',
            message: `Not deleted: “${event.title || 'Untitled'}” was changed on the service since you last saw it. Their version is shown now, yours is in its history: delete it again to delete it.`,
          });
          break;
        case 'publications-changed':
          void queryClient.invalidateQueries({ queryKey: publicationKeys.list });
          break;
        case 'menu':
          menu.current(event.command);
          break;
      }
    });
    return () => {
      unsubscribe();
      for (const read of readCounts) read.cancel();
    };
  }, [queryClient]);
}
