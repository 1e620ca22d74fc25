// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEnvelopeBridge, type Transport } from '../../../../shared/bridge';
import type { CoreEvent, Envelope } from '../../../../shared/views';
import type { useCoreEvents as useCoreEventsHook } from './use-core-events';
import type * as Queries from '../publications/queries';

// The counts read again on the core's draft events (use-core-events.ts, throttled.ts). The shared
// real core answers every call (only read here: nothing of other files changes); the test holds
// the answers of one method, as a slow or silent core would, counts calls, and hands the core's
// events to the renderer itself, as the browser host does not push them to jsdom.
const { origin, session } = inject('quireHost');
const listeners = new Set<(event: CoreEvent) => void>();
const held: { release: () => void; answered: Promise<unknown> }[] = [];
const calls = new Map<string, number>();
let holding: string | null = null;
const transport: Transport = {
  async call(name, input) {
    calls.set(name, (calls.get(name) ?? 0) + 1);
    const ask = async () => {
      const response = await fetch(`${origin}/api/call/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, 'x-quire-session': session },
        body: JSON.stringify({ input }),
      });
      return (await response.json()) as Envelope<unknown>;
    };
    if (name !== holding) return ask();
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve)).then(ask);
    held.push({ release, answered });
    return answered;
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
  holding = null;
  held.splice(0).forEach((one) => one.release());
  cleanup();
});

/** The sidebar's reads, and, with `removing`, Remove's dialog open on the first publication. */
function Sidebar({ removing = false }: { removing?: boolean }) {
  useCoreEvents(() => {});
  const list = useQuery(queries.publicationsQuery());
  const id = list.data?.[0]?.id;
  useQuery({ ...queries.unsyncedQuery(id ?? ''), enabled: removing && id !== undefined });
  return null;
}

function renderSidebar(removing = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Sidebar removing={removing} />
    </QueryClientProvider>,
  );
  return client;
}

const changed = () =>
  listeners.forEach((listener) =>
    listener({ type: 'draft-changed', draftId: 'd1', publicationId: 'p1' }),
  );

// Review P10: with the counts' reads slower than the 250 ms window, each read was cancelled by the
// next, and the counts stood still for a whole sync round.
describe('the counts read again on a burst of draft changes, the core slower than 250 ms', () => {
  it('takes the answer it asked for, not dropping each for the next', async () => {
    const client = renderSidebar();
    const state = () => client.getQueryState(queries.publicationKeys.list);
    await waitFor(() => expect(state()?.status).toBe('success'));
    const before = state()!.dataUpdateCount;
    holding = 'publications.list';
    // A sync round: a change at once, another while its read is on its way.
    changed();
    await waitFor(() => expect(held).toHaveLength(1));
    changed();
    // Past the 250 ms window, no second read cancels the first on its way. (Time let pass for a
    // thing not to happen: a loaded machine can only make this miss the fault, never fail the fix.)
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(held).toHaveLength(1);
    held[0]!.release();
    await held[0]!.answered;
    // The first answer is shown: not thrown away for a read started before it came.
    await waitFor(() => expect(state()!.dataUpdateCount).toBe(before + 1), { timeout: 2_000 });
    // The change made while it was on its way is read after it, and shown too.
    await waitFor(() => expect(held).toHaveLength(2), { timeout: 2_000 });
    held[1]!.release();
    await waitFor(() => expect(state()!.dataUpdateCount).toBe(before + 2), { timeout: 2_000 });
  });
});

// Review P11: a count read that never settled (the core never answering one publications.unsynced)
// held every later read, and the sidebar's count stood still for good.
describe('a counts read whose fetch never settles', () => {
  it('does not stop the sidebar’s count from being read again on later changes', async () => {
    const client = renderSidebar(true);
    await waitFor(() =>
      expect(
        client
          .getQueryCache()
          .findAll({ queryKey: queries.publicationKeys.unsyncedAll })
          .some((query) => query.state.status === 'success'),
      ).toBe(true),
    );
    holding = 'publications.unsynced';
    changed(); // read: publications.list answers, publications.unsynced never does
    await waitFor(() => expect(held).toHaveLength(1));
    const before = calls.get('publications.list') ?? 0;
    // Later changes, a moment apart: the count must be read again after them.
    for (let i = 0; i < 3; i++) {
      changed();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await waitFor(
      () =>
        expect(calls.get('publications.list'), 'publications.list read again').toBeGreaterThan(
          before,
        ),
      { timeout: 3_000 },
    );
  });
});
