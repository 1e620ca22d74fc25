import { z } from 'zod';
import { QuireError, isTransient } from '../../../shared/errors';
import {
  pageMetaSchema,
  pluralOf,
  remoteRecordSchema,
  type RecordDraftFields,
  type RecordKind,
  type RecordPage,
  type RemoteRecord,
} from '../../../shared/model';
import { errorFromResponse, notPublishingApi, withoutToken } from './errors';
import { backoffDelay, sleep, type BackoffOptions } from './retry';

export interface ApiClientOptions {
  baseUrl: string;
  subdomain: string;
  /** Asked on every request, so a token rotated in the keychain is used at once. */
  token: () => Promise<string> | string;
  /** Global fetch under Node; one over Electron's net.request (system proxy) inside Electron. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The largest answer read; a larger one is refused rather than held in memory. */
  maxAnswerBytes?: number;
  /** Attempts for a retryable request, the first included. */
  attempts?: number;
  backoff?: Partial<BackoffOptions>;
}

export interface ListQuery {
  page?: number;
  limit?: number;
  draftsOnly?: boolean;
}

interface CallOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Whether a network error or 5xx may be retried: never for a create. */
  retry: boolean;
  /** Told as each try sets out. */
  onTry?: () => void;
}

const listBody = (plural: string) =>
  z.object({ [plural]: z.object({ meta: pageMetaSchema, data: z.array(z.unknown()) }) });
const createdBody = (kind: RecordKind) =>
  z.object({ [kind]: z.object({ id: z.union([z.number(), z.string()]), slug: z.string() }) });

const publicationOfRecord = (kind: RecordKind) =>
  z.object({ [kind]: z.object({ publication: z.object({ name: z.string() }) }) });

/** A record read by slug, with the service's version tag when it sends one. */
export type FetchedRecord = RemoteRecord & { etag?: string };

export interface CreatedRecord {
  id: number;
  slug: string;
  /** True when an earlier, ambiguous attempt had already created it. */
  recovered: boolean;
  /** The service says an earlier try with the same idempotency key made it. */
  replayed?: boolean;
}

export class PublishingApiClient {
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly maxAnswerBytes: number;
  private readonly attempts: number;
  private readonly backoff: BackoffOptions;
  /**
   * The service said back a create's `Idempotency-Key` (the reference server does): every try of
   * a create with one key makes one record, so no guessing which record a lost create made.
   */
  honoursKeys = false;
  /** How far the service's clock is ahead of this computer's, from its `Date` answers. */
  private clockOffset: number | undefined;

  constructor(private readonly options: ApiClientOptions) {
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
    this.attempts = options.attempts ?? 4;
    this.backoff = { baseMs: 250, maxMs: 4_000, random: Math.random, ...options.backoff };
  }

  /**
   * `retry: false` asks once: for a reader who has something else to show meanwhile. `onTry` is
   * told as each try sets out: how long the service took to answer is the last try's time.
   */
  async list(
    kind: RecordKind,
    query: ListQuery = {},
    {
      signal,
      retry = true,
      onTry,
    }: { signal?: AbortSignal; retry?: boolean; onTry?: () => void } = {},
  ): Promise<RecordPage> {
    const plural = pluralOf(kind);
    const params = new URLSearchParams();
    if (query.page !== undefined) params.set('page', String(query.page));
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    if (query.draftsOnly) params.set('draft', 'true');
    const search = params.size ? `?${params}` : '';
    const body = await this.call('GET', `/${plural}${search}`, { signal, retry, onTry });
    const parsed = listBody(plural).safeParse(body);
    if (!parsed.success) throw notPublishingApi(`the ${plural} list has no meta/data`);
    const list = parsed.data[plural] as { meta: RecordPage['meta']; data: unknown[] };
    return { meta: list.meta, records: list.data.map((item) => this.record(item)) };
  }

