import { z } from 'zod';
import { METHOD_NAMES, type MethodName as ListedName } from './method-names';
import type { FieldErrors } from './errors';
import type { Tag } from './model';
import { MAX_TAGS_HELD } from './views';
import type {
  DraftView,
  PublicationView,
  UnsyncedView,
  RecordPageView,
  RecordSummary,
  RevisionDetailView,
  RevisionView,
  SyncStatusView,
} from './views';

/**
 * Every method the renderer may call, with the schema its input must pass and the type of its
 * result. The IPC handlers, the preload bridge and the browser host are all derived from this
 * object: a new method is one entry here and one implementation in the core service.
 */
interface Method<I extends z.ZodType, R> {
  input: I;
  /** Type-level only: the result's type. */
  result?: R;
}

const method = <I extends z.ZodType>(input: I) => ({
  returns: <R>(): Method<I, R> => ({ input }),
});

const none = z.object({}).strict();
const id = z.string().uuid();
const kind = z.enum(['post', 'page']);
const text = (max: number) => z.string().max(max);
// Never a scheme that runs or reads (a compromised page's `javascript:`): the core sends these
// on to the service, whose theme links to them. A browser drops tabs, new lines and leading
// spaces in a scheme. Anything else, an empty or relative address as a service may send one,
// is the service's to judge. The editor itself takes only http(s) from the writer (url-field.ts).
const UNSAFE_SCHEME = /^(javascript|vbscript|data|file|blob|quire):/i;
export const ADDRESS_REFUSAL = 'Use an http:// or https:// address.';
/** An address whose scheme runs or reads, as a browser would read the scheme. */
export const isUnsafeAddress = (value: string): boolean =>
  UNSAFE_SCHEME.test([...value].filter((c) => c.charCodeAt(0) > 0x20).join(''));
// Bounds against a renderer gone wrong, not the service's rules: the spec leaves field lengths
// open, so a record from another service may hold a 600-character title or a signed image URL
// of 3 KB, and every autosave sends each field back. Capped at the reference server's limits,
// every save of such a post's words was refused (a review); the service judges what it takes.
const FIELD_MAX = 1024 * 1024;
const URL_MAX = 64 * 1024;
// The scheme is not judged here but by the core, against what the draft holds (refusedAddresses,
// below): a service may hold a `data:` thumbnail, and the editor sends it back with every
// autosave. Refused here, every save of that post's words was refused (a security review,
// 2026-11-22).
const nullableUrl = z.string().max(URL_MAX).nullable();
// Ids the service gave: it judges them. Another service may have an "uncategorised" 0.
const serviceId = z.number().int().nonnegative();

export const ADDRESS_FIELDS = ['featured_image', 'canonical_url'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];
type HeldAddresses = Partial<Record<AddressField, string | null | undefined>>;

/**
 * The address fields among `fields` that name a scheme that runs or reads (`javascript:`,
 * `file:`, `data:` …), keyed as the contract's own refusals are (`fields.featured_image`) — but
 * only values new to the draft: one equal to what the draft already holds (`held`: its fields,
 * the service's copy of it, its history) came from the service, and goes back to it unchanged.
 * `held` is asked only when an unsafe address is sent, so an ordinary save costs nothing.
 */
export function refusedAddresses(
  fields: HeldAddresses,
  held: () => Iterable<HeldAddresses | null | undefined>,
): FieldErrors | null {
  let copies: (HeldAddresses | null | undefined)[] | undefined;
  const refused: FieldErrors = {};
  for (const field of ADDRESS_FIELDS) {
    const value = fields[field];
    if (typeof value !== 'string' || !isUnsafeAddress(value)) continue;
    copies ??= [...held()];
    if (copies.some((copy) => copy?.[field] === value)) continue;
    refused[`fields.${field}`] = [ADDRESS_REFUSAL];
  }
  return Object.keys(refused).length ? refused : null;
}

export const draftFieldsSchema = z
  .object({
    title: text(FIELD_MAX),
    content: text(10 * 1024 * 1024),
    slug: text(FIELD_MAX).optional(),
    excerpt: text(FIELD_MAX).nullable().optional(),
    status: z.enum(['draft', 'publish']).optional(),
    category: serviceId.nullable().optional(),
    tags: z.array(serviceId).max(MAX_TAGS_HELD).optional(),
    featured: z.boolean().optional(),
    meta_title: text(FIELD_MAX).nullable().optional(),
    meta_description: text(FIELD_MAX).nullable().optional(),
    featured_image: nullableUrl.optional(),
    canonical_url: nullableUrl.optional(),
  })
  .strict();

