import type { z } from 'zod';
import {
  contract,
  isMethodName,
  type Contract,
  type MethodName,
  type MethodResult,
} from '../../shared/contract';
import { QuireError, type FieldErrors } from '../../shared/errors';
import type { Envelope } from '../../shared/views';

export type Handlers = {
  [M in MethodName]: (input: z.output<Contract[M]['input']>) => Promise<MethodResult<M>>;
};

/**
 * The one entry every call from the renderer goes through, whatever carried it: the method
 * must be in the contract and the input must pass its schema before any handler runs.
 */
export async function dispatch(
  handlers: Handlers,
  name: unknown,
  input: unknown,
): Promise<Envelope<unknown>> {
  if (!isMethodName(name))
    return {
      ok: false,
      error: {
        kind: 'bad-input',
        message: `Unknown method ${JSON.stringify(String(name)).slice(0, 80)}`,
      },
    };
  const parsed = contract[name].input.safeParse(input);
  if (!parsed.success) {
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues)
      (fields[issue.path.join('.') || 'input'] ??= []).push(issue.message);
    return {
      ok: false,
      error: { kind: 'bad-input', message: `Invalid input for ${name}`, fields },
    };
  }
  try {
    const handler = handlers[name] as (input: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    if (error instanceof QuireError) return { ok: false, error: error.toData() };
    // Unexpected: logged here in full, sent to the renderer without internals.
    console.error(`quire: ${name} failed`, error);
    return {
      ok: false,
      error: { kind: 'internal', message: `Something went wrong in ${name}; it has been logged.` },
    };
  }
}