  /**
   * The service's own name for the publication. The spec has no endpoint for a publication, but
   * a record read by slug carries it, so this reads the first post listed, or the first page when
   * there is no post; undefined when the publication holds neither. Fails as `list` does.
   */
  async publicationName({ retry = true }: { retry?: boolean } = {}): Promise<string | undefined> {
    for (const kind of ['post', 'page'] as const) {
      const [first] = (await this.list(kind, { limit: 1 }, { retry })).records;
      if (!first) continue;
      try {
        const body = await this.call(
          'GET',
          `/${pluralOf(kind)}/${encodeURIComponent(first.slug)}`,
          { retry },
        );
        const named = publicationOfRecord(kind).safeParse(body);
        return named.success ? named.data[kind]?.publication.name.trim() || undefined : undefined;
      } catch (error) {
        // Deleted between the two requests: the name is a nicety, not worth another round.
        if (error instanceof QuireError && error.kind === 'not-found') return undefined;
        throw error;
      }
    }
    return undefined;
  }

  /**
   * The record, or undefined when the service has no record with that slug. `retry: false` asks
   * once, as for `list`.
   */
  async findBySlug(
    kind: RecordKind,
    slug: string,
    { signal, retry = true }: { signal?: AbortSignal; retry?: boolean } = {},
  ): Promise<FetchedRecord | undefined> {
    try {
      const { body, etag } = await this.callWithHeaders(
        'GET',
        `/${pluralOf(kind)}/${encodeURIComponent(slug)}`,
        { signal, retry },
      );
      const wrapped = (body as Record<string, unknown> | null)?.[kind];
      if (wrapped === undefined) throw notPublishingApi(`no "${kind}" in the response`);
      const record = this.record(wrapped);
      return etag ? { ...record, etag } : record;
    } catch (error) {
      if (error instanceof QuireError && error.kind === 'not-found') return undefined;
      throw error;
    }
  }

  /**
   * The record with this id, wherever its slug now is (renamed elsewhere, or given another slug
   * than asked), read by slug for its version tag; undefined when no listed record has the id.
   * The spec reads records by slug only, so this reads the list: knowing when the record was
   * created, a few pages (the list is newest first, as the reference server has it), else
   * every page.
   */
  async findById(
    kind: RecordKind,
    id: number,
    createdAt?: string,
  ): Promise<FetchedRecord | undefined> {
    const sought = createdAt === undefined ? 'unordered' : await this.seekById(kind, id, createdAt);
    const listed = sought === 'unordered' ? await this.scanForId(kind, id) : sought;
    if (listed === undefined) return undefined;
    const found = await this.findBySlug(kind, listed.slug);
    return found?.id === id ? found : undefined;
  }

  /**
   * Halves the list by creation time to the page the record would be on, and reads the pages
   * beside it too (a record deleted meanwhile moves the rest up). 'unordered' when the list is
   * not newest first: then this proves nothing.
   */
  private async seekById(
    kind: RecordKind,
    id: number,
    createdAt: string,
  ): Promise<RemoteRecord | undefined | 'unordered'> {
    const target: Place = [Date.parse(createdAt), id];
    if (Number.isNaN(target[0])) return 'unordered';
    // A record created or deleted while the pages are read moves the rest: then again.
    for (let pass = 0; pass < 3; pass++) {
      const pages = new Map<number, RemoteRecord[]>();
      let last = 1;
      let total: number | undefined;
      let changed = false;
      const read = async (page: number): Promise<RemoteRecord[] | 'unordered'> => {
        const known = pages.get(page);
        if (known) return known;
        const { meta, records } = await this.list(kind, { page, limit: 100 });
        last = meta.last_page;
        total ??= meta.total;
        changed ||= meta.total !== total;
        const places = records.map(placeOf);
        const ordered = places.every(
          (place, i) => !Number.isNaN(place[0]) && (i === 0 || newer(places[i - 1]!, place)),
        );
        // In order with the pages read before it too: a list newest first within each page
        // but not across them (another service's, by id) proves nothing.
        const across = [...pages].every(([other, them]) => {
          const [earlier, later] = other < page ? [them, records] : [records, them];
          const [end, start] = [earlier[earlier.length - 1], later[0]];
          return !end || !start || newer(placeOf(end), placeOf(start));
        });
        if (!ordered || !across) return 'unordered';
        pages.set(page, records);
        return records;
      };
      // The first and the last page first: a sample of the whole list's order.
      const top = await read(1);
      if (top === 'unordered') return 'unordered';
      if (last > 1 && (await read(last)) === 'unordered') return 'unordered';
      const found = await this.halve(read, id, target, () => last);
      if (found !== undefined) return found;
      // A post created at the top and another deleted below leave the total as it was: the top
      // of the list, read again, tells whether it moved.
      const again = await this.list(kind, { page: 1, limit: 100 });
      if (!changed && again.meta.total === total && again.records[0]?.id === top[0]?.id)
        return undefined;
    }
    throw listKeptMoving();
  }

