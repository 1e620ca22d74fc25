// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { giveBackHeldKeys } from '../editor/held-keys';
import { appOverRealCore } from '../../testing/app-over-real-core';
import { heldCalls } from '../../testing/real-core';

// Review P3 (fixed): the switch shown at once (a7c2b7d), while the core is slow to agree.
const app = appOverRealCore('switch-at-once');
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => {
  document.execCommand ??= () => false;
  giveBackHeldKeys();
  app.useUi().setState({ draftsOnly: false, search: '', page: 1, switchingTo: null });
});
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sidebar = () =>
  document.querySelector('[aria-current="true"] .publication-name')?.textContent ?? null;
const searchbox = () => screen.getByRole('searchbox') as HTMLInputElement;
const draftsOnly = () =>
  (screen.getByRole('checkbox', { name: 'Drafts only' }) as HTMLInputElement).checked;

const renderApp = async () => {
  const { App } = await import('../../App');
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <App />
    </QueryClientProvider>,
  );
  await screen.findByText(app.sample().name, { selector: '.current-publication strong' });
  return client;
};

describe('A switch shown before the core agrees', () => {
  it('does not show the Archive’s posts through the sample’s search and Drafts only', async () => {
    const user = userEvent.setup();
    await app.addArchive();
    await renderApp();
    await user.click(screen.getByRole('checkbox', { name: 'Drafts only' }));
    await user.type(searchbox(), 'harbour');
    let answer = () => {};
    heldCalls.set('publications.setActive', new Promise<void>((resolve) => (answer = resolve)));
    await user.click(await screen.findByRole('button', { name: /^Archive/ }));
    await screen.findByText('Archive', { selector: '.current-publication strong' });
    await wait(300);
    // What the writer sees under "Writing for Archive" while the core is on its way.
    const seen = { sidebar: sidebar(), search: searchbox().value, draftsOnly: draftsOnly() };
    answer();
    heldCalls.clear();
    await wait(1_000);
    expect(seen).toEqual({ sidebar: 'Archive', search: '', draftsOnly: false });
  }, 30_000);

  it('keeps a search the writer typed in the Archive’s list while the core was slow', async () => {
    const user = userEvent.setup();
    await app.addArchive();
    await renderApp();
    let answer = () => {};
    heldCalls.set('publications.setActive', new Promise<void>((resolve) => (answer = resolve)));
    await user.click(await screen.findByRole('button', { name: /^Archive/ }));
    await screen.findByText('Archive', { selector: '.current-publication strong' });
    // The Archive's list is shown: the writer searches it.
    await user.type(searchbox(), 'tide');
    answer();
    heldCalls.clear();
    await wait(1_500);
    expect({ sidebar: sidebar(), search: searchbox().value }).toEqual({
      sidebar: 'Archive',
      search: 'tide',
    });
  }, 30_000);

  it('stays shown when the publications are read again meanwhile (a sync event)', async () => {
    const user = userEvent.setup();
    await app.addArchive();
    const client = await renderApp();
    let answer = () => {};
    heldCalls.set('publications.setActive', new Promise<void>((resolve) => (answer = resolve)));
    await user.click(await screen.findByRole('button', { name: /^Archive/ }));
    await screen.findByText('Archive', { selector: '.current-publication strong' });
    // Background sync says something ("sync" or "draft-changed"): the list is read again.
    const { publicationKeys } = await import('./queries');
    await act(() => client.invalidateQueries({ queryKey: publicationKeys.list }));
    await wait(500);
    const afterEvent = sidebar();
    // The writer, seeing the sidebar they last looked at, presses New post.
    await user.click(screen.getByRole('button', { name: 'New post' }));
    await wait(1_500);
    const main = document.querySelector('.main')?.textContent?.slice(0, 80) ?? '';
    const editorOpen = screen.queryByLabelText('Post text') !== null;
    answer();
    heldCalls.clear();
    await wait(1_000);
    expect({
      afterEvent,
      editorOpenOnSample: editorOpen && main.includes(app.sample().name),
    }).toEqual({ afterEvent: 'Archive', editorOpenOnSample: false });
  }, 30_000);

  it('leaves open a New post the writer made on the Archive while the core was slow', async () => {
    const user = userEvent.setup();
    const archive = await app.addArchive();
    await renderApp();
    let answer = () => {};
    heldCalls.set('publications.setActive', new Promise<void>((resolve) => (answer = resolve)));
    await user.click(await screen.findByRole('button', { name: /^Archive/ }));
    await screen.findByText('Archive', { selector: '.current-publication strong' });
    // Shown on the Archive: the writer presses New post there, and it opens.
    await user.click(screen.getByRole('button', { name: 'New post' }));
    await screen.findByLabelText('Post text');
    const made = (await app.bridge.drafts.list({ publicationId: archive.id })).length;
    answer();
    heldCalls.clear();
    await wait(1_500);
    expect({ made, editorOpen: screen.queryByLabelText('Post text') !== null }).toEqual({
      made: 1,
      editorOpen: true,
    });
  }, 30_000);
});
