/** What a URL field of the metadata panel holds: a full http(s) address, or nothing. */
export type UrlEntry = { ok: true; value: string | null } | { ok: false; message: string };

export function readUrlEntry(raw: string): UrlEntry {
  const value = raw.trim();
  if (value === '') return { ok: true, value: null };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: 'Not a full address: start it with https://' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: 'Only http:// and https:// addresses can be used here.' };
  if (value.length > 2048)
    return { ok: false, message: 'Addresses are limited to 2,048 characters.' };
  return { ok: true, value };
}
