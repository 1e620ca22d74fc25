/** A search is its first words: a passage pasted to find its post is found by its opening. */
export const SEARCH_WORDS = 8;
export const SEARCH_MAX_CHARS = 200;

/** What a typed search asks the store for: its first words, within the contract's length. */
export const searchQuery = (typed: string): string =>
  typed.split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS).join(' ').slice(0, SEARCH_MAX_CHARS);
