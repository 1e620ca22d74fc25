// The slug rules only: the store reads this too, without loading the HTTP server.
import { slugify, SLUG_MAX_LENGTH } from '../../../server/slugs';

/**
 * `slug` is `stem`, or `stem-N` as a service numbers a slug another record holds (a deleted one
 * keeps its slug). N from 2 to 99 only: a slug with a year on it (`year-in-review-2025`) is a
 * name someone chose, not a numbering (a review).
 */
export function numberedFrom(slug: string, stem: string): boolean {
  if (slug === stem) return true;
  if (!slug.startsWith(`${stem}-`)) return false;
  return /^([2-9]|[1-9]\d)$/.test(slug.slice(stem.length + 1));
}

/**
 * A slug the service may have given for one asked: as asked, or as the service cuts it to its
 * length and numbers it (Quire's own `-2` on an 80-character stem is cut back by the service).
 */
export const givenFor = (slug: string, asked: string): boolean =>
  numberedFrom(slug, asked) || numberedFrom(slug, slugify(asked));

/**
 * The record's slug is one Quire gave it: the one its last landed write was given, or one a
 * write on its way asked for, numbered or not (its answer may be lost). A slug the writer never set follows the
 * title only then; one chosen on the service (a colleague's rename) stays. Drafts from before
 * Quire kept the slug it gave (`givenSlug` null) follow as before.
 */
export const quireGaveSlug = (
  slug: string,
  { givenSlug, claimedSlug }: { givenSlug: string | null; claimedSlug: string | null },
): boolean =>
  givenSlug === null ||
  // As given, not numbered: the slug given is the service's answer, so a number on it since is
  // a colleague's (`lisbon-days-3`, a series' third part; review 20).
  slug === givenSlug ||
  (claimedSlug !== null && givenFor(slug, claimedSlug));

/**
 * `base` numbered `n`, within the service's length: a slug asked past it is cut and numbered
 * again by the service, so a create whose answer is lost would not be found under the slug it
 * claimed (on a service that ignores create keys, made twice).
 */
export const numberedSlug = (base: string, n: number): string =>
  `${slugify(base, SLUG_MAX_LENGTH - String(n).length - 1)}-${n}`;

/**
 * The slug given is the one asked: as asked, or, asked past the service's 80 characters, as the
 * service cuts it (the writer's own `…-top-10` of 82 characters was refused for good, review 21).
 */
export const sameSlug = (asked: string, given: string): boolean =>
  given === asked || (asked.length > SLUG_MAX_LENGTH && given === slugify(asked));

/**
 * A record at `slug`, not the one readers had (`from`), was moved there by one of the draft's
 * own writes (`sent`, entries `words@slug`): as asked, or numbered by the service (a deleted post
 * keeps the slug asked: review 21). Otherwise a colleague moved it, theirs to keep.
 */
export const movedBySent = (sent: readonly string[], from: string, slug: string): boolean =>
  slug !== from &&
  sent.some((entry) => {
    const asked = entry.split('@')[1];
    return asked !== undefined && (asked === slug || (asked !== from && givenFor(slug, asked)));
  });
