import type { Mark } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';
import { AddressForm } from './AddressForm';
import { canOpen, openLink, readLinkEntry } from './link-entry';
import { sayNotNow } from './read-only-text-note';

/**
 * Words naming a place among other words made a link: an <a> holds no other <a>, so each place
 * becomes an empty anchor (`<a name="intro"></a>`) just before the link, in the same line, and
 * the link spans all the words. Else the link skipped the named words, a hole in it.
 */
function keepPlacesAsAnchors(tr: Transaction, from: number, to: number): void {
  const namedPlace = tr.doc.type.schema.marks.namedPlace;
  const namedAnchor = tr.doc.type.schema.nodes.namedAnchor;
  if (!namedPlace || !namedAnchor) return;
  const runs: { from: number; to: number; mark: Mark }[] = [];
  tr.doc.nodesBetween(from, to, (node, pos) => {
    const mark = node.isText ? namedPlace.isInSet(node.marks) : undefined;
    if (!mark) return;
    const last = runs[runs.length - 1];
    if (last && last.to === pos && last.mark.eq(mark)) last.to = pos + node.nodeSize;
    else runs.push({ from: pos, to: pos + node.nodeSize, mark });
  });
  for (const run of runs) tr.removeMark(run.from, run.to, namedPlace);
  // Before the link, not in it: an <a> inside another is closed by the browser, the rest unlinked.
  tr.insert(
    from,
    runs.map(({ mark }) => namedAnchor.create({ id: mark.attrs.id, name: mark.attrs.name })),
  );
}

/**
 * The link's address, edited in the page: Electron has no window.prompt(). The editor keeps its
 * selection while this has focus, and gets the focus back when it closes.
 */
export function LinkForm({
  editor,
  readOnly,
  onClose,
}: {
  editor: Editor;
  /** A Delete or a replaced text on its way, the form opened before it (AddressForm.tsx). */
  readOnly: boolean;
  onClose(): void;
}) {
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
    } else
      chain
        .command(({ tr, state }) => {
          keepPlacesAsAnchors(tr, state.selection.from, state.selection.to);
          return true;
        })
        .setLink({ href: entry.href })
        .run();
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
              // Kept open, said why, as Apply is: it closed the form as if done, the link still
              // in the text, nothing said (review R4).
              aria-disabled={readOnly ? 'true' : undefined}
              onClick={() => {
                if (readOnly) return sayNotNow();
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
