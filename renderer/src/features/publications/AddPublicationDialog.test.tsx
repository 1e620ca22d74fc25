// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { heldCalls, installRealCore } from '../../testing/real-core';
import type { AddPublicationDialog as Dialog } from './AddPublicationDialog';

// Real parts: the desktop core behind the browser host checks the publication against the real
// reference server. `heldCalls` holds the add's answer back, as a slow service would.
installRealCore();
let AddPublicationDialog: typeof Dialog;
beforeAll(async () => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  ({ AddPublicationDialog } = await import('./AddPublicationDialog'));
});
afterEach(() => {
  heldCalls.clear();
  cleanup();
});

/** An entry the service refuses on its subdomain: no such publication there. */
async function fillWithUnknownSubdomain() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AddPublicationDialog onClose={() => {}} onAdded={() => {}} />
    </QueryClientProvider>,
  );
  const { baseUrl, token } = inject('quireHost').failingThirdPage;
  await user.type(screen.getByLabelText('Service address'), baseUrl);
  await user.type(screen.getByLabelText('Subdomain'), 'no-such-blog');
  await user.type(screen.getByLabelText('Access token'), token);
  return user;
}

describe('a refused Add publication', () => {
  it('takes the keyboard to the field to change when it is still on the button', async () => {
    const user = await fillWithUnknownSubdomain();
    await user.click(screen.getByRole('button', { name: 'Add publication' }));
    const subdomain = screen.getByLabelText('Subdomain');
    await waitFor(() => expect(subdomain.getAttribute('aria-invalid')).toBe('true'), {
      timeout: 10_000,
    });
    expect(document.activeElement).toBe(subdomain);
  });

  it('leaves the keyboard where the writer went while it was checked', async () => {
    const user = await fillWithUnknownSubdomain();
    let answer = () => {};
    heldCalls.set('publications.add', new Promise<void>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Add publication' }));
    await screen.findByRole('button', { name: 'Checking…' });
    const name = screen.getByLabelText('Name');
    await user.click(name);
    await user.type(name, 'My travel');
    answer();
    const subdomain = screen.getByLabelText('Subdomain');
    await waitFor(() => expect(subdomain.getAttribute('aria-invalid')).toBe('true'), {
      timeout: 10_000,
    });
    expect(document.activeElement).toBe(name);
    // Typing on, without a click: the words go on where they were going.
    await user.type(name, ' journal', { skipClick: true });
    expect((name as HTMLInputElement).value).toBe('My travel journal');
  });
});
