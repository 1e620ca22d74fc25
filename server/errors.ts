export type FieldErrors = Record<string, string[]>;

/** An error with its HTTP status and the body our contract promises: {status, message, errors?}. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** The record the error is about, where the client can use it (a 410's deleted record). */
    readonly id?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): { status: 'error'; message: string; errors?: FieldErrors; id?: number } {
    return {
      status: 'error',
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.id !== undefined ? { id: this.id } : {}),
    };
  }
}

export const notFound = (message: string): ApiError => new ApiError(404, message);

/** A record that was here and is deleted: what a create's key made, asked for again. */
export const gone = (message: string, id: number): ApiError =>
  new ApiError(410, message, undefined, id);

export const validationFailed = (errors: FieldErrors): ApiError => {
  const first = Object.values(errors)[0]?.[0];
  return new ApiError(422, first ?? 'The request is not valid', errors);
};
