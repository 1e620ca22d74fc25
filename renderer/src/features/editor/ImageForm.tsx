import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { AddressForm } from './AddressForm';
import { insertImage } from './figures';
import { readImageAddress } from './image-entry';

/**
 * An image by its address, with a description for readers who cannot see it and an optional
 * caption (which makes it a figure).
 */
export function ImageForm({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  return (
    <AddressForm
      editor={editor}
      name="Image"
      addressLabel="Image address"
      className="image-form"
      onClose={onClose}
      insert={(src) => {
        const address = readImageAddress(src);
        if (!address.ok) return address.message;
        insertImage({ src: address.src, alt: alt.trim(), caption: caption.trim() })(
          editor.state,
          editor.view.dispatch,
        );
        return null;
      }}
    >
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
    </AddressForm>
  );
}
