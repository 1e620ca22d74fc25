// Letters that Unicode decomposition does not split into base + accent.
const FOLDS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ł: 'l',
  Ł: 'l',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
};

export const SLUG_MAX_LENGTH = 80;
export const SLUG_FALLBACK = 'untitled';

/** Lowercase ASCII letters, digits and single hyphens; '' when nothing usable is left. */
export function slugify(input: string, maxLength = SLUG_MAX_LENGTH): string {
  let folded = '';
  for (const ch of input.normalize('NFKD')) folded += FOLDS[ch] ?? ch;
  const slug = folded
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  // Cut at a word boundary so a long title does not end mid-word.
  const cut = slug.slice(0, maxLength + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > maxLength / 2 ? cut.slice(0, lastHyphen) : slug.slice(0, maxLength)).replace(
    /-+$/,
    '',
  );
}

/** The base slug for a new record: the title, else the opening words of its text, else a fallback. */
export function baseSlug(title: string, contentText: string): string {
  const fromTitle = slugify(title);
  if (fromTitle) return fromTitle;
  const firstWords = contentText.split(/\s+/).filter(Boolean).slice(0, 8).join(' ');
  return slugify(firstWords) || SLUG_FALLBACK;
}

/**
 * Picks `base`, or `base-N` with the smallest N ≥ 2 that is not taken.
 * `taken` holds every existing slug that starts with `base`.
 */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
