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

/** Builds the frozen bridge object from the contract's method names over any transport. */
export function createBridge(transport: Transport): Bridge {
  const areas: Record<string, Record<string, (input: unknown) => Promise<unknown>>> = {};
  for (const name of METHOD_NAMES) {
    const [area, method] = name.split('.') as [string, string];
    (areas[area] ??= {})[method] = async (input: unknown) => {
      const envelope = await transport.call(name, input);
      if (envelope.ok) return envelope.value;
      throw new QuireError(envelope.error);
    };
  }
  for (const area of Object.values(areas)) Object.freeze(area);
  return Object.freeze({
    ...areas,
    onEvent: (listener: (event: CoreEvent) => void) => transport.subscribe(listener),
  }) as unknown as Bridge;
}
