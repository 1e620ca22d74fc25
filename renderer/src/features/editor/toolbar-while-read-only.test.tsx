// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appOverRealCore, noticeSaying } from '../../testing/app-over-real-core';
import { answeredCalls } from '../../testing/real-core';

// A review of the editor's ways out: while read-only (a Delete on its way) the text refuses every
// change (read-only-text.ts), and the header's Visual/HTML source/Publish say so (aria-disabled).
// The formatting toolbar did not: every button, Undo and Link included, was shown pressable, and
// the Link form took an address and closed on Apply as if it were done. Nothing went in, nothing
// was said; the Delete refused, the writer went on believing the link was in the post.
// Two controls opened before the Delete were missed then (review R4): the Link form's "Remove
// link" closed the form as if done (the link stayed, nothing said), and the Table tools stayed
// shown available and, pressed, did nothing, unsaid: the writer believed the link gone or the
// table in.

const app = appOverRealCore();

/** The writer links from the toolbar: Link, an address, Apply. What became of the form. */
async function linkFromToolbar(user: ReturnType<typeof userEvent.setup>, href: string) {
  const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
  const link = within(toolbar).getByRole('button', { name: 'Link' });
  const linkShown = link.getAttribute('aria-disabled');
  await user.click(link);
  const form = screen.queryByRole('form', { name: 'Link' });
  if (!form) return { linkShown, formOutcome: 'not opened' };
  const address = within(form).getByLabelText('Link address');
  await user.clear(address);
  await user.type(address, href);
  await user.click(within(form).getByRole('button', { name: 'Apply' }));
  const said = app
    .useUi()
    .getState()
    .notices.some((n) => n.message.startsWith('Not now'));
  const formOutcome = screen.queryByRole('form', { name: 'Link' })
    ? 'kept open'
    : said
      ? 'closed, said why'
      : 'closed silently';
  return { linkShown, formOutcome };
}

describe('The toolbar while a Delete is on its way', () => {
  it('(control) links when nothing is on its way', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Lighthouse days', '<p>Open daily.</p>');
    await app.openInApp(draft.id);
    const outcome = await linkFromToolbar(user, 'https://example.com/days');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect((await app.stored(draft.id)).content).toContain('https://example.com/days'),
    );
    expect(outcome).toEqual({ linkShown: null, formOutcome: 'closed silently' });
  });

  it('is shown unavailable, and pressed opens nothing', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Lighthouse hours', '<p>Open daily.</p>');
    await app.openInApp(draft.id);

    let refuse = () => {};
    answeredCalls.set(
      'records.delete',
      () => new Promise((_, reject) => (refuse = () => reject(new Error('The disk is full')))),
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Post text').getAttribute('contenteditable')).toBe('false'),
    );

    const { linkShown, formOutcome } = await linkFromToolbar(user, 'https://example.com/hours');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const allShownUnavailable = within(toolbar)
      .getAllByRole('button')
      .every((button) => button.getAttribute('aria-disabled') === 'true');

    refuse();
    await noticeSaying(/disk is full/i);
    const html = (await app.stored(draft.id)).content;
    expect({
      // Shown unavailable, as Visual and Publish are, and pressed, it opens nothing.
      linkShown,
      formOutcome,
      allShownUnavailable,
      linkInText: html.includes('example.com/hours'),
    }).toEqual({
      linkShown: 'true',
      formOutcome: 'not opened',
      allShownUnavailable: true,
      linkInText: false,
    });
  });

  it('keeps a form opened before the Delete open on Apply, and says why', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Lighthouse keepers', '<p>Open daily.</p>');
    await app.openInApp(draft.id);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    const form = await screen.findByRole('form', { name: 'Link' });

    let refuse = () => {};
    answeredCalls.set(
      'records.delete',
      () => new Promise((_, reject) => (refuse = () => reject(new Error('The disk is full')))),
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Post text').getAttribute('contenteditable')).toBe('false'),
    );
    const address = within(form).getByLabelText('Link address');
    await user.clear(address);
    await user.type(address, 'https://example.com/keepers');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    const kept = screen.queryByRole('form', { name: 'Link' });
    const said = kept ? within(kept).queryByRole('status')?.textContent : null;

    refuse();
    await noticeSaying(/disk is full/i);
    expect({
      kept: kept !== null,
      said,
      linkInText: (await app.stored(draft.id)).content.includes('example.com/keepers'),
    }).toEqual({
      kept: true,
      said: 'Not now: this text is being deleted, or replaced.',
      linkInText: false,
    });
  });
});

/** Delete pressed; the core takes its time, then refuses it. */
async function deleteThatWillBeRefused(user: ReturnType<typeof userEvent.setup>) {
  let refuse = () => {};
  answeredCalls.set(
    'records.delete',
    () => new Promise((_, reject) => (refuse = () => reject(new Error('The disk is full')))),
  );
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() =>
    expect(screen.getByLabelText('Post text').getAttribute('contenteditable')).toBe('false'),
  );
  return async () => {
    refuse();
    await noticeSaying(/disk is full/i);
  };
}

const saidNotNow = () =>
  app
    .useUi()
    .getState()
    .notices.some((n) => n.message.startsWith('Not now'));

describe('Controls opened before a Delete, used while it waits', () => {
  it('"Remove link" is shown unavailable, keeps the Link form open, and says why', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost(
      'Buoy chart',
      '<p><a href="https://example.com/buoys">Buoys</a> here.</p>',
    );
    const { editor } = await app.openInApp(draft.id);
    act(() => void editor.commands.setTextSelection(3));
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    const form = await screen.findByRole('form', { name: 'Link' });

    const refused = await deleteThatWillBeRefused(user);
    const remove = within(form).getByRole('button', { name: 'Remove link' });
    const removeShown = remove.getAttribute('aria-disabled');
    await user.click(remove);
    const formOutcome = screen.queryByRole('form', { name: 'Link' })
      ? 'kept open'
      : saidNotNow()
        ? 'closed, said why'
        : 'closed silently';
    const said = saidNotNow();
    await refused();

    expect({
      removeShown,
      formOutcome,
      said,
      linkStillInText: (await app.stored(draft.id)).content.includes('example.com/buoys'),
    }).toEqual({
      removeShown: 'true',
      formOutcome: 'kept open',
      said: true,
      linkStillInText: true,
    });
  });

  it('the Table tools are shown unavailable, and pressed, say why', async () => {
    const user = userEvent.setup();
    const draft = await app.createPost('Buoy table', '<p>Buoys here.</p>');
    await app.openInApp(draft.id);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    await user.click(within(toolbar).getByRole('button', { name: 'Table' }));
    const tools = await screen.findByRole('toolbar', { name: 'Table' });

    const refused = await deleteThatWillBeRefused(user);
    const insert = within(tools).getByRole('button', { name: 'Insert table' });
    const insertShown = insert.getAttribute('aria-disabled');
    await user.click(insert);
    const said = saidNotNow();
    await refused();

    expect({
      insertShown,
      said,
      tableInText: (await app.stored(draft.id)).content.includes('<table'),
    }).toEqual({ insertShown: 'true', said: true, tableInText: false });
  });
});
