import type { Editor } from '@tiptap/react';
import { useId, useState } from 'react';
import { insertImage } from './figures';
import { readImageAddress } from './image-entry';

/**
 * An image by its address, with a description for readers who cannot see it and an optional
 * caption (which makes it a figure). The editor keeps its selection while this has focus.
 */
export function ImageForm({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const [src, setSrc] = useState('https://');
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const address = readImageAddress(src);
    if (!address.ok) return setError(address.message);
    insertImage({ src: address.src, alt: alt.trim(), caption: caption.trim() })(
      editor.state,
      editor.view.dispatch,
    );
    close();
  };
  return (
    <form
      className="link-form image-form"
      aria-label="Image"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
    >
      <label>
        Image address
        <input
          // Opened by the writer's own click: the field is where they are going.
          autoFocus
          type="text"
          inputMode="url"
          value={src}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setSrc(event.target.value);
            setError(null);
          }}
        />
      </label>
      <label>
        Description
        <input
          type="text"
          value={alt}
          placeholder="What it shows, for readers who cannot see it"
          onChange={(event) => setAlt(event.target.value)}
        />
      </label>
      <label>
        Caption
        <input
          type="text"
          value={caption}
          placeholder="Optional"
          onChange={(event) => setCaption(event.target.value)}
        />
      </label>
      <button type="submit" className="small">
        Insert
      </button>
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
