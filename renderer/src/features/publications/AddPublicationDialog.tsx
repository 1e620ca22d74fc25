import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { bridge } from '../../bridge';
import { describeError, fieldErrorsOf } from '../../ui/errors';
import { publicationKeys } from './queries';

const FIELDS = [
  { name: 'name', label: 'Name', placeholder: 'My blog', type: 'text' },
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

export function AddPublicationDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>({ name: '', baseUrl: '', subdomain: '', token: '' });
  const add = useMutation({
    mutationFn: () =>
      bridge.publications.add({
        name: values.name.trim() || undefined,
        baseUrl: values.baseUrl.trim(),
        subdomain: values.subdomain.trim(),
        token: values.token.trim(),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: publicationKeys.all });
      onClose();
    },
  });
  useEffect(() => {
    const opener = document.activeElement;
    dialog.current?.showModal();
    // The dialog leaves the DOM while open, so the browser's own focus return never runs.
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  const fieldErrors = fieldErrorsOf(add.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };

  return (
    <dialog ref={dialog} aria-labelledby="add-publication-title" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id="add-publication-title">Add publication</h2>
        {FIELDS.map((field) => {
          const errors = fieldErrors[field.name];
          const id = `add-${field.name}`;
          return (
            <label key={field.name} htmlFor={id}>
              {field.label}
              <input
                id={id}
                name={field.name}
                type={field.type}
                placeholder={field.placeholder}
                autoComplete="off"
                required={field.name !== 'name'}
                aria-invalid={errors ? 'true' : undefined}
                aria-describedby={errors ? `${id}-error` : undefined}
                value={values[field.name]}
                onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
              />
              {errors && (
                <span id={`${id}-error`} className="field-error">
                  {errors.join(', ')}
                </span>
              )}
            </label>
          );
        })}
        {add.error && (
          <p className="error-text" role="alert">
            {describeError(add.error)}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Checking…' : 'Add publication'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