  /** The halving itself, over pages `read` gives; the pages beside the last one read too. */
  private async halve(
    read: (page: number) => Promise<RemoteRecord[] | 'unordered'>,
    id: number,
    target: Place,
    last: () => number,
  ): Promise<RemoteRecord | undefined | 'unordered'> {
    let low = 1;
    let high = Infinity;
    for (let page = 1; low <= high; page = Math.floor((low + high) / 2)) {
      const records = await read(page);
      if (records === 'unordered') return 'unordered';
      high = Math.min(high, last());
      const hit = records.find((record) => record.id === id);
      if (hit) return hit;
      const [first, final] = [records[0], records[records.length - 1]];
      if (!first || !final || newer(target, placeOf(first))) high = page - 1;
      else if (newer(placeOf(final), target)) low = page + 1;
      else {
        for (const beside of [page - 1, page + 1].filter((n) => n >= 1 && n <= last())) {
          const near = await read(beside);
          if (near === 'unordered') return 'unordered';
          const moved = near.find((record) => record.id === id);
          if (moved) return moved;
        }
        return undefined;
      }
    }
    return undefined;
  }

  /** Every page, read until the id is found; read again from the start if the list changed. */
  private async scanForId(kind: RecordKind, id: number): Promise<RemoteRecord | undefined> {
    for (let pass = 0; pass < 3; pass++) {
      let total: number | undefined;
      let changed = false;
      for (let page = 1; ; page++) {
        const { meta, records } = await this.list(kind, { page, limit: 100 });
        const listed = records.find((record) => record.id === id);
        if (listed) return listed;
        total ??= meta.total;
        changed ||= meta.total !== total;
        if (records.length === 0 || page >= meta.last_page) break;
      }
      // A record deleted or created while the pages were read moves the rest: read them again.
      if (!changed) return undefined;
    }
    throw listKeptMoving();
  }

  /**
   * A record created from `slug` that `matches`, under it or under `slug-2`, `slug-3`… (the
   * service moves a create on when a deleted record keeps the slug). Lists put the newest first:
   * a create whose answer was lost is on the first page.
   */
  async recentlyCreated(
    kind: RecordKind,
    slug: string,
    matches: (record: RemoteRecord) => boolean,
    /** When the create was first tried (this computer's clock): anything older is another's. */
    since: number,
    signal?: AbortSignal,
  ): Promise<FetchedRecord | undefined> {
    const { records } = await this.list(kind, { page: 1, limit: 100 }, { signal });
    const numbered = new RegExp(`^${slug.replace(/[^a-z0-9-]/g, '')}(-\\d+)?$`);
    const listed = records.find(
      (record) => numbered.test(record.slug) && this.madeSince(record, since) && matches(record),
    );
    if (!listed) return undefined;
    const found = await this.findBySlug(kind, listed.slug, { signal });
    return found?.id === listed.id && matches(found) ? found : undefined;
  }

