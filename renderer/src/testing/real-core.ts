import { inject } from 'vitest';
import {
  createBridge,
  createEnvelopeBridge,
  type Bridge,
  type Transport,
} from '../../../shared/bridge';
import { DISK_FULL_MESSAGE, type QuireErrorData } from '../../../shared/errors';
import type { OwnCore } from '../../../shared/testing/provided-host';
import type { Envelope, PublicationView } from '../../../shared/views';

/**
 * Calls named here are answered with the error given, without reaching the core. A test double
 * for failures that cannot be made on demand under Vitest, such as a full disk (the core's own
 * answer to a real SQLITE_FULL is tested in electron/core/store/local-store.test.ts). Clear it
 * after each test.
 */
export const failingCalls = new Map<string, QuireErrorData>();

/**
 * Every method this test file's bridge was asked for, in order, failing or not. The core behind
 * it is shared by the test files running at once, so what it holds can change under a test; this
 * log cannot.
 */
export const calledMethods: string[] = [];

/**
 * Calls named here wait for the promise given before they reach the core: a slow service, made
 * on demand, so a test can act while a call is on its way. Clear it after each test.
 */
export const heldCalls = new Map<string, Promise<void>>();

/**
 * Calls named here are answered with what the function resolves to, without reaching the core:
 * for answers the shared core cannot be brought to on demand, such as a conflict resolved. Clear
 * it after each test.
 */
export const answeredCalls = new Map<string, () => Promise<unknown>>();

/** The core's answer when the disk is full. */
export const DISK_FULL: QuireErrorData = { kind: 'storage', message: DISK_FULL_MESSAGE };

/**
 * The bridge to a real desktop core (SQLite store, embedded reference service, keychain) behind
 * the browser host that the Vitest global setup starts, over the HTTP calls the browser-hosted
 * app makes. Installed as `window.quire`, so renderer modules loaded afterwards take it, as under
 * the Electron preload.
 */
export function installRealCore(own?: OwnCore): Bridge {
  const host = inject('quireHost');
  const { origin, session } = own ? host.own[own] : host;
  const transport: Transport = {
    async call(name, input) {
      calledMethods.push(name);
      const failure = failingCalls.get(name);
      if (failure) return { ok: false, error: failure };
      await heldCalls.get(name);
      const answer = answeredCalls.get(name);
      if (answer) return { ok: true, value: await answer() };
      const response = await fetch(`${origin}/api/call/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, 'x-quire-session': session },
        body: JSON.stringify({ input }),
      });
      return (await response.json()) as Envelope<unknown>;
    },
    subscribe: () => () => {},
  };
  Object.defineProperty(window, 'quire', {
    value: createEnvelopeBridge(transport),
    configurable: true,
  });
  return createBridge(transport);
}

/**
 * A slug another post of the publication holds. A draft given it is refused before anything is
 * written, so the shared core's background sync never lands it: which snapshots a draft has must
 * not turn on whether a round landed first (once live, what readers saw is one; CI runs under
 * load found a preview of another snapshot than the one meant).
 */
export async function slugHeldElsewhere(bridge: Bridge, publicationId: string): Promise<string> {
  const listed = await bridge.records.list({
    publicationId,
    kind: 'post',
    page: 1,
    perPage: 10,
    draftsOnly: false,
  });
  const held = listed.items.find((item) => item.remoteId !== null);
  if (!held) throw new Error('the publication has no post on the service to take a slug from');
  return held.slug;
}

export async function activePublication(bridge: Bridge): Promise<PublicationView> {
  const publications = await bridge.publications.list({});
  return publications.find((p) => p.active) as PublicationView;
}
