import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import type { PublicationView } from '../../../../shared/views';
import { bridge } from '../../bridge';
import { describeError } from '../../ui/errors';
import { useModal } from '../../ui/use-modal';
import { publicationKeys } from './queries';

const changes = (count: number): string => (count === 1 ? '1 change has' : `${count} changes have`);
const waiting = (count: number): string => (count === 1 ? '1 change is' : `${count} changes are`);
interface Counts {
  pending: number;
  mayLand: number;
}
interface Synced {
  /** The live counts when Sync now was answered, until the live view moves from them. */
  from: Counts | null;
  counts: Counts;
  /** The service did not answer. */
  silent: boolean;
  /** Its line stands: the live view has not moved on from it. */
  said: boolean;
}
const same = (a: Counts, b: Counts): boolean => a.pending === b.pending && a.mayLand === b.mayLand;

/**
 * What Sync now left, and why: the service silent, or changes that wait for the writer, not for
 * it (review P5: an edit of a live post, held for Update, was blamed on the service).
 */
const afterSync = ({ counts, silent }: Synced, name: string): string =>
  counts.pending === 0
    ? 'Everything has reached the service: nothing is lost by removing it.'
    : silent
      ? `Sync now could not send everything: ${waiting(counts.pending)} still waiting. ${name} did not answer.`
      : `Sync now sent what it could; ${waiting(counts.pending)} waiting for you, not for the service: an edit to a live post for its Update, a conflict for your choice, or a refused change for your fix.`;

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
  onClose,
  onRemoved,
}: {
  publication: PublicationView;
  onClose: () => void;
  onRemoved: () => Promise<void>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  // Live, as the sidebar hands it: a change saved in another window while the dialog is open is
  // counted (review P5: counts copied at opening warned of nothing, and the core then refused).
  const live: Counts = { pending: publication.pendingChanges, mayLand: publication.deletesMayLand };
  // Sync now counts again; its counts stand until the live view first moves from where it was,
  // and never again once it has (review P6: a change saved since, bringing the live count back to
  // where it had been, was shown as Sync now's lower count, and Remove lost more than it said).
  const [synced, setSynced] = useState<Synced | null>(null);
  const stands = synced?.from !== null && synced !== null && same(synced.from, live);
  // Its line stands while the live view has not moved on from it (the sidebar catching up with
  // it is not moving on): it was said again of counts come back by other ways (review P7).
  // Adjusted while rendering, as React documents for state that follows a prop.
  const movedOn = synced?.said === true && !same(synced.counts, live) && !stands;
  if ((synced?.from && !same(synced.from, live)) || movedOn)
    setSynced({ ...synced!, from: stands ? synced!.from : null, said: synced!.said && !movedOn });
  const { pending, mayLand } = stands ? synced.counts : live;
  const fromSync = synced?.said && same(synced.counts, { pending, mayLand }) ? synced : null;
  // The button goes once nothing is left, by this Sync now or another window's: the keyboard
  // stays in the dialog (review P6: it fell to the page).
  const syncHadFocus = useRef(false);
  useLayoutEffect(() => {
    if (pending === 0 && syncHadFocus.current) {
      syncHadFocus.current = false;
      cancel.current?.focus();
    }
  }, [pending]);
  const sync = useMutation({
    mutationFn: async () => {
      const status = await bridge.sync.syncNow({});
      const now = (await bridge.publications.list({})).find((p) => p.id === publication.id);
      if (!now) throw new Error(`“${publication.name}” is no longer in Quire.`);
      return { status, now };
    },
    onSuccess: ({ status, now }) => {
      const counts = { pending: now.pendingChanges, mayLand: now.deletesMayLand };
      setSynced({
        from: live,
        counts,
        silent: status.waitingFor.includes(publication.id),
        said: true,
      });
      void queryClient.invalidateQueries({ queryKey: publicationKeys.list });
    },
  });
  const remove = useMutation({
    // The count is read once the editor has saved, and the dialog is modal: nothing of this
    // window's adds to it meanwhile. Changes saved while the keychain works (a browser host's
    // other tab) are refused by the core, unless the writer has agreed to lose some.
    mutationFn: () =>
      bridge.publications.remove({ id: publication.id, discardUnsynced: pending > 0 }),
    onSuccess: onRemoved,
  });
  const modal = useModal(dialog, cancel);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby="remove-publication-title"
      aria-describedby="remove-publication-what"
      onClose={onClose}
      onKeyDown={modal.onKeyDown}
    >
      <form method="dialog" onSubmit={(event) => event.preventDefault()}>
        <h2 id="remove-publication-title">Remove “{publication.name}”?</h2>
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
            <p className="error-text">
              <strong>{changes(pending)} not reached the service yet and will be lost.</strong>
            </p>
          )}
          {/* Review U9: "Nothing on the service is deleted" was said while such a Delete might
              land, which only the next sync turns away. */}
          {mayLand > 0 && (
            <p className="error-text">
              <strong>{keptAfterDelete(mayLand)} may still be deleted on the service.</strong> The
              Delete went out and no answer came back; Quire turns it away at its next sync, but not
              once the publication is removed. Press Sync now first.
            </p>
          )}
        </div>
        <p role="status" className="dialog-status">
          {fromSync && afterSync(fromSync, publication.name)}
        </p>
        {(remove.error ?? sync.error) && (
          <p className="error-text" role="alert">
            {describeError(remove.error ?? sync.error)}
          </p>
        )}
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="ghost" onClick={onClose}>
            Cancel
          </button>
          {pending > 0 && (
            <button
              type="button"
              onFocus={() => (syncHadFocus.current = true)}
              // Not the window's blur (another window, another app), which leaves it focused
              // there (review P7: the focus fell to the page all the same).
              onBlur={(event) => {
                if (event.relatedTarget !== null) syncHadFocus.current = false;
              }}
              aria-disabled={sync.isPending ? 'true' : undefined}
              onClick={() => !sync.isPending && !remove.isPending && sync.mutate()}
            >
              {sync.isPending ? 'Syncing…' : 'Sync now'}
            </button>
          )}
          <button
            type="button"
            className="danger"
            aria-disabled={remove.isPending || sync.isPending ? 'true' : undefined}
            onClick={() => !remove.isPending && !sync.isPending && remove.mutate()}
          >
            {pending > 0 ? `Remove and lose ${pending === 1 ? 'it' : 'them'}` : 'Remove'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
