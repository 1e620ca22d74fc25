// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBridge, type Transport } from '../../../../shared/bridge';
import type { CoreEvent } from '../../../../shared/views';
import type { useCoreEvents as useCoreEventsHook } from './use-core-events';
import type { publicationKeys as publicationKeysOf } from '../publications/queries';
import type { recordKeys as recordKeysOf } from '../records/queries';

// A transport that only counts subscriptions and hands out events: what is under test is how
// often the renderer subscribes, which no real host would show in jsdom.
const listeners = new Set<(event: CoreEvent) => void>();
let subscriptions = 0;
const transport: Transport = {
  call: () => Promise.reject(new Error('not used here')),
  subscribe(listener) {
    subscriptions++;
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const LIST = {
  publicationId: 'p1',
  kind: 'post',
  page: 1,
  perPage: 20,
  draftsOnly: false,
} as const;

let useCoreEvents: typeof useCoreEventsHook;
let publicationKeys: typeof publicationKeysOf;
let recordKeys: typeof recordKeysOf;
beforeAll(async () => {
  Object.defineProperty(window, 'quire', { value: createBridge(transport), configurable: true });
  ({ useCoreEvents } = await import('./use-core-events'));
  ({ publicationKeys } = await import('../publications/queries'));
  ({ recordKeys } = await import('../records/queries'));
});
afterEach(cleanup);

function Probe({ onMenu }: { onMenu: (command: string) => void }) {
  useCoreEvents(onMenu);
  return null;
}

describe('useCoreEvents', () => {
  it('subscribes once however often the app re-renders, and calls the newest menu handler', () => {
    const client = new QueryClient();
    const first = vi.fn();
    const view = render(
      <QueryClientProvider client={client}>
        <Probe onMenu={first} />
      </QueryClientProvider>,
    );
    const newest = vi.fn();
    for (const handler of [vi.fn(), vi.fn(), newest])
      view.rerender(
        <QueryClientProvider client={client}>
          <Probe onMenu={handler} />
        </QueryClientProvider>,
      );
    expect(subscriptions).toBe(1);
    listeners.forEach((listener) => listener({ type: 'menu', command: 'new-post' }));
    expect(newest).toHaveBeenCalledWith('new-post');
    expect(first).not.toHaveBeenCalled();
    view.unmount();
    expect(listeners.size).toBe(0);
  });

  it('reads every list again when the service is back, and only then', () => {
    const client = new QueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Probe onMenu={vi.fn()} />
      </QueryClientProvider>,
    );
    const listKey = recordKeys.page(LIST);
    client.setQueryData(listKey, { items: [] });
    client.setQueryData(publicationKeys.list, []);
    const status = (online: boolean) => ({
      online,
      pending: 0,
      waiting: 0,
      waitingFor: [],
      held: 0,
      refused: 0,
      conflicts: 0,
      lastSyncAt: null,
      stalled: null,
    });
    const send = (event: CoreEvent) => listeners.forEach((listener) => listener(event));
    send({ type: 'sync', status: status(false) });
    send({ type: 'sync', status: status(false) });
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(false);
    // The publications' own list (its sync badges) is read on each round.
    expect(client.getQueryState(publicationKeys.list)?.isInvalidated).toBe(true);
    send({ type: 'sync', status: status(true) });
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
    view.unmount();
  });

  it('reads the publications again when they change, and no list of posts with them', () => {
    const client = new QueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Probe onMenu={vi.fn()} />
      </QueryClientProvider>,
    );
    client.setQueryData(recordKeys.page(LIST), { items: [] });
    client.setQueryData(publicationKeys.list, []);
    listeners.forEach((listener) => listener({ type: 'publications-changed' }));
    expect(client.getQueryState(publicationKeys.list)?.isInvalidated).toBe(true);
    expect(client.getQueryState(recordKeys.page(LIST))?.isInvalidated).toBe(false);
    view.unmount();
  });

  it('reads the publications again when a draft changes: their count of unsynced changes', () => {
    const client = new QueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Probe onMenu={vi.fn()} />
      </QueryClientProvider>,
    );
    client.setQueryData(publicationKeys.list, []);
    const unsynced = publicationKeys.unsynced('p1');
    client.setQueryData(unsynced, []);
    listeners.forEach((listener) =>
      listener({ type: 'draft-changed', draftId: 'd1', publicationId: 'p1' }),
    );
    // A blank draft left was still counted "1 unsynced" until a reload (a writer's review).
    expect(client.getQueryState(publicationKeys.list)?.isInvalidated).toBe(true);
    // And Remove's list of them, whose count may not have moved (review P8).
    expect(client.getQueryState(unsynced)?.isInvalidated).toBe(true);
    view.unmount();
  });
  // Review P9: each event read the publications and Remove's list again, and the core walked
  // every draft for each, the read before dropped by the renderer but answered all the same.
  it('reads the counts again once for a burst of draft changes, and once after it', async () => {
    const client = new QueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Probe onMenu={vi.fn()} />
      </QueryClientProvider>,
    );
    vi.useFakeTimers();
    try {
      const reads = vi.spyOn(client, 'invalidateQueries');
      const countReads = () =>
        reads.mock.calls.filter(([filters]) => filters?.queryKey === publicationKeys.unsyncedAll)
          .length;
      for (let i = 0; i < 20; i++)
        listeners.forEach((listener) =>
          listener({ type: 'draft-changed', draftId: `d${i}`, publicationId: 'p1' }),
        );
      expect(countReads()).toBe(1);
      await vi.advanceTimersByTimeAsync(1_000);
      // The changes after the first are read too: none is left unread.
      expect(countReads()).toBe(2);
    } finally {
      vi.useRealTimers();
      view.unmount();
    }
  });
  it('says a Delete the core did not send, as a failure that stays until dismissed', async () => {
    const { useUi } = await import('../../ui-store');
    const client = new QueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Probe onMenu={vi.fn()} />
      </QueryClientProvider>,
    );
    listeners.forEach((listener) =>
      listener({ type: 'delete-refused', draftId: 'd1', publicationId: 'p1', title: 'Walks' }),
    );
    // The writer saw it go from the list; the draft alone saying so went unseen (review 26).
    expect(useUi.getState().notices).toEqual([
      expect.objectContaining({
        tone: 'error',
        message: expect.stringMatching(/^Not deleted: “Walks” was changed on the service/),
      }),
    ]);
    view.unmount();
  });
});
