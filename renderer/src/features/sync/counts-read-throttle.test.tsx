// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEnvelopeBridge, type Transport } from '../../../../shared/bridge';
import type { CoreEvent, Envelope } from '../../../../shared/views';
import type { useCoreEvents as useCoreEventsHook } from './use-core-events';
import type * as Queries from '../publications/queries';

// Review P10: with the counts' reads slower than the 250 ms window, each read was cancelled by the
// next, and the counts stood still for a whole sync round. The shared real core answers every call
// (only publications.list is read: nothing of other files is changed); the test holds its answers
// (a slow core: a store of many drafts) and hands the core's events to the renderer itself, as the
// browser host does not push them to jsdom.
const { origin, session } = inject('quireHost');
const listeners = new Set<(event: CoreEvent) => void>();
const held: { release: () => void; answered: Promise<unknown> }[] = [];
let holding = false;
const transport: Transport = {
  async call(name, input) {
    const ask = async () => {
      const response = await fetch(`${origin}/api/call/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, 'x-quire-session': session },
        body: JSON.stringify({ input }),
      });
      return (await response.json()) as Envelope<unknown>;
    };
    if (name !== 'publications.list' || !holding) return ask();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answered = gate.then(ask);
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
  holding = false;
  held.splice(0).forEach((one) => one.release());
  cleanup();
});

function Sidebar() {
  useCoreEvents(() => {});
  useQuery(queries.publicationsQuery());
  return null;
}

const changed = () =>
  listeners.forEach((listener) =>
    listener({ type: 'draft-changed', draftId: 'd1', publicationId: 'p1' }),
  );

describe('the counts read again on a burst of draft changes, the core slower than 250 ms', () => {
  it('takes the answer it asked for, not dropping each for the next', async () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Sidebar />
      </QueryClientProvider>,
    );
    const state = () => client.getQueryState(queries.publicationKeys.list);
    await waitFor(() => expect(state()?.status).toBe('success'));
    const before = state()!.dataUpdateCount;
    holding = true;
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
