import { expect } from 'vitest';
import type { LocalStore } from '../store/local-store';
import type { SyncEngine } from '../sync/engine';
import { hookedWorld } from './hooked-world';

/**
 * A write that leaves this computer and reaches the service late: the client's try times out
 * (its socket given up), and the request is handled by the service only when `land()` is called
 * (a busy worker, a proxy's queue). Every other request passes straight through.
 */
export function stuckWrites(options: { giveUpAfterMs?: number } = {}) {
  const stuck: { url: string; init: RequestInit }[] = [];
  let sticking: ((method: string, url: string) => boolean) | null = null;
  const through: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    if (sticking && sticking(method, url)) {
      const { signal: _signal, ...rest } = init ?? {};
      stuck.push({ url, init: rest });
      // The try is given up by the client's time limit, or after `giveUpAfterMs` as a connection
      // dropped unanswered (so a core may keep a time limit long enough for a loaded machine's
      // ordinary requests); the request itself is not lost.
      return new Promise<Response>((_, reject) => {
        const signal = init?.signal;
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        if (options.giveUpAfterMs !== undefined)
          setTimeout(
            () => reject(new TypeError('fetch failed: the connection dropped')),
            options.giveUpAfterMs,
          );
      });
    }
    return fetch(input, init);
  };
  return {
    through,
    stick(which: (method: string, url: string) => boolean) {
      sticking = which;
    },
    release() {
      sticking = null;
    },
    /** Requests still stuck are lost for good (between tests). */
    forget() {
      stuck.length = 0;
    },
    /** The first stuck request reaches the service now; its answer goes nowhere. */
    async landFirst(): Promise<number> {
      const first = stuck.shift();
      if (!first) throw new Error('nothing stuck');
      const answer = await fetch(first.url, first.init);
      await answer.text();
      return answer.status;
    },
    get stuckCount() {
      return stuck.length;
    },
  };
}

/**
 * A store and a sync engine on the reference server, every request through `stuckWrites`: a
 * request time limit of 400 ms, two tries a request, and a clock the test moves past backoffs.
 * `beforeNextPut`: another write landing between a push's read and its own.
 */
export async function limboWorld(name: string) {
  const w = await hookedWorld(name);
  return {
    ...w,
    beforeNextPut(hook: () => Promise<void>) {
      w.before((method) => method === 'PUT', hook);
    },
  };
}

export type LimboWorld = Awaited<ReturnType<typeof limboWorld>>;

/**
 * Review U4: "Keep published" over the writer's own landed Update, an Unpublish stuck on its way,
 * words typed on since; the clock past the backoffs, the next round to meet it.
 */
export async function stuckUnpublish(w: LimboWorld, title: string) {
  const live = { title, content: '<p>Live.</p>', status: 'publish' as const };
  const draft = w.store.createDraft(w.publicationId, 'post', { ...live });
  expect(await w.engine.flush()).toMatchObject({ done: 1 });
  const remoteId = w.store.getDraft(draft.id)!.remoteId!;
  const edited = { ...live, content: '<p>Live. Updated.</p>' };
  w.store.saveDraft(draft.id, edited);
  w.store.requestPush(draft.id);
  w.writes.stick((method) => method === 'PUT');
  expect(await w.engine.flush()).toMatchObject({ failed: 1 });
  w.writes.release();
  expect(await w.writes.landFirst()).toBe(200);
  w.writes.forget();
  w.store.saveDraft(draft.id, { ...edited, status: 'draft' });
  let puts = 0;
  w.writes.stick((method) => method === 'PUT' && ++puts > 1);
  w.clock.now += 600_000;
  expect(await w.engine.flush()).toMatchObject({ failed: 1 });
  w.writes.release();
  expect(w.writes.stuckCount).toBeGreaterThan(0);
  const more = '<p>Live. Updated. More.</p>';
  w.store.saveDraft(draft.id, { ...edited, content: more, status: 'draft' });
  w.store.saveDraft(draft.id, { ...edited, content: more });
  w.clock.now += 600_000;
  return { draft, remoteId, edited, more };
}

/** What `deleteStuck` needs of a world: limboWorld's or hookedWorld's. */
interface StuckDeleteWorld {
  store: LocalStore;
  engine: SyncEngine;
  writes: ReturnType<typeof stuckWrites>;
  publicationId: string;
}

/**
 * A post on the service, its Delete pressed and its window over, every try of its DELETE left on
 * its way unanswered: the Delete waits to be tried again.
 */
export async function deleteStuck(
  w: StuckDeleteWorld,
  title: string,
  status: 'publish' | 'draft' = 'publish',
) {
  const fields = {
    title,
    content: status === 'publish' ? '<p>Live.</p>' : '<p>Draft.</p>',
    status,
  };
  const draft = w.store.createDraft(w.publicationId, 'post', { ...fields });
  expect(await w.engine.flush()).toMatchObject({ done: 1 });
  const remoteId = w.store.getDraft(draft.id)!.remoteId!;
  w.store.requestDelete(draft.id, 0);
  w.writes.stick((method) => method === 'DELETE');
  expect(await w.engine.flush()).toMatchObject({ failed: 1 });
  expect(w.writes.stuckCount).toBeGreaterThan(0);
  w.writes.release();
  expect(w.store.hasPendingDelete(draft.id), 'the Delete waits to be tried again').toBe(true);
  return { draft, remoteId, fields };
}
