import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import type { PublicationView } from '../../../../shared/views';
import { bridge } from '../../bridge';
import { describeError } from '../../ui/errors';
import { useModal } from '../../ui/use-modal';
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
  onClose,
  onRemoved,
}: {
  publication: PublicationView;
  onClose: () => void;
  onRemoved: () => Promise<void>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const {
    counts: { pending, mayLand },
    line,
    sync,
  } = useSyncNowCounts(publication);
  // The button goes once nothing is left, by this Sync now or another window's: the keyboard
  // stays in the dialog (review P6: it fell to the page).
  const syncHadFocus = useRef(false);
  useLayoutEffect(() => {
    if (pending === 0 && syncHadFocus.current) {
      syncHadFocus.current = false;
      cancel.current?.focus();
    }
  }, [pending]);
  const remove = useMutation({
    // The counts shown, read once the editor has saved and following the live view since: the
    // writer agrees to lose what they see counted. Changes saved while the keychain works (a
    // browser host's other tab) are refused by the core, unless the writer has agreed to lose some.
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
            <>
              <p className="error-text">
                <strong>{changes(pending)} not reached the service yet and will be lost.</strong>
              </p>
              <UnsyncedList publicationId={publication.id} counts={[pending, mayLand]} />
            </>
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
          {/* Inside the words the dialog is described by, so that, empty, it takes no room. */}
          <p role="status" className="dialog-status">
            {line && afterSync(line, publication.name)}
          </p>
        </div>
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
            {pending > 0
              ? `Remove and lose ${pending === 1 ? '1 change' : `${pending} changes`}`
              : 'Remove'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
