import { embedName, IFRAME_ATTRIBUTES } from './embeds';

/** What the embed form makes of what the writer gave: the player's attributes, or why not. */
export type EmbedEntry =
  { ok: true; name: string; attributes: Record<string, string> } | { ok: false; message: string };

const seconds = (t: string | null): number | null => {
  if (!t) return null;
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(t);
  if (!parts || !parts[0]) return null;
  const [, h, m, s] = parts;
  return Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s ?? 0);
};

/**
 * The player's address for a page's: a YouTube watch, short or share link (to YouTube's
 * privacy-enhanced player, which sets no cookie until the reader plays it), a Vimeo video, a
 * Spotify track, album, playlist or episode. Null when it is none of these.
 */
function playerFor(url: URL): string | null {
  const host = url.hostname.replace(/^(www|m)\./, '');
  let video: string | null = null;
  if (host === 'youtube.com' && url.pathname === '/watch') video = url.searchParams.get('v');
  else if (host === 'youtube.com' && /^\/(shorts|live)\/[\w-]+$/.test(url.pathname))
    video = url.pathname.split('/')[2] ?? null;
  else if (host === 'youtu.be') video = url.pathname.slice(1);
  if (video !== null) {
    if (!/^[\w-]{6,20}$/.test(video)) return null;
    const start = seconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
    return `https://www.youtube-nocookie.com/embed/${video}${start ? `?start=${start}` : ''}`;
  }
  const vimeo = /^\/(\d+)$/.exec(url.pathname);
  if (host === 'vimeo.com' && vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  const spotify = /^\/(track|album|playlist|episode|show)\/(\w+)$/.exec(url.pathname);
  if (host === 'open.spotify.com' && spotify)
    return `https://open.spotify.com/embed/${spotify[1]}/${spotify[2]}`;
  return null;
}

const KNOWN =
  'Quire embeds players from YouTube, Vimeo, Spotify, SoundCloud, CodePen and Google Maps. Anything else can go in through HTML source.';

/** A video's or a player's page address, or the embed code a site gives, made an embed. */
export function readEmbed(raw: string, title: string): EmbedEntry {
  // The field starts as "https://": an address or embed code pasted after it brings its own.
  const value = raw.trim().replace(/^https?:\/\/(?=https?:\/\/|<)/i, '');
  if (value === '' || value === 'https://')
    return { ok: false, message: 'Give the address of the video or player, or its embed code.' };
  let attributes: Record<string, string>;
  if (value.startsWith('<')) {
    // Read in an inert document: nothing in it runs or loads.
    const frame = new DOMParser().parseFromString(value, 'text/html').body.querySelector('iframe');
    if (!frame) return { ok: false, message: 'That code holds no <iframe> to embed.' };
    attributes = {};
    for (const attribute of frame.attributes)
      // Of a site's embed code, what a player needs: never a handler or a srcdoc.
      if ((IFRAME_ATTRIBUTES as readonly string[]).includes(attribute.name))
        attributes[attribute.name] = attribute.value;
  } else {
    let url: URL;
    try {
      // An address pasted without its scheme (youtu.be/…) is taken as https.
      url = new URL(/^[a-z][\w+.-]*:/i.test(value) ? value : `https://${value}`);
    } catch {
      return { ok: false, message: 'Not an address: paste the video’s or player’s address.' };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: KNOWN };
    url.protocol = 'https:';
    const src = embedName(url.href) ? url.href : playerFor(url);
    if (!src) return { ok: false, message: KNOWN };
    attributes = {
      src,
      width: '560',
      height: '315',
      frameborder: '0',
      allow: 'autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture',
      allowfullscreen: '',
    };
  }
  const name = embedName(attributes.src ?? null);
  if (!name) return { ok: false, message: KNOWN };
  // A frame's title is what a screen reader announces for it: the writer's, else the code's,
  // else at least what it is.
  const said = title.trim() || attributes.title || name;
  return { ok: true, name, attributes: { ...attributes, title: said } };
}
