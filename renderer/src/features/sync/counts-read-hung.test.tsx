// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEnvelopeBridge, type Transport } from '../../../../shared/bridge';
import type { CoreEvent, Envelope } from '../../../../shared/views';
import type { useCoreEvents as useCoreEventsHook } from './use-core-events';
import type * as Queries from '../publications/queries';

// Review P11: a count read that never settled (the core never answering one publications.unsynced)
// held every later read, and the sidebar's count stood still for good. The shared real core
// answers (only read here); the test holds that one call, and hands events to the renderer itself.
const { origin, session } = inject('quireHost');
const listeners = new Set<(event: CoreEvent) => void>();
const releases: (() => void)[] = [];
let hangUnsynced = false;
const listCalls = { n: 0 };
const transport: Transport = {
  async call(name, input) {
    if (name === 'publications.list') listCalls.n++;
    if (name === 'publications.unsynced' && hangUnsynced)
      await new Promise<void>((resolve) => releases.push(resolve));
    const response = await fetch(`${origin}/api/call/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'x-quire-session': session },
      body: JSON.stringify({ input }),
    });
    return (await response.json()) as Envelope<unknown>;
  },
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

let useCoreEvents: typeof useCoreEventsHook;
let queries: typeof Queries;
beforeAll(async () => {
  Object.defineProperty(window, 'quire', {
    value: createEnvelopeBridge(transport),
    configurable: true,
  });
  ({ useCoreEvents } = await import('./use-core-events'));
  queries = await import('../publications/queries');
});
afterEach(() => {
  hangUnsynced = false;
  releases.splice(0).forEach((release) => release());
  cleanup();
});

function Sidebar() {
  useCoreEvents(() => {});
  const list = useQuery(queries.publicationsQuery());
  const id = list.data?.[0]?.id;
  // Remove's dialog open: its list of what it loses is read with the counts.
  useQuery({ ...queries.unsyncedQuery(id ?? ''), enabled: id !== undefined });
  return null;
}

const changed = () =>
  listeners.forEach((listener) =>
    listener({ type: 'draft-changed', draftId: 'd1', publicationId: 'p1' }),
  );

describe('a counts read whose fetch never settles', () => {
  it('does not stop the sidebar’s count from being read again on later changes', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Sidebar />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(
        client
          .getQueryCache()
          .findAll({ queryKey: queries.publicationKeys.unsyncedAll })
          .some((query) => query.state.status === 'success'),
      ).toBe(true),
    );
    hangUnsynced = true;
    changed(); // read: publications.list answers, publications.unsynced never does
    await waitFor(() => expect(releases).toHaveLength(1));
    const before = listCalls.n;
    // Later changes, each seconds apart: the count must be read again after them.
    for (let i = 0; i < 3; i++) {
      changed();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await waitFor(
      () => expect(listCalls.n, 'publications.list read again').toBeGreaterThan(before),
      {
        timeout: 3_000,
      },
    );
  });
});
