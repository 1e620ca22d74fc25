import type { Tag } from '../../../../shared/model';

export type TagEntry = { ok: true; id: number } | { ok: false; message: string };

/**
 * Turns what the writer typed into a tag id: a known tag's name or slug (any case), or a number
 * ("12" or "#12") for a tag Quire has not seen yet. The service cannot create tags, so an unknown
 * name is refused with the reason rather than silently dropped.
 */
export function resolveTagEntry(text: string, known: readonly Tag[]): TagEntry {
  const wanted = text.trim();
  if (wanted === '') return { ok: false, message: 'Type a tag’s name or number.' };
  // A tag may be named by a number ("2024"): a known name comes first, and "#2024" is always
  // the tag numbered 2024. Read as a number first, "3" attached another tag than the one named.
  const lower = wanted.toLowerCase();
  const match = known.find(
    (tag) => tag.name.toLowerCase() === lower || tag.slug.toLowerCase() === lower,
  );
  if (match && !wanted.startsWith('#')) return { ok: true, id: match.id };
  const number = /^#?(\d{1,9})$/.exec(wanted)?.[1];
  if (number !== undefined) {
    const id = Number(number);
    return id > 0 ? { ok: true, id } : { ok: false, message: 'Tag numbers start at 1.' };
  }
  if (match) return { ok: true, id: match.id };
  return {
    ok: false,
    message:
      `No tag named “${wanted}” in the posts Quire has seen here. The service cannot create ` +
      'tags: add it there, or enter its number.',
  };
}

export const tagLabel = (id: number, known: readonly Tag[]): string =>
  known.find((tag) => tag.id === id)?.name ?? `#${id}`;
