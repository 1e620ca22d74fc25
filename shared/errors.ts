/** Error kinds that cross the bridge; the renderer decides what to show from the kind alone. */
export const ERROR_KINDS = [
  'unauthorized',
  'not-found',
  'validation',
  'conflict',
  'offline',
  'timeout',
  'server',
  'not-publishing-api',
  'cancelled',
  'keychain-unavailable',
  'storage',
  'bad-input',
  'internal',
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

export type FieldErrors = Record<string, string[]>;

/** The plain-data form of an error, as it travels over IPC or HTTP. */
export interface QuireErrorData {
  kind: ErrorKind;
  message: string;
  fields?: FieldErrors;
  status?: number;
}

export class QuireError extends Error {
  readonly kind: ErrorKind;
  readonly fields?: FieldErrors;
  readonly status?: number;

  constructor(data: QuireErrorData, options?: { cause?: unknown }) {
    super(data.message, options);
    this.name = 'QuireError';
    this.kind = data.kind;
    this.fields = data.fields;
    this.status = data.status;
  }

  toData(): QuireErrorData {
    return {
      kind: this.kind,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.status !== undefined ? { status: this.status } : {}),
    };
  }
}

export function isQuireErrorData(value: unknown): value is QuireErrorData {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, message } = value as Record<string, unknown>;
  return (
    typeof message === 'string' &&
    typeof kind === 'string' &&
    (ERROR_KINDS as readonly string[]).includes(kind)
  );
}

/** Errors worth trying again later: the service may answer next time. */
export const isTransient = (kind: ErrorKind): boolean =>
  kind === 'offline' || kind === 'timeout' || kind === 'server';

/** What the local store says when SQLite finds the disk full (the renderer's tests say it too). */
export const DISK_FULL_MESSAGE = 'The disk is full. Free some space, then save again.';
