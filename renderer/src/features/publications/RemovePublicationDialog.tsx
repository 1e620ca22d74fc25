import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import type { PublicationView } from '../../../../shared/views';
import { bridge } from '../../bridge';
import { describeError } from '../../ui/errors';
import { useModal } from '../../ui/use-modal';

const changes = (count: number): string => (count === 1 ? '1 change has' : `${count} changes have`);

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
  const pending = publication.pendingChanges;
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
            {publication.embedded ? '' : ', and its token in the keychain'}. Nothing on the service
            is deleted
            {publication.embedded
              ? ': the sample keeps its posts and pages, and Add publication can bring it back.'
              : '.'}
          </p>
          {pending > 0 && (
            <p className="error-text">
              <strong>{changes(pending)} not reached the service yet and will be lost.</strong>
            </p>
          )}
        </div>
        {remove.error && (
          <p className="error-text" role="alert">
            {describeError(remove.error)}
          </p>
        )}
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="danger"
            aria-disabled={remove.isPending ? 'true' : undefined}
            onClick={() => !remove.isPending && remove.mutate()}
          >
            {pending > 0 ? `Remove and lose ${pending === 1 ? 'it' : 'them'}` : 'Remove'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
