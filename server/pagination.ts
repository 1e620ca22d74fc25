export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
// The largest page whose offset is a safe integer at 100 a page: any page below it is reflected as
// asked (spec 8), a billion too (review S1 found it capped there).
export const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / 100);

export interface PageRequest {
  page: number;
  perPage: number;
}

export interface PaginationMeta {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  first_page: number;
  first_page_url: string;
  last_page_url: string;
  next_page_url: string | null;
  previous_page_url: string | null;
}

function positiveInteger(raw: unknown): number | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' || !/^\s*\d+\s*$/.test(value)) return undefined;
  // Digits only, so n is a whole number or Infinity; a huge value caps like any large one.
  const n = Number(value);
  return n >= 1 ? Math.min(n, Number.MAX_SAFE_INTEGER) : undefined;
}

/**
 * Reads `page` and `limit` leniently: a list request never fails on them.
 * Missing, non-numeric or < 1 values fall back to page 1 and 20 per page; limit is capped at 100.
 */
export function parsePageRequest(query: { page?: unknown; limit?: unknown }): PageRequest {
  const page = Math.min(positiveInteger(query.page) ?? 1, MAX_PAGE);
  const perPage = Math.min(positiveInteger(query.limit) ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  return { page, perPage };
}

/** `draft=true` or `draft=1` lists drafts only; anything else lists every status. */
export function parseDraftFlag(raw: unknown): boolean {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && ['true', '1'].includes(value.trim().toLowerCase());
}

const pageUrl = (n: number): string => `/?page=${n}`;

export function paginationMeta(total: number, { page, perPage }: PageRequest): PaginationMeta {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return {
    total,
    per_page: perPage,
    current_page: page,
    last_page: lastPage,
    first_page: 1,
    first_page_url: pageUrl(1),
    last_page_url: pageUrl(lastPage),
    next_page_url: page < lastPage ? pageUrl(page + 1) : null,
    previous_page_url: page > 1 ? pageUrl(page - 1) : null,
  };
}

export function pageOffset({ page, perPage }: PageRequest): number {
  return (page - 1) * perPage;
}
