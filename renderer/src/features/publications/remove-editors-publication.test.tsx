// @vitest-environment jsdom
import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { giveBackHeldKeys } from '../editor/held-keys';
import { appOverRealCore } from '../../testing/app-over-real-core';

// Review P3 (fixed): Remove of the publication whose post is open in the editor, when another publication
// is active (a switch made in another window leaves the editor open, by design).
const app = appOverRealCore('publication-remove');
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => {
  document.execCommand ??= () => false;
  giveBackHeldKeys();
});

describe('Remove of the open editor’s publication, another one active', () => {
  it('saves the editor’s last words before the dialog counts what is lost', async () => {
    const user = userEvent.setup();
    const archive = await app.addArchive();
    const note = await app.bridge.records.create({
      publicationId: archive.id,
      kind: 'post',
      fields: { title: 'Ferry note', content: '<p>Boats.</p>' },
    });
    await app.bridge.publications.setActive({ id: archive.id });
    const { client, type } = await app.openInApp(note.id);
    // Another window turns to the sample; this one hears "publications-changed".
    await app.bridge.publications.setActive({ id: app.sample().id });
    const { publicationKeys } = await import('./queries');
    await act(() => client.invalidateQueries({ queryKey: publicationKeys.list }));
    await screen.findByText(app.sample().name, {
      selector: '[aria-current="true"] .publication-name',
    });
    expect(screen.queryByLabelText('Post text')).not.toBeNull();
    // The writer types, then removes the Archive at once (within the autosave's pause).
    type(' Gulls.');
    await user.click(screen.getByRole('button', { name: 'Remove Archive' }));
    const dialog = await screen.findByRole('alertdialog');
    const storedWhenCounted = (await app.bridge.drafts.get({ draftId: note.id })).fields.content;
    const warned = within(dialog).queryByText(/not reached the service yet/) !== null;
    expect({
      storedWhenCounted,
      warnedOrSaved: warned || /Gulls/.test(storedWhenCounted ?? ''),
    }).toEqual({ storedWhenCounted: expect.stringContaining('Gulls'), warnedOrSaved: true });
  }, 30_000);
});
