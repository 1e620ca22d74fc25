import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { AddressForm } from './AddressForm';
import { readEmbed } from './embed-entry';
import { insertEmbed } from './embeds';

/**
 * A player in the post: a video's page address (YouTube, Vimeo), a track's (Spotify), or the
 * embed code a site offers; with the title a screen reader announces for it.
 */
export function EmbedForm({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const [title, setTitle] = useState('');
  return (
    <AddressForm
      editor={editor}
      name="Embed"
      addressLabel="Video or player address, or embed code"
      className="embed-form"
      onClose={onClose}
      insert={(address) => {
        const entry = readEmbed(address, title);
        if (!entry.ok) return entry.message;
        insertEmbed(entry.attributes)(editor.state, editor.view.dispatch);
        return null;
      }}
    >
      <label>
        Title
        <input
          type="text"
          value={title}
          placeholder="What it is, for screen readers"
          onChange={(event) => setTitle(event.target.value)}
        />
      </label>
    </AddressForm>
  );
}