  /**
   * Whether a record was made since a create was first tried (`since`, this computer's clock).
   * A colleague's "Weekly links" with no words yet matches ours word for word: one made before
   * our first try is theirs. Compared on the service's clock, as its answers tell it.
   */
  madeSince(record: RemoteRecord, since: number): boolean {
    const onItsClock = since + (this.clockOffset ?? 0);
    return Date.parse(record.created_at ?? '') >= onItsClock - CLOCK_ALLOWANCE_MS;
  }

  async getBySlug(kind: RecordKind, slug: string, signal?: AbortSignal): Promise<FetchedRecord> {
    const record = await this.findBySlug(kind, slug, { signal });
    if (!record)
      throw new QuireError({ kind: 'not-found', message: `No ${kind} with slug "${slug}"` });
    return record;
  }

  /**
   * Creates a record exactly once. The slug is ours: before each attempt the slug is looked up,
   * so a create whose answer was lost is found instead of made twice. A slug taken by a
   * different record moves on to slug-2, slug-3, …
   */
  async create(
    kind: RecordKind,
    fields: RecordDraftFields & { slug: string },
    signal?: AbortSignal,
    /**
     * Sent as `Idempotency-Key` (the reference server's extension; others ignore it): every try
     * of one create carries the same key, and such a service makes one record of them.
     */
    idempotencyKey?: string,
  ): Promise<CreatedRecord> {
    const base = fields.slug;
    const since = Date.now();
    let suffix = 1;
    let recovered = false;
    try {
      for (let attempt = 0; ; attempt++) {
        const slug = suffix === 1 ? base : `${base}-${suffix}`;
        const existing = await this.findBySlug(kind, slug, { signal });
        if (existing) {
          if (recovered && sameRecord(existing, fields) && this.madeSince(existing, since))
            return { id: existing.id, slug: existing.slug, recovered };
          suffix++;
          continue;
        }
        // An earlier attempt may have landed under another slug than asked (a deleted record
        // keeps its slug, and the service moves a create on to slug-2).
        const landed = recovered
          ? await this.recentlyCreated(
              kind,
              base,
              (record) => sameRecord(record, fields),
              since,
              signal,
            )
          : undefined;
        if (landed) return { id: landed.id, slug: landed.slug, recovered };
        try {
          const { body, replayed } = await this.callWithHeaders('POST', `/${pluralOf(kind)}`, {
            body: { ...fields, slug },
            signal,
            retry: false,
            headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
          });
          const parsed = createdBody(kind).safeParse(body);
          if (!parsed.success) throw notPublishingApi(`no "${kind}" with id and slug after create`);
          const created = parsed.data[kind] as { id: number | string; slug: string };
          return { id: Number(created.id), slug: created.slug, recovered: false, replayed };
        } catch (error) {
          // A create that timed out may still be on its way and land after a second one: it is
          // left to the sync engine's next round, which looks for it first.
          if (
            !(error instanceof QuireError) ||
            !isTransient(error.kind) ||
            error.kind === 'timeout' ||
            attempt + 1 >= this.attempts
          )
            throw error;
          recovered ||= !neverSent(error);
          await sleep(backoffDelay(attempt, this.backoff), signal);
        }
      }
    } catch (error) {
      // A try of it may have landed (its answer lost): then no later failure, of a read
      // before the next try included, says the create never left (review 21).
      if (recovered && error instanceof Error) {
        unsent.delete(error);
        refusedOnly.delete(error);
      }
      throw error;
    }
  }

  async update(
    kind: RecordKind,
    id: number,
    fields: RecordDraftFields,
    options: { ifMatch?: string; signal?: AbortSignal } = {},
  ): Promise<void> {
    await this.call('PUT', `/${pluralOf(kind)}/${id}`, {
      body: fields,
      signal: options.signal,
      retry: true,
      headers: options.ifMatch ? { 'if-match': options.ifMatch } : undefined,
    });
  }

