export type FieldErrors = Record<string, string[]>;

/** An error with its HTTP status and the body our contract promises: {status, message, errors?}. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): { status: 'error'; message: string; errors?: FieldErrors } {
    return this.errors
      ? { status: 'error', message: this.message, errors: this.errors }
      : { status: 'error', message: this.message };
  }
}

export const notFound = (message: string): ApiError => new ApiError(404, message);

/** A record that was here and is deleted: what a create's key made, asked for again. */
export const gone = (message: string): ApiError => new ApiError(410, message);

export const validationFailed = (errors: FieldErrors): ApiError => {
  const first = Object.values(errors)[0]?.[0];
  return new ApiError(422, first ?? 'The request is not valid', errors);
};
