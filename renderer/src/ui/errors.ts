import { QuireError } from '../../../shared/errors';

/** A sentence for the writer, whatever went wrong. */
export function describeError(error: unknown): string {
  if (error instanceof QuireError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

export const fieldErrorsOf = (error: unknown): Record<string, string[]> =>
  error instanceof QuireError && error.fields ? error.fields : {};
