import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PublicationView } from '../../../../shared/views';
import { bridge } from '../../bridge';
import { describeError, fieldErrorsOf } from '../../ui/errors';
import { useModal } from '../../ui/use-modal';
import { useUi } from '../../ui-store';
import { publicationKeys, sampleAwayQuery } from './queries';

const FIELDS = [
  {
    name: 'name',
    label: 'Name',
    placeholder: 'My blog',
    type: 'text',
    hint: 'Optional: left empty, it takes the name the service gives it.',
  },
  {
    name: 'baseUrl',
    label: 'Service address',
    placeholder: 'https://api.example.com',
    type: 'url',
  },
  { name: 'subdomain', label: 'Subdomain', placeholder: 'myblog', type: 'text' },
  { name: 'token', label: 'Access token', placeholder: '', type: 'password' },
] as const;

type Values = Record<(typeof FIELDS)[number]['name'], string>;

export function AddPublicationDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (publication: PublicationView) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>({ name: '', baseUrl: '', subdomain: '', token: '' });
  // Cancelled while the service was checked, the dialog is gone when the add answers: the
  // publication is in Quire (the core added it), said so, but the writer is not taken to it
  // (review P1: the editor they had gone back to closed, and the sidebar turned to it).
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const added = async (publication: PublicationView) => {
    await queryClient.invalidateQueries({ queryKey: publicationKeys.list });
    if (!shown.current) {
      useUi.getState().notify({
        tone: 'info',
        message: `${publication.name} was added after all: its service answered after you cancelled. Remove it from the sidebar if you do not want it.`,
      });
      return;
    }
    onClose();
    onAdded(publication);
  };
  const add = useMutation({
    mutationFn: () =>
      bridge.publications.add({
        name: values.name.trim() || undefined,
        baseUrl: values.baseUrl.trim(),
        subdomain: values.subdomain.trim(),
        token: values.token.trim(),
      }),
    onSuccess: added,
  });
  // Removed, the sample's token is nowhere to be typed: it is offered back here instead.
  const { data: sampleAway } = useQuery(sampleAwayQuery());
  const restore = useMutation({
    mutationFn: () => bridge.publications.restoreSample({}),
    onSuccess: added,
  });
  const modal = useModal(dialog);

  const fieldErrors = fieldErrorsOf(add.error);
  const invalid = FIELDS.filter((field) => fieldErrors[field.name]?.length);
  // After a refused submit, the keyboard goes to the first field that needs changing, unless the
  // writer has moved on while the check ran: typing in another field, it stays where it is.
  const submittedFrom = useRef<Element | null>(null);
  useEffect(() => {
    const first = invalid[0];
    const focus = document.activeElement;
    const stayed =
      focus === submittedFrom.current || focus === document.body || focus === dialog.current;
    if (first && stayed) document.getElementById(`add-${first.name}`)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [add.error]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    submittedFrom.current = document.activeElement;
    if (!add.isPending) add.mutate();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="add-publication-title"
      onClose={onClose}
      onKeyDown={modal.onKeyDown}
    >
      <form onSubmit={submit} noValidate>
        <h2 id="add-publication-title">Add publication</h2>
        {sampleAway && (
          <div className="field">
            <p>The Local sample you removed is still on this computer, with its posts and pages.</p>
            <button
              type="button"
              aria-disabled={restore.isPending ? 'true' : undefined}
              onClick={() => !restore.isPending && restore.mutate()}
            >
              Bring back the Local sample
            </button>
          </div>
        )}
        {restore.error && (
          <p className="error-text" role="alert">
            {describeError(restore.error)}
          </p>
        )}
        {FIELDS.map((field) => {
          // One message at a time, the first the field fails; outside the label, so it is the
          // field's description, not part of its name.
          const error = fieldErrors[field.name]?.[0];
          const id = `add-${field.name}`;
          const hint = 'hint' in field ? field.hint : undefined;
          const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean);
          return (
            <div key={field.name} className="field">
              <label htmlFor={id}>{field.label}</label>
              <input
                id={id}
                name={field.name}
                type={field.type}
                placeholder={field.placeholder}
                autoComplete="off"
                required={field.name !== 'name'}
                aria-invalid={error ? 'true' : undefined}
                aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
                value={values[field.name]}
                onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
              />
              {hint && (
                <span id={`${id}-hint`} className="hint">
                  {hint}
                </span>
              )}
              {error && (
                <span id={`${id}-error`} className="field-error">
                  {error}
                </span>
              )}
            </div>
          );
        })}
        {add.error && (
          <p className="error-text" role="alert">
            {/* A refusal that names fields is said once, under them (a refused token too); this
                line points there. The contract's own refusal names a method, not the writer's words. */}
            {invalid.length > 0
              ? `Check ${invalid.length === 1 ? 'the field' : `the ${invalid.length} fields`} marked above.`
              : describeError(add.error)}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" aria-disabled={add.isPending ? 'true' : undefined}>
            {add.isPending ? 'Checking…' : 'Add publication'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
