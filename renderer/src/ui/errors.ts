import { QuireError } from '../../../shared/errors';

/** A sentence for the writer, whatever went wrong. */
export function describeError(error: unknown): string {
  if (error instanceof QuireError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** A message ended as a sentence, so another can follow it. */
export const sentence = (text: string): string => (/[.!?…]$/.test(text) ? text : `${text}.`);

export const fieldErrorsOf = (error: unknown): Record<string, string[]> =>
  error instanceof QuireError && error.fields ? error.fields : {};
