import type { MethodInput, MethodName, MethodResult } from './contract';
// The names only: the contract's schemas (zod) stay out of the preload.
import { METHOD_NAMES } from './method-names';
import { QuireError } from './errors';
import type { CoreEvent, Envelope } from './views';

/** How a call reaches the core: IPC inside Electron, HTTP in the browser host. */
export interface Transport {
  call(name: MethodName, input: unknown): Promise<Envelope<unknown>>;
  subscribe(listener: (event: CoreEvent) => void): () => void;
}

type AreaOf<N extends string> = N extends `${infer A}.${string}` ? A : never;

type Area<A extends string> = {
  readonly [N in MethodName as N extends `${A}.${infer M}` ? M : never]: (
    input: MethodInput<N>,
  ) => Promise<MethodResult<N>>;
};

/** `bridge.publications.list({})`, typed from the contract. */
export type Bridge = { readonly [A in AreaOf<MethodName>]: Area<A> } & {
  readonly onEvent: (listener: (event: CoreEvent) => void) => () => void;
};

type EnvelopeArea<A extends string> = {
  readonly [N in MethodName as N extends `${A}.${infer M}` ? M : never]: (
    input: MethodInput<N>,
  ) => Promise<Envelope<MethodResult<N>>>;
};

/**
 * What the Electron preload exposes: the bridge's shape, each method resolving to its envelope
 * and never throwing. An error thrown across Electron's contextBridge arrives as a bare `Error`
 * with its message only (its class and `kind` and `fields` are lost), so the page builds its
 * `QuireError`s itself (`envelopeTransport`).
 */
export type EnvelopeBridge = { readonly [A in AreaOf<MethodName>]: EnvelopeArea<A> } & {
  readonly onEvent: (listener: (event: CoreEvent) => void) => () => void;
};

type Method = (input: unknown) => Promise<unknown>;

/** One frozen object, an area per contract prefix, a function per method name. */
function fromMethodNames(
  method: (name: MethodName) => Method,
  subscribe: Transport['subscribe'],
): unknown {
  const areas: Record<string, Record<string, Method>> = {};
  for (const name of METHOD_NAMES) {
    const [area, member] = name.split('.') as [string, string];
    (areas[area] ??= {})[member] = method(name);
  }
  for (const area of Object.values(areas)) Object.freeze(area);
  return Object.freeze({
    ...areas,
    onEvent: (listener: (event: CoreEvent) => void) => subscribe(listener),
  });
}

/** Builds the frozen bridge object from the contract's method names over any transport. */
export function createBridge(transport: Transport): Bridge {
  return fromMethodNames(
    (name) => async (input) => {
      const envelope = await transport.call(name, input);
      if (envelope.ok) return envelope.value;
      throw new QuireError(envelope.error);
    },
    (listener) => transport.subscribe(listener),
  ) as Bridge;
}

/** The preload's object: envelopes only, so nothing the page needs is lost on the way over. */
export function createEnvelopeBridge(transport: Transport): EnvelopeBridge {
  return fromMethodNames(
    (name) => (input) =>
      transport.call(name, input).catch((error: unknown): Envelope<unknown> => ({
        ok: false,
        error: {
          kind: 'internal',
          message: error instanceof Error ? error.message : 'The call failed',
        },
      })),
    (listener) => transport.subscribe(listener),
  ) as EnvelopeBridge;
}

/** The page's way over the preload's object: `createBridge(envelopeTransport(window.quire))`. */
export function envelopeTransport(exposed: EnvelopeBridge): Transport {
  const methods = exposed as unknown as Record<string, Record<string, Method>>;
  return {
    call: (name, input) => {
      const [area, member] = name.split('.') as [string, string];
      const method = methods[area]?.[member];
      if (!method)
        return Promise.resolve({
          ok: false,
          error: { kind: 'internal', message: `The window offers no ${name}` },
        });
      return method(input) as Promise<Envelope<unknown>>;
    },
    subscribe: (listener) => exposed.onEvent(listener),
  };
}
