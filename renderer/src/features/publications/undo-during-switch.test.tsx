// @vitest-environment jsdom
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  appOverRealCore,
  editorOf,
  noticeButton,
  noticeSaying,
  typeAtEnd,
} from '../../testing/app-over-real-core';
import { heldCalls } from '../../testing/real-core';

// Review P4 (left then, fixed since): Undo of a Delete pressed while a switch was on its way
// turned the core back to the post's publication, and the switch, answered after, ended on its
// own: the sidebar and core on one publication, the post's editor beside them.
const app = appOverRealCore('undo-during-switch');
configure({ asyncUtilTimeout: 10_000 });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sidebar = () =>
  document.querySelector('[aria-current="true"] .publication-name')?.textContent ?? null;
const active = async () =>
  (await app.bridge.publications.list({})).find((p) => p.active)?.name ?? null;

/** Where the writer ends: the sidebar, the core, and the post open or not. */
const where = async (draftId: string) => ({
  sidebar: sidebar(),
  core: await active(),
  open: app.useUi().getState().openDraftId === draftId,
});

describe('Undo of a Delete pressed while a switch is on its way', () => {
  it('ends on the post’s publication, sidebar, core and editor alike (Undo came last)', async () => {
    const user = userEvent.setup();
    const { note, deleted } = await app.deletedOnArchive(user);
    let answer = () => {};
    heldCalls.set('publications.setActive', new Promise<void>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: new RegExp(`^${app.sample().name}`) }));
    await user.click(noticeButton(deleted, 'Undo'));
    await wait(300);
    answer();
    heldCalls.clear();
    await screen.findByLabelText('Post text');
    await waitFor(async () =>
      expect(await where(note.id)).toEqual({ sidebar: 'Archive', core: 'Archive', open: true }),
    );
  }, 30_000);

  it('a switch clicked while Undo turns back ends on the switch, the post not opened over it', async () => {
    const user = userEvent.setup();
    const { note, deleted } = await app.deletedOnArchive(user);
    // Undo, on the Archive already, opens the post at once; so the writer first goes to the
    // sample, and Undo turns back to the Archive while the core is slow to answer.
    await user.click(screen.getByRole('button', { name: new RegExp(`^${app.sample().name}`) }));
    await screen.findByText(app.sample().name, { selector: '.current-publication strong' });
    await wait(500);
    let answer = () => {};
    heldCalls.set('publications.setActive', new Promise<void>((resolve) => (answer = resolve)));
    await user.click(noticeButton(deleted, 'Undo'));
    await wait(300);
    await user.click(screen.getByRole('button', { name: new RegExp(`^${app.sample().name}`) }));
    answer();
    heldCalls.clear();
    // Undo's way ends with its notice: then nothing more moves.
    await noticeSaying(/^“Archived note” is back in Archive\.$/);
    expect(await where(note.id)).toEqual({
      sidebar: app.sample().name,
      core: app.sample().name,
      open: false,
    });
    // It is back all the same.
    expect((await app.bridge.drafts.get({ draftId: note.id })).fields.title).toBe('Archived note');
  }, 30_000);
});

/** The writer back on the sample, then Undo pressed while the core is slow to turn. */
async function undoHeld(user: ReturnType<typeof userEvent.setup>, deleted: HTMLElement) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${app.sample().name}`) }));
  await screen.findByText(app.sample().name, { selector: '.current-publication strong' });
  await wait(500);
  let answer = () => {};
  heldCalls.set('publications.setActive', new Promise<void>((resolve) => (answer = resolve)));
  return {
    press: () => user.click(noticeButton(deleted, 'Undo')),
    answer: () => {
      answer();
      heldCalls.clear();
    },
  };
}

// Review P5 (fixed): Undo's answer opened the post over whatever the writer opened meanwhile.
describe('Undo turning back, a New post made meanwhile on the publication shown chosen', () => {
  it('leaves the New post the writer is typing in open', async () => {
    const user = userEvent.setup();
    const { note, deleted } = await app.deletedOnArchive(user);
    const undo = await undoHeld(user, deleted);
    await undo.press();
    await screen.findByText('Archive', { selector: '[aria-current="true"] .publication-name' });
    await user.click(screen.getByRole('button', { name: 'New post' }));
    await screen.findByLabelText('Post text');
    const made = app.useUi().getState().openDraftId;
    expect([made === null, made === note.id]).toEqual([false, false]);
    typeAtEnd(editorOf(screen.getByLabelText('Post text')), 'Words of the new post');
    undo.answer();
    // Undo's way ends with its notice: then nothing more moves.
    await noticeSaying(/^“Archived note” is back in Archive\.$/);
    expect({ open: app.useUi().getState().openDraftId, core: await active() }).toEqual({
      open: made,
      core: 'Archive',
    });
  }, 30_000);
});

// Review P5 (fixed): Undo's switch cleared Drafts only but not the search, which hid the post's
// publication's list while the core turned.
describe('Undo turning back, a search typed on the other publication', () => {
  it('shows the post’s publication unsearched while the core turns', async () => {
    const user = userEvent.setup();
    const { deleted } = await app.deletedOnArchive(user);
    const undo = await undoHeld(user, deleted);
    const searchbox = () => screen.getByRole('searchbox') as HTMLInputElement;
    fireEvent.change(searchbox(), { target: { value: 'tide' } });
    await undo.press();
    await screen.findByText('Archive', { selector: '.current-publication strong' });
    await wait(300);
    const during = { sidebar: sidebar(), search: searchbox().value };
    undo.answer();
    await wait(1_500);
    expect(during).toEqual({ sidebar: 'Archive', search: '' });
  }, 30_000);
});

// Review P6 (fixed): a switch clicked with an editor open closes that editor when answered, and
// Undo, pressed after, took the closing for another post opened meanwhile and let its post go.
describe('Undo pressed while a switch is on its way, an editor open at the click', () => {
  it('ends on the post’s publication with the post open (Undo came last)', async () => {
    const user = userEvent.setup();
    const { note, deleted } = await app.deletedOnArchive(user);
    const other = await app.bridge.records.create({
      publicationId: note.publicationId,
      kind: 'post',
      fields: { title: 'Other note', content: '<p>Other.</p>' },
    });
    act(() => app.useUi().getState().openDraft(other.id));
    await screen.findByLabelText('Post text');
    await wait(300);
    let answer = () => {};
    heldCalls.set('publications.setActive', new Promise<void>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: new RegExp(`^${app.sample().name}`) }));
    await wait(200);
    await user.click(noticeButton(deleted, 'Undo'));
    await wait(500);
    answer();
    heldCalls.clear();
    await waitFor(async () =>
      expect(await where(note.id)).toEqual({ sidebar: 'Archive', core: 'Archive', open: true }),
    );
    expect(
      app
        .useUi()
        .getState()
        .notices.some((n) => n.message.includes('is back in')),
    ).toBe(false);
  }, 30_000);
});