/**
 * The address goes on into the spec's own paths (`…/app`, `…/app/myblog`, `…/app/myblog/posts`,
 * a post's address), as when a writer pastes an address of their publication's API rather than
 * the service's. Only the end was looked at until a review found the rest blamed on the subdomain.
 */
export function goesIntoTheApi(address: string): boolean {
  try {
    return /(?:^|\/)app(?:\/|$)/i.test(new URL(address).pathname);
  } catch {
    return false; // .url() says what is wrong with it
  }
}

/**
 * A token may travel unencrypted only to this computer (the embedded sample, a local server).
 * Not `*.localhost`: Chromium keeps those on this computer, but the core's fetch under Node asks
 * the network's DNS for them, and would send the token wherever it answered.
 */
export function encryptedOrLocal(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return true; // .url() says what is wrong with it
  }
  if (url.protocol !== 'http:') return true;
  const host = url.hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

const tokenSchema = z
  .string()
  .min(1, 'Paste the access token the service gave you.')
  .max(4096, 'This token is too long.')
  // Sent as a header: a space or a control character inside would make every request fail, with
  // the header (and so the token) in the error.
  .regex(/^[\x21-\x7e]+$/, 'A token has no spaces or special characters: paste it again.');

const listPage = z
  .object({
    publicationId: id,
    kind,
    page: z.number().int().min(1).max(1_000_000_000),
    perPage: z.union([z.literal(10), z.literal(20), z.literal(50), z.literal(100)]),
    draftsOnly: z.boolean(),
  })
  .strict();

