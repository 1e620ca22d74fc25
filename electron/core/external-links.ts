/**
 * What the Electron shell hands to the system browser when the page opens a link or tries to
 * navigate: a web address, whole and parsed again here, or nothing. The window itself never
 * navigates, and nothing else (`file:`, `javascript:`, the app's own `quire:` pages, a custom
 * scheme another program registered) leaves through `shell.openExternal`, which would run it.
 */
export function externalUrl(requested: string): string | null {
  if (requested.length > 8_192) return null;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.hostname === '') return null;
  return url.href;
}