  /**
   * Deletes; a record already gone counts as deleted, so a retried delete is harmless. With
   * `ifMatch`, only the version read: a try still on its way after the record changed is refused
   * (review U7: one that landed late trashed a post after Undo said it was kept).
   */
  async delete(
    kind: RecordKind,
    id: number,
    options: { ifMatch?: string; signal?: AbortSignal } = {},
  ): Promise<void> {
    try {
      await this.call('DELETE', `/${pluralOf(kind)}/${id}`, {
        signal: options.signal,
        retry: true,
        headers: options.ifMatch ? { 'if-match': options.ifMatch } : undefined,
      });
    } catch (error) {
      if (!(error instanceof QuireError && error.kind === 'not-found')) throw error;
      // Gone already, unless the publication itself is not found (its subdomain renamed): the
      // list answers then too, or the 404 was not the post's.
      try {
        await this.list(kind, { page: 1, limit: 1 });
      } catch (checkError) {
        // The Delete left, and a try of it may have trashed the record: a check that never
        // left, or was refused, does not say the Delete did nothing (review 61).
        if (checkError instanceof Error) {
          unsent.delete(checkError);
          refusedOnly.delete(checkError);
        }
        throw checkError;
      }
    }
  }

  private record(raw: unknown): RemoteRecord {
    const parsed = remoteRecordSchema.safeParse(raw);
    if (!parsed.success)
      throw notPublishingApi(
        `a record does not fit the model (${parsed.error.issues[0]?.path.join('.')})`,
      );
    return parsed.data;
  }

  private async call(method: string, path: string, options: CallOptions): Promise<unknown> {
    return (await this.callWithHeaders(method, path, options)).body;
  }

  private async callWithHeaders(
    method: string,
    path: string,
    options: CallOptions,
  ): Promise<Answer> {
    let left = false;
    for (let attempt = 0; ; attempt++) {
      try {
        options.onTry?.();
        return await this.once(method, path, options);
      } catch (error) {
        // Whether a try before this one may have landed: a refusal after one proves nothing.
        const leftBefore = left;
        left ||= !refusedBeforeConnecting(error, method);
        const retryable =
          options.retry &&
          error instanceof QuireError &&
          isTransient(error.kind) &&
          attempt + 1 < this.attempts;
        if (retryable) {
          await sleep(backoffDelay(attempt, this.backoff), options.signal);
          continue;
        }
        if (!left && error instanceof Error) unsent.add(error);
        else if (!leftBefore && refusal(error)) refusedOnly.add(error);
        throw error;
      }
    }
  }

  private async once(method: string, path: string, options: CallOptions): Promise<Answer> {
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/app/${encodeURIComponent(this.options.subdomain)}${path}`;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const token = await this.options.token();
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...options.headers,
    };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
        // Never followed, so the token goes nowhere else; said as a redirect, not as "no answer"
        // (a review found a moved service blamed on the writer's connection).
        redirect: 'manual',
      });
      if (isRedirect(response)) {
        void response.body?.cancel();
        throw redirected(response, url);
      }
      text = await readCapped(response, this.maxAnswerBytes);
    } catch (error) {
      if (error instanceof QuireError) throw error;
      if (options.signal?.aborted)
        throw new QuireError(
          { kind: 'cancelled', message: 'The request was cancelled' },
          { cause: error },
        );
      if (timeout.aborted)
        throw new QuireError(
          {
            kind: 'timeout',
            message: `The service did not answer within ${this.timeoutMs / 1000} s`,
          },
          { cause: error },
        );
      throw new QuireError(
        { kind: 'offline', message: `Cannot reach ${this.options.baseUrl}` },
        { cause: error },
      );
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      if (response.ok)
        throw notPublishingApi(`HTTP ${response.status} with a body that is not JSON`);
      body = undefined;
    }
    // A 404 that is not the API's JSON: the host or a proxy in front of it answered (a deploy,
    // a maintenance page, a gateway's "404 page not found" in plain text). It says nothing
    // about a record, so it is never read as "deleted". Any other status from such an answer
    // means what it says (413: too large). A 404 with no body at all is a service's own (the
    // spec shows no error shape; Rails' `head :not_found`): not found.
    if (response.status === 404 && !isObject(body) && text.trim() !== '')
      throw new QuireError({
        kind: 'server',
        status: response.status,
        message: /text\/html/i.test(response.headers.get('content-type') ?? '')
          ? `The service's address answered with a web page, not the publishing API (HTTP ${response.status})`
          : `The service's address answered in plain text, not the publishing API (HTTP ${response.status})`,
      });
    const key = options.headers?.['idempotency-key'];
    const keySaidBack = key !== undefined && response.headers.get('idempotency-key') === key;
    if (!response.ok) throw errorFromResponse(response.status, body, token, keySaidBack);
    // A write's answer says "success" (the spec); one saying otherwise is a refusal, whatever
    // its HTTP status: a delete or an update it names failed has not happened.
    if (method !== 'GET' && isObject(body) && typeof body.status === 'string')
      if (body.status.toLowerCase() !== 'success') throw refusedIn200(body, token);
    // A cached answer (a CDN's) keeps the Date it was first given: the service's clock now is
    // that and its Age. Varnish and Fastly say `Age: 0` on every answer they pass on.
    const date = Date.parse(response.headers.get('date') ?? '');
    const age = Number(response.headers.get('age') ?? 0);
    if (!Number.isNaN(date) && Number.isFinite(age) && age >= 0)
      this.clockOffset = date + age * 1000 - Date.now();
    this.honoursKeys ||= keySaidBack;
    return {
      body,
      etag: response.headers.get('etag') ?? undefined,
      replayed: keySaidBack && response.headers.get('idempotent-replayed') === 'true',
    };
  }
}