export const contract = {
  'publications.list': method(none).returns<PublicationView[]>(),
  'publications.add': method(
    z
      .object({
        name: text(200).optional(),
        // The messages are the writer's: the Add publication dialog shows them under the fields.
        baseUrl: z
          .string()
          .min(1, 'Enter the service’s address, such as https://api.example.com.')
          .url('This is not a web address: it begins with https:// or http://.')
          .max(2048, 'This address is too long.')
          .refine(
            (value) => /^https?:\/\//i.test(value),
            'The address must begin with https:// or http://.',
          )
          // Said here, on the address: else the service answers "no such publication", blamed on
          // the subdomain, which may be right.
          .refine(
            (value) => !goesIntoTheApi(value),
            'Leave out /app/… here: this is the service’s address, such as https://api.example.com; the publication’s name goes in Subdomain.',
          )
          .refine(
            encryptedOrLocal,
            'Use https://: over http:// the token would cross the network unencrypted (http:// is for this computer only, such as http://localhost:4000).',
          ),
        subdomain: z
          .string()
          .min(1, 'Enter the publication’s subdomain, such as myblog.')
          // The likeliest mistakes said as themselves (a review): "letters" took in "bücher".
          .refine(
            (value) => !value.includes('.'),
            'Only the publication’s name goes here, such as myblog, not a whole address.',
          )
          .refine(
            (value) => !/[^ -~]/.test(value),
            'Use plain letters a to z (no accents), digits and hyphens, such as myblog.',
          )
          .regex(
            /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i,
            'Use letters, digits and hyphens only, such as myblog.',
          ),
        token: tokenSchema,
      })
      .strict(),
  ).returns<PublicationView>(),
  'publications.remove': method(
    z
      .object({
        id,
        discardUnsynced: z.boolean().optional(),
        /**
         * The drafts the writer was shown and agreed to lose (as `publications.unsynced` named
         * them): one unsynced besides them refuses the Remove (review P9: a change saved in
         * another window after the dialog counted went with the publication).
         */
        losing: z.array(id).max(100_000).optional(),
      })
      .strict(),
  ).returns<null>(),
  'publications.setActive': method(z.object({ id }).strict()).returns<null>(),
  /** Its drafts with something not on the service, as pendingChanges counts them, and why. */
  'publications.unsynced': method(z.object({ id }).strict()).returns<UnsyncedView[]>(),
  /** The Local sample back after the writer removed it, with what it holds, turned to. */
  'publications.restoreSample': method(none).returns<PublicationView>(),
  /** A revoked or rotated token replaced, after the service accepts the new one. */
  'publications.setToken': method(
    z.object({ id, token: tokenSchema }).strict(),
  ).returns<PublicationView>(),

  'records.list': method(listPage).returns<RecordPageView>(),
  /** The copy of a list page this computer kept, without asking the service; null if none. */
  'records.cachedPage': method(listPage).returns<RecordPageView | null>(),
  'records.search': method(
    z
      .object({ publicationId: id, kind, query: text(200), draftsOnly: z.boolean().optional() })
      .strict(),
  ).returns<RecordSummary[]>(),
  /**
   * Every page of a list, fetched at the service's largest page size into this computer's copy, so
   * a search covers the whole publication. Stops after 100 pages (10,000 records); `complete` says whether it got them all.
   * Fails if the first page does not come; a later failure keeps what came and names it in
   * `stoppedBy`.
   */
  'records.fetchAll': method(z.object({ publicationId: id, kind }).strict()).returns<{
    fetched: number;
    total: number;
    complete: boolean;
    /** Why the pass stopped early, when some pages came in first. */
    stoppedBy: string | null;
  }>(),
  'records.tags': method(z.object({ publicationId: id }).strict()).returns<Tag[]>(),
  'records.create': method(
    z.object({ publicationId: id, kind, fields: draftFieldsSchema }).strict(),
  ).returns<DraftView>(),
  'records.delete': method(z.object({ draftId: id }).strict()).returns<{ undoUntil: number }>(),
  'records.undoDelete': method(z.object({ draftId: id }).strict()).returns<DraftView>(),
  /** More time to undo a delete still waiting: a full undo window from now. */
  'records.holdUndo': method(z.object({ draftId: id }).strict()).returns<{
    undoUntil: number;
  }>(),

  'drafts.open': method(
    z.object({ publicationId: id, kind, slug: text(URL_MAX).min(1) }).strict(),
  ).returns<DraftView>(),
  'drafts.get': method(z.object({ draftId: id }).strict()).returns<DraftView>(),
  'drafts.save': method(
    z.object({ draftId: id, fields: draftFieldsSchema }).strict(),
  ).returns<DraftView>(),
  /** Update: held edits to a live post or page go to the service now. */
  'drafts.update': method(z.object({ draftId: id }).strict()).returns<DraftView>(),
  'drafts.list': method(z.object({ publicationId: id }).strict()).returns<DraftView[]>(),
  /**
   * Back to the service's version. `revisionId`: the snapshot of the edits thrown away, for an
   * Undo; null when nothing was kept (a draft never sent is removed with its edits). `offSite`:
   * the post was live here, and the version gone back to is not (unpublished there since).
   */
  'drafts.discard': method(z.object({ draftId: id }).strict()).returns<{
    revisionId: number | null;
    offSite: boolean;
  }>(),
  /** The writer closed the draft: a new one left without a word is dropped, nothing else. */
  'drafts.leave': method(z.object({ draftId: id }).strict()).returns<{ discarded: boolean }>(),
  'drafts.revisions': method(z.object({ draftId: id }).strict()).returns<RevisionView[]>(),
  'drafts.revision': method(
    z.object({ draftId: id, revisionId: z.number().int().positive() }).strict(),
  ).returns<RevisionDetailView>(),
  'drafts.restoreRevision': method(
    z.object({ draftId: id, revisionId: z.number().int().positive() }).strict(),
  ).returns<DraftView>(),

  'sync.status': method(none).returns<SyncStatusView>(),
  'sync.syncNow': method(none).returns<SyncStatusView>(),
  'sync.resolveConflict': method(
    z
      .object({
        draftId: id,
        resolution: z.enum(['mine', 'theirs', 'both']),
        /**
         * The `version` of theirs as the writer saw it when choosing (an `updatedAt`, as sent
         * before versions were given, is compared by time alone).
         */
        seen: z.string().max(100).optional(),
      })
      .strict(),
  ).returns<string[]>(),

  /** `sampleAway`: the Local sample runs, but the writer removed it (Add publication offers it). */
  'app.info': method(none).returns<{ version: string; online: boolean; sampleAway: boolean }>(),
} as const;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type MethodInput<M extends MethodName> = z.input<Contract[M]['input']>;
export type MethodResult<M extends MethodName> =
  Contract[M] extends Method<z.ZodType, infer R> ? R : never;

export { METHOD_NAMES };

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Fails to compile when a method is added here but not to method-names.ts, or the other way.
const _namesMatch: Same<MethodName, ListedName> = true;

export const isMethodName = (name: unknown): name is MethodName =>
  typeof name === 'string' && Object.hasOwn(contract, name);
