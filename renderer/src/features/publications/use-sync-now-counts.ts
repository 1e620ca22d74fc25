import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { PublicationView } from '../../../../shared/views';
import { bridge } from '../../bridge';
import { publicationKeys } from './queries';
import {
  afterListRead,
  followLive,
  forWriterOf,
  shownCounts,
  type Counts,
  type Synced,
} from './sync-now-counts';

/** The clock TanStack Query stamps a read with (`dataUpdatedAt`). */
const clock = (): number => Date.now();

const countsOf = (view: PublicationView): Counts => ({
  pending: view.pendingChanges,
  mayLand: view.deletesMayLand,
});

/**
 * Remove's counts, live as the sidebar hands the publication (review P5: counts copied at
 * opening warned of nothing, and the core then refused), and its Sync now, which counts again.
 */
export function useSyncNowCounts(publication: PublicationView) {
  const queryClient = useQueryClient();
  const live = countsOf(publication);
  const [synced, setSynced] = useState<Synced | null>(null);
  // Adjusted while rendering, as React documents for state that follows a prop.
  const followed = synced && followLive(synced, live);
  if (followed !== synced) setSynced(followed);
  const sync = useMutation({
    mutationFn: async () => {
      const status = await bridge.sync.syncNow({});
      const now = (await bridge.publications.list({})).find((p) => p.id === publication.id);
      if (!now) throw new Error(`“${publication.name}” is no longer in Quire.`);
      const left = await bridge.publications.unsynced({ id: publication.id });
      // When its list was read: a read of the dialog's list after it is newer.
      return { status, now, left, at: clock() };
    },
    onSuccess: ({ status, now, left, at }) => {
      const silent = status.waitingFor.includes(publication.id);
      const forWriter = forWriterOf(left);
      // Its count is the list's: a save between the two reads is in the second only, and the line
      // said more waited than the count beside it (review P10).
      const counts = { pending: left.length, mayLand: now.deletesMayLand };
      setSynced({ from: live, counts, silent, forWriter, said: true, at });
      void queryClient.invalidateQueries({ queryKey: publicationKeys.list });
      // Why each has not gone may be another now, its count the same (review P8: "not on the
      // service yet" beside a change Sync now had got refused).
      void queryClient.invalidateQueries({ queryKey: publicationKeys.unsyncedAll });
    },
  });
  // Stable, for the dialog's effect on each read of its list.
  const listRead = useCallback(
    (listed: number, readAt: number) =>
      setSynced((now) => (now === null ? now : afterListRead(now, listed, readAt))),
    [],
  );
  return { ...shownCounts(synced, live), sync, listRead };
}