/**
 * A page of 100 records of 10 MiB words each is far more than any list a writer opens; an answer
 * past this (a misconfigured proxy's endless stream) is refused, not read into memory until the
 * core process dies with the writer's unsaved state.
 */
const MAX_ANSWER_BYTES = 128 * 1024 * 1024;

async function readCapped(response: Response, max: number): Promise<string> {
  const tooLarge = () =>
    notPublishingApi(`its answer is larger than ${Math.round(max / (1024 * 1024))} MiB`);
  if (Number(response.headers.get('content-length') ?? 0) > max) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const isRedirect = (response: Response): boolean =>
  response.type === 'opaqueredirect' ||
  (response.status >= 300 && response.status < 400 && response.status !== 304);

function redirected(response: Response, from: string): QuireError {
  const location = response.headers.get('location');
  let where = '';
  try {
    if (location) where = ` to ${new URL(location, from).origin}`;
  } catch {
    // An address that is not one: the redirect is named without it.
  }
  return new QuireError({
    kind: 'not-publishing-api',
    // Chromium's fetch hides a redirect's status (an opaque redirect): a 3xx all the same.
    status: response.status >= 300 ? response.status : 300,
    message: `The service's address redirects${where}. Quire does not follow a redirect, so the token is sent nowhere else: use the address the service has moved to.`,
  });
}

/** Errors of writes that never left this computer, every try refused before connecting. */
const unsent = new WeakSet<Error>();

/** Connecting failed: nothing of the request was sent (a reset or a timeout may come after it). */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  // With syscall 'connect' only: the handshake never completed (a dual-stack host's attempt
  // past autoSelectFamilyAttemptTimeout, or the system's own connect timeout; review 23).
  'ETIMEDOUT',
]);

const NOT_CONNECTED_CHROMIUM = /^net::ERR_(INTERNET_DISCONNECTED|NAME_NOT_RESOLVED)$/;

/** The system calls that fail before a request is on its way: connecting, and finding the host. */
const BEFORE_SENDING = new Set(['connect', 'getaddrinfo']);

