import type { Editor } from '@tiptap/react';
import { AddressForm } from './AddressForm';
import { canOpen, openLink, readLinkEntry } from './link-entry';

/**
 * The link's address, edited in the page: Electron has no window.prompt(). The editor keeps its
 * selection while this has focus, and gets the focus back when it closes.
 */
export function LinkForm({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
  const apply = (value: string): string | null => {
    const entry = readLinkEntry(value);
    if (!entry.ok) return entry.message;
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
    else if (editor.isActive('namedPlace')) {
      // Words that name a place (`<a name="intro">`) become the link, and the link keeps the
      // place's name as its id: links to #intro still land there. An <a> holds no other <a>.
      const place = editor.getAttributes('namedPlace') as { id?: string; name?: string };
      chain
        .extendMarkRange('namedPlace')
        .unsetMark('namedPlace')
        .setLink({ href: entry.href })
        .updateAttributes('link', { id: place.id ?? place.name ?? null })
        .run();
    } else chain.setLink({ href: entry.href }).run();
    return null;
  };
  return (
    <AddressForm
      editor={editor}
      name="Link"
      addressLabel="Link address"
      initial={previous || 'https://'}
      submitText="Apply"
      insert={apply}
      onClose={onClose}
      actions={
        <>
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
            // The keyboard's way to follow a link (Ctrl/Cmd+click is the pointer's): Ctrl/Cmd+K
            // in the link, then Tab to here. The form stays, for when the writer comes back.
            <button type="button" className="small" onClick={() => openLink(previous)}>
              Open link
            </button>
          )}
        </>
      }
    />
  );
}
