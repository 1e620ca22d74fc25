import type { Editor } from '@tiptap/react';
import { useId, useState } from 'react';
import { canOpen, openLink, readLinkEntry } from './link-entry';

/**
 * The link's address, edited in the page: Electron has no window.prompt(). The editor keeps its
 * selection while this has focus, and gets the focus back when it closes.
 */
export function LinkForm({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [value, setValue] = useState(previous || 'https://');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const entry = readLinkEntry(value);
    if (!entry.ok) return setError(entry.message);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (entry.href === null) chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link'))
      // Nothing selected to link: the address goes in as its own linked text.
      chain
        .insertContent({
          type: 'text',
          text: entry.href,
          marks: [{ type: 'link', attrs: { href: entry.href } }],
        })
        .run();
    else chain.setLink({ href: entry.href }).run();
    onClose();
  };
  return (
    <form
      className="link-form"
      aria-label="Link"
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
        Link address
        <input
          // Opened by the writer's own click or shortcut: the field is where they are going.
          autoFocus
          type="text"
          inputMode="url"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
      </label>
      <button type="submit" className="small">
        Apply
      </button>
      {previous && (
        <button
          type="button"
          className="small"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
        >
          Remove link
        </button>
      )}
      {canOpen(previous) && (
        // The keyboard's way to follow a link (Ctrl/Cmd+click is the pointer's): Ctrl/Cmd+K in
        // the link, then Tab to here. The form stays, for when the writer comes back.
        <button type="button" className="small" onClick={() => openLink(previous)}>
          Open link
        </button>
      )}
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