function refusedBeforeConnecting(error: unknown, method: string): boolean {
  if (!(error instanceof QuireError) || error.kind !== 'offline') return false;
  type SystemError = { code?: unknown; syscall?: unknown };
  const cause = error.cause as (SystemError & { cause?: SystemError }) | undefined;
  const system = cause?.cause ?? cause;
  // Chromium (Electron's net.request) says its net error as the message, no code (review 22).
  // Only no network and no such host: Chromium tries again on a fresh connection after a reused
  // one resets, so a refusal may follow a try that landed.
  // Not for a create: Chromium resends any request, a POST too, on a fresh connection after a
  // reused one resets (ShouldResendRequest), and that connect fails so when the network has
  // gone meanwhile; a keyless service then had the post made twice (review 23).
  if (system instanceof Error && NOT_CONNECTED_CHROMIUM.test(system.message))
    return method !== 'POST';
  // Both address families tried (Happy Eyeballs, no syscall on the whole): every one refused
  // before connecting (review 22).
  const each = (system as { errors?: unknown } | undefined)?.errors;
  if (Array.isArray(each) && each.length > 0)
    return each.every(
      (one: SystemError) =>
        NOT_CONNECTED.has(String(one?.code)) && BEFORE_SENDING.has(String(one?.syscall)),
    );
  // An unreachable host reported on a connected socket (`read`) may come after the request was
  // sent: only a failure to connect or to find the host says it never left (review 21).
  return NOT_CONNECTED.has(String(system?.code)) && BEFORE_SENDING.has(String(system?.syscall));
}

/**
 * The write failed without any try of it leaving this computer: it cannot have landed. Any other
 * failure may have (its answer lost), and is taken so (review 20: a colleague's Unpublish met
 * the words of the writer's own Unpublish, never sent, and was taken for ours, put live again).
 */
export const neverSent = (error: unknown): boolean => error instanceof Error && unsent.has(error);

/** Errors of writes refused (4xx) at the only try of them that left this computer. */
const refusedOnly = new WeakSet<Error>();

const refusal = (error: unknown): error is QuireError =>
  error instanceof QuireError &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500;

/**
 * The write changed nothing on the service: it never left, or the one try of it that did was
 * refused (a 4xx: the service changes nothing it refuses; review 25). Not a 412 to an If-Match
 * write: a transport that sends a request again on its own (Chromium, on a fresh connection after
 * a reused one reset) shows only the last answer, and a 412 is what the resend of a write that
 * landed gets (review 26). See `refusedOnce`.
 */
export const landedNothing = (error: unknown): boolean =>
  neverSent(error) || (refusedOnly.has(error as Error) && !preconditionFailed(error));

const preconditionFailed = (error: unknown): boolean =>
  error instanceof QuireError && error.status === 412;

/** A 412 at the only try seen: refused, or the answer to a transport's resend of one that landed. */
export const refusedOnce = (error: unknown): boolean =>
  preconditionFailed(error) && refusedOnly.has(error as Error);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function refusedIn200(body: Record<string, unknown>, token: string): QuireError {
  const said = errorFromResponse(422, body, token);
  return new QuireError({
    kind: 'validation',
    message:
      typeof body.message === 'string'
        ? `The service refused it: ${said.message}`
        : `The service refused it (its answer says "${withoutToken(String(body.status), token).slice(0, 40)}")`,
    fields: said.fields,
  });
}

/** Not "gone": a list that moved under every reading of it proves nothing; a later round asks. */
const listKeptMoving = (): QuireError =>
  new QuireError({
    kind: 'server',
    message:
      'The service’s list kept changing while a post was looked for in it; trying again soon',
  });

interface Answer {
  body: unknown;
  etag?: string;
  /** A create the service answered with the record an earlier try of its key made. */
  replayed: boolean;
}

function sameRecord(found: RemoteRecord, sent: RecordDraftFields): boolean {
  return found.title === (sent.title ?? '') && found.content === (sent.content ?? '');
}

/** How far the service's clock may still be off, once read from its `Date` answers (or not). */
const CLOCK_ALLOWANCE_MS = 2 * 60_000;

/** Where a record stands in a list that is newest first: its creation time, then its id. */
type Place = [number, number];
const placeOf = (record: RemoteRecord): Place => [Date.parse(record.created_at ?? ''), record.id];
/** Whether `a` comes before `b` in a list that is newest first. */
const newer = (a: Place, b: Place): boolean => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
