export const SPACE_IN_ADDRESS = 'An address has no spaces: take them out, or write them as %20.';

/** What a URL field of the metadata panel holds: a full http(s) address, or nothing. */
export type UrlEntry = { ok: true; value: string | null } | { ok: false; message: string };

export function readUrlEntry(raw: string): UrlEntry {
  const value = raw.trim();
  if (value === '') return { ok: true, value: null };
  // Chromium's parser takes a space in a host name (https://exa mple.com); the service's, and
  // the standard's, do not, and the save was refused after the fact (a writer's review).
  if (/\s/.test(value)) return { ok: false, message: SPACE_IN_ADDRESS };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // A full stop after "https://" read as part of it; without one, the next sentence ran on.
    return { ok: false, message: 'Not a full address: it needs https:// at the start.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: 'Only http:// and https:// addresses can be used here.' };
  if (value.length > 2048)
    return { ok: false, message: 'Addresses are limited to 2,048 characters.' };
  return { ok: true, value };
}
