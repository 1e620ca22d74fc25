import type { Editor } from '@tiptap/react';
import { useId, useState, type ReactNode } from 'react';
import { NOT_NOW_READ_ONLY } from './read-only-text-note';

/**
 * A form under the toolbar that puts something at an address into the text (a link, an image,
 * an embed): the address first, the form's other fields after it, and what is wrong with the address
 * said beside it. The editor keeps its selection while this has focus, and gets the focus back
 * when it closes.
 */
export function AddressForm({
  editor,
  name,
  addressLabel,
  className = '',
  initial = 'https://',
  submitText = 'Insert',
  children,
  actions,
  insert,
  onClose,
}: {
  editor: Editor;
  /** The form's accessible name: "Link", "Image", "Embed". */
  name: string;
  addressLabel: string;
  className?: string;
  /** The address it opens with. */
  initial?: string;
  submitText?: string;
  /** The fields after the address. */
  children?: ReactNode;
  /** Buttons of its own, between the submit and Cancel. */
  actions?: ReactNode;
  /** Puts it in, or says why not. */
  insert(address: string): string | null;
  onClose(): void;
}) {
  const [address, setAddress] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  return (
    <form
      className={`link-form ${className}`.trim()}
      aria-label={name}
      onSubmit={(event) => {
        event.preventDefault();
        // Opened before the text turned read-only (a Delete or a replaced text on its way): the
        // text takes nothing, and a form closed as if done left the writer believing it went in
        // (a review of the editor's ways out). Kept open, said why, to apply once it may.
        const refused = editor.isEditable ? insert(address) : NOT_NOW_READ_ONLY;
        if (refused) setError(refused);
        else close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
    >
      <label>
        {addressLabel}
        <input
          // Opened by the writer's own click or shortcut: the field is where they are going.
          autoFocus
          type="text"
          inputMode="url"
          value={address}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setAddress(event.target.value);
            setError(null);
          }}
        />
      </label>
      {children}
      <button type="submit" className="small">
        {submitText}
      </button>
      {actions}
      <button type="button" className="small ghost" onClick={close}>
        Cancel
      </button>
      {error && (
        <span id={errorId} className="field-error" role="status">
          {error}
        </span>
      )}
    </form>
  );
}
