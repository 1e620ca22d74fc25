import { slugify, SLUG_FALLBACK } from '../../../server';

/** `slug` is `stem`, or `stem-N` as a service numbers a slug another record holds. */
export function numberedFrom(slug: string, stem: string): boolean {
  return (
    slug === stem || (slug.startsWith(`${stem}-`) && /^\d+$/.test(slug.slice(stem.length + 1)))
  );
}

/**
 * The record's slug is the one its title makes, as Quire gives a slug the writer never set. One
 * that is not was chosen by someone (a colleague's rename): it no longer follows the title here.
 */
export function slugFollowsTitle(slug: string, title: string): boolean {
  return numberedFrom(slug, slugify(title) || SLUG_FALLBACK);
}
