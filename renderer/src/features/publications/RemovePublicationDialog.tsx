import { useIsFetching, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PublicationView } from '../../../../shared/views';
import { bridge } from '../../bridge';
import { describeError } from '../../ui/errors';
import { useModal } from '../../ui/use-modal';
import { publicationKeys, unsyncedQuery } from './queries';
import { afterSync } from './sync-now-counts';
import { UnsyncedList } from './UnsyncedList';
import { useSyncNowCounts } from './use-sync-now-counts';

const changes = (count: number): string => (count === 1 ? '1 change has' : `${count} changes have`);
const keptAfterDelete = (count: number): string =>
  count === 1
    ? 'A post or page you deleted and then kept'
    : `${count} posts or pages you deleted and then kept`;

/**
 * Asks before Quire forgets a publication, in the page rather than a native dialog: it says what
 * goes (and what stays on the service), and Cancel has the focus, so Enter alone loses nothing.
 */
export function RemovePublicationDialog({
  publication,
  gone = false,
  onClose,
  onRemoved,
}: {
  publication: PublicationView;
  /** No longer in Quire: removed in another window (review P9: Remove was still offered). */
  gone?: boolean;
  onClose: () => void;
  onRemoved: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const {
    counts: { pending, mayLand },
    line,
    sync,
    listRead,
  } = useSyncNowCounts(publication);
  // A button that had the focus goes (Sync now once nothing is left, Remove and Sync now when
  // the publication is gone, Read again once read): the keyboard stays in the dialog, on Cancel
  // (reviews P6, P10, P11: it fell to the page). After every render: any of them may go.
  useLayoutEffect(() => {
    const open = dialog.current;
    if (open?.open && !open.contains(document.activeElement)) cancel.current?.focus();
  });
  // What would be lost, by name: the writer agrees to lose those, and the core refuses the Remove
  // if anything else is unsynced by then (review P9: a change saved in another window after the
  // dialog counted went with the publication, the count not yet read again).
  const listed = useQuery({ ...unsyncedQuery(publication.id), enabled: pending > 0 });
  const named = listed.data?.map((one) => one.draftId);
  // Read again whenever the counts move, as what is at stake moves with them, a read on its way
  // cancelled (review P13: joined, it answered from before the change). Only a read settled since
  // they last moved (or since the dialog opened) speaks for them (review P12).
  const { refetch } = listed;
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    if (pending > 0) void refetch();
  }, [pending, mayLand, refetch]);
  // How many reads of the list have settled, answered or failed: a count, not a clock (review
  // P13: two reads in one millisecond, or a clock set back, left Remove waiting for good).
  const state = queryClient.getQueryState(unsyncedQuery(publication.id).queryKey);
  const reads = (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0);
  const [moved, setMoved] = useState({ pending, mayLand, reads });
  // Adjusted while rendering, as React documents for state that follows a prop.
  if (moved.pending !== pending || moved.mayLand !== mayLand) setMoved({ pending, mayLand, reads });
  const readSinceMoved = reads > moved.reads;
  useEffect(() => {
    if (listed.data) listRead(listed.data.length, listed.dataUpdatedAt);
  }, [listed.data, listed.dataUpdatedAt, listRead]);
  const countsReading = useIsFetching({ queryKey: publicationKeys.list }) > 0;
  const remove = useMutation({
    mutationFn: () =>
      bridge.publications.remove({
        id: publication.id,
        discardUnsynced: pending > 0,
        ...(pending > 0 && { losing: named }),
      }),
    onSuccess: onRemoved,
  });
  // A refusal of when something was left ("Sync first") goes once nothing is (review P12: it stood
  // beside a plain Remove, no Sync now left to clear it).
  const { reset: resetRemove, isError: removeRefused } = remove;
  useEffect(() => {
    if (pending === 0 && removeRefused) resetRemove();
  }, [pending, removeRefused, resetRemove]);
  // Not before the list of what it loses is read and agrees with the count said (review P10: read
  // before the count, it named two beside "lose 1 change"), nor while Sync now or Remove goes.
  const disagree = pending > 0 && named !== undefined && named.length !== pending;
  // Nor over a list read before the dialog opened or before the counts last moved, nor one whose
  // read failed (review P12: a list read long before, a count come back to its length, named a
  // change no longer at stake; "could not read" stood beside a Remove that could be pressed).
  const listWaits =
    pending > 0 && (named === undefined || listed.isFetching || listed.isError || !readSinceMoved);
  const removeWaits = remove.isPending || sync.isPending || listWaits || disagree;
  // Remove waits: said why, with a way to read again, unless the reads are on their way (reviews
  // P10, P11: disabled without a word when one of them failed).
  const stuck =
    listed.isError || (disagree && readSinceMoved && !listed.isFetching && !countsReading);
  const readAgain = () => {
    void queryClient.invalidateQueries({ queryKey: publicationKeys.list });
    void listed.refetch();
  };
  // Once Remove is on its way it cannot be called back: Cancel and Escape would close the dialog
  // while the publication went all the same (review P9).
  const closeWaits = remove.isPending;
  // Said only of another window's Remove: this one's, done, closes the dialog itself.
  const goneElsewhere = gone && !remove.isPending && !remove.isSuccess;
  const modal = useModal(dialog, cancel);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby="remove-publication-title"
      aria-describedby="remove-publication-what"
      onClose={() => {
        // Closed all the same (Chromium lets a second Escape through unpreventable): shown again,
        // as the Remove it is waiting for still goes (review P10).
        if (closeWaits) dialog.current?.showModal();
        else onClose();
      }}
      onCancel={(event) => closeWaits && event.preventDefault()}
      onKeyDown={(event) => {
        // The one place Chromium's close request can still be stopped, every time.
        if (event.key === 'Escape' && closeWaits) event.preventDefault();
        modal.onKeyDown(event);
      }}
    >
      <form method="dialog" onSubmit={(event) => event.preventDefault()}>
        <h2 id="remove-publication-title">Remove “{publication.name}”?</h2>
        {goneElsewhere ? (
          <p id="remove-publication-what">
            It is no longer in Quire: it was removed in another window.
          </p>
        ) : (
          <div id="remove-publication-what">
            <p>
              Quire forgets it on this computer: its lists, its drafts and revisions
              {publication.embedded ? '' : ', and its token in the keychain'}. Removing it deletes
              nothing on the service
              {publication.embedded
                ? ': the sample keeps its posts and pages, and Add publication can bring it back.'
                : '.'}
            </p>
            {pending > 0 && (
              <>
                <p className="error-text">
                  <strong>{changes(pending)} not reached the service yet and will be lost.</strong>
                </p>
                <UnsyncedList
                  // Not a list read before the dialog opened: the one it sends is read anew.
                  items={listed.isFetchedAfterMount ? listed.data : undefined}
                />
                {/* Remove waits for this list: not left disabled without a word (review P10). */}
                {stuck && (
                  <p className="error-text" role="alert">
                    {listed.isError
                      ? `Quire could not read which changes Remove would lose: ${describeError(listed.error)}`
                      : 'The changes counted and the changes named differ: something changed as they were read.'}{' '}
                    <button type="button" className="ghost small" onClick={readAgain}>
                      Read again
                    </button>
                  </p>
                )}
              </>
            )}
            {/* Review U9: "Nothing on the service is deleted" was said while such a Delete might
              land, which only the next sync turns away. */}
            {mayLand > 0 && (
              <p className="error-text">
                <strong>{keptAfterDelete(mayLand)} may still be deleted on the service.</strong> The
                Delete went out and no answer came back; Quire turns it away at its next sync, but
                not once the publication is removed. Press Sync now first.
              </p>
            )}
            {/* Inside the words the dialog is described by, so that, empty, it takes no room. */}
            <p role="status" className="dialog-status">
              {line && afterSync(line, publication.name)}
            </p>
          </div>
        )}
        {!goneElsewhere && (remove.error ?? sync.error) && (
          <p className="error-text" role="alert">
            {describeError(remove.error ?? sync.error)}
          </p>
        )}
        <div className="dialog-actions">
          <button
            ref={cancel}
            type="button"
            className="ghost"
            aria-disabled={closeWaits ? 'true' : undefined}
            onClick={() => !closeWaits && onClose()}
          >
            {goneElsewhere ? 'Close' : 'Cancel'}
          </button>
          {!goneElsewhere && pending > 0 && (
            <button
              type="button"
              aria-disabled={sync.isPending ? 'true' : undefined}
              onClick={() => {
                if (sync.isPending || remove.isPending) return;
                // A Remove refused before is old news once Sync now goes (review P9).
                remove.reset();
                sync.mutate();
              }}
            >
              {sync.isPending ? 'Syncing…' : 'Sync now'}
            </button>
          )}
          {!goneElsewhere && (
            <button
              type="button"
              className="danger"
              aria-disabled={removeWaits ? 'true' : undefined}
              onClick={() => !removeWaits && remove.mutate()}
            >
              {pending > 0
                ? `Remove and lose ${pending === 1 ? '1 change' : `${pending} changes`}`
                : 'Remove'}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}
