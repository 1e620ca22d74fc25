/**
 * What the link form accepts: an http(s) or mailto address, a path or #place, or nothing (remove
 * the link).
 */
export type LinkEntry = { ok: true; href: string | null } | { ok: false; message: string };

export function readLinkEntry(raw: string): LinkEntry {
  // The field starts as "https://": an address pasted after it brings its own scheme.
  const value = raw.trim().replace(/^https?:\/\/(?=https?:\/\/|mailto:)/i, '');
  if (value === '' || value === 'https://') return { ok: true, href: null };
  // A page of the writer's own site (/about) or a place in the post (#notes).
  if (/^(?:\/(?!\/)|#)\S*$/.test(value)) return { ok: true, href: value };
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(value)) return { ok: true, href: value };
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return { ok: true, href: value };
  } catch {
    // Said below.
  }
  return {
    ok: false,
    message:
      'Use a full address (https://…), a path on your site (/about) or mailto:name@example.com.',
  };
}

/** Only a full web address can be opened: a path (/about) belongs to a site Quire cannot name. */
export const canOpen = (href: string): boolean => /^https?:\/\//i.test(href);

/**
 * window.open is how a link leaves: the Electron shell hands http(s) addresses to the system
 * browser (`externalUrl`) and opens nothing itself; the browser host opens a tab.
 */
export function openLink(href: string): boolean {
  if (!canOpen(href)) return false;
  window.open(href, '_blank', 'noopener,noreferrer');
  return true;
}

/** A click in the editor places the caret; Ctrl/Cmd+click follows the link. */
export function followLinkOnModClick(event: MouseEvent): boolean {
  if (!(event.ctrlKey || event.metaKey)) return false;
  const target = event.target as Element | null;
  const href = target?.closest?.('a[href]')?.getAttribute('href');
  return href ? openLink(href) : false;
}

/** Dispatched on window by Ctrl/Cmd+K in the text; the toolbar opens its link form. */
export const OPEN_LINK_FORM = 'quire:open-link-form';

export const isLinkShortcut = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key === 'k';
