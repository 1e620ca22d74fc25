import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { PublicationView } from '../../../../shared/views';
import { bridge } from '../../bridge';
import { describeError, fieldErrorsOf } from '../../ui/errors';
import { useModal } from '../../ui/use-modal';
import { publicationKeys } from './queries';

/**
 * A revoked or rotated token is replaced in place: removing the publication to add it again would
 * lose every change not yet on the service. The core stores the new token only once the service
 * has accepted it.
 */
export function ReplaceTokenDialog({
  publication,
  onClose,
  onReplaced,
}: {
  publication: PublicationView;
  onClose: () => void;
  onReplaced: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [token, setToken] = useState('');
  const replace = useMutation({
    mutationFn: () => bridge.publications.setToken({ id: publication.id, token: token.trim() }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: publicationKeys.all });
      onReplaced();
    },
  });
  const modal = useModal(dialog, field);
  const error = replace.error
    ? (fieldErrorsOf(replace.error).token?.[0] ?? describeError(replace.error))
    : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!replace.isPending) replace.mutate();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="replace-token-title"
      onClose={onClose}
      onKeyDown={modal.onKeyDown}
    >
      <form onSubmit={submit} noValidate>
        <h2 id="replace-token-title">New token for “{publication.name}”</h2>
        <p className="hint">
          For {publication.subdomain} at {publication.baseUrl}. Quire checks it with the service and
          keeps it in the system keychain; drafts and waiting changes stay as they are.
        </p>
        <div className="field">
          <label htmlFor="replace-token">Access token</label>
          <input
            ref={field}
            id="replace-token"
            type="password"
            autoComplete="off"
            required
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? 'replace-token-error' : undefined}
            value={token}
            onChange={(event) => setToken(event.target.value)}
          />
          {error && (
            <span id="replace-token-error" className="field-error" role="alert">
              {error}
            </span>
          )}
        </div>
        <div className="dialog-actions">
          <button type="button" className="ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" aria-disabled={replace.isPending ? 'true' : undefined}>
            {replace.isPending ? 'Checking…' : 'Replace token'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
