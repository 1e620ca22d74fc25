// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { giveBackHeldKeys, holdingKeys } from './features/editor/held-keys';
import { appOverRealCore } from './testing/app-over-real-core';

// Review P3 (fixed): the computer's network goes down (Wi-Fi off: the window hears "offline"). Switching
// publication and New post only talk to the core on this computer; they must go on working.
const app = appOverRealCore('network-down');
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => {
  act(() => void window.dispatchEvent(new Event('online')));
  document.execCommand ??= () => false;
  giveBackHeldKeys();
  app.useUi().setState({ switchingTo: null });
});
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const renderApp = async () => {
  const { App } = await import('./App');
  // As main.tsx's (renderer/src/query-client.ts): no networkMode given.
  const { queryClient } = await import('./query-client');
  queryClient.clear();
  render(
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>,
  );
  await screen.findByText(app.sample().name, { selector: '.current-publication strong' });
};

describe('Switching publication with the network down', () => {
  it('turns the core to the publication shown chosen', async () => {
    const user = userEvent.setup();
    await app.addArchive();
    await renderApp();
    act(() => void window.dispatchEvent(new Event('offline')));
    await user.click(await screen.findByRole('button', { name: /^Archive/ }));
    await screen.findByText('Archive', { selector: '.current-publication strong' });
    await wait(1_500);
    expect({
      sidebar: document.querySelector('[aria-current="true"] .publication-name')?.textContent,
      activeInCore: (await app.bridge.publications.list({})).find((p) => p.active)?.name,
      switchingTo: app.useUi().getState().switchingTo,
    }).toEqual({ sidebar: 'Archive', activeInCore: 'Archive', switchingTo: null });
  }, 30_000);

  it('opens a New post', async () => {
    const user = userEvent.setup();
    await renderApp();
    act(() => void window.dispatchEvent(new Event('offline')));
    await user.click(screen.getByRole('button', { name: 'New post' }));
    await wait(2_000);
    const editorOpen = screen.queryByLabelText('Post text') !== null;
    expect({ editorOpen, keysHeld: holdingKeys() }).toEqual({ editorOpen: true, keysHeld: false });
  }, 30_000);
});
