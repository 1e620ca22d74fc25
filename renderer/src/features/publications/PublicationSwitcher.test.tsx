// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { PublicationView } from '../../../../shared/views';
import { installRealCore } from '../../testing/real-core';
import type { PublicationSwitcher as Switcher } from './PublicationSwitcher';
import { publicationKeys } from './queries';

// The core's side (a sample that cannot start is listed with `unavailable`) is proven against a
// real core in electron/core/corrupt-store.test.ts; the shared core here started its sample, so
// the list is given to the cache as that core answers it, and kept from being fetched again.
installRealCore();
let PublicationSwitcher: typeof Switcher;
beforeAll(async () => {
  ({ PublicationSwitcher } = await import('./PublicationSwitcher'));
});
afterEach(cleanup);

const sample: PublicationView = {
  id: 'p1',
  name: 'Local sample',
  baseUrl: 'http://127.0.0.1:1',
  subdomain: 'sample',
  embedded: true,
  active: true,
  pendingChanges: 0,
  heldEdits: 0,
  deletesMayLand: 0,
};

function renderWith(publications: PublicationView[]) {
  const client = new QueryClient();
  client.setQueryDefaults(publicationKeys.list, { staleTime: Infinity });
  client.setQueryData(publicationKeys.list, publications);
  render(
    <QueryClientProvider client={client}>
      <PublicationSwitcher />
    </QueryClientProvider>,
  );
}

it('marks a sample that could not start, its reason on the button', () => {
  const reason = 'The local sample could not start: it was made by a newer version of Quire';
  renderWith([{ ...sample, unavailable: reason }]);
  const button = screen.getByRole('button', { name: /^Local sample/ });
  expect(button.textContent).toContain('could not start');
  expect(button.textContent).not.toContain('on this computer');
  expect(button.title).toBe(reason);
});

it('says a running sample is on this computer', () => {
  renderWith([sample]);
  const button = screen.getByRole('button', { name: /^Local sample/ });
  expect(button.textContent).toContain('on this computer');
  expect(button.title).toBe('http://127.0.0.1:1 · sample');
});
