import { existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';

// Images from https (and data:) only, never 'self': a post's <img src="//host/x.png"> would
// otherwise resolve against the page's own scheme (a network share under file: on Windows, whose
// server gets the user's sign-in hash). renderer/index.html carries the same policy.
// No frames or media at all, not even the app's own: embeds and a post's video and audio are shown
// as cards and nothing plays, so an <iframe> or <video> that got past the editor is refused too.
export const RENDERER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src https: data:; " +
  "connect-src 'self'; font-src 'self'; object-src 'none'; frame-src 'none'; media-src 'none'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Sent with every file of the renderer, by the browser host and by the Electron window's scheme. */
export const RENDERER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': RENDERER_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
});

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export type RendererFile =
  | { kind: 'file'; path: string; contentType: string }
  | { kind: 'not-found' }
  | { kind: 'not-built' };

/**
 * Maps a request's path to a file of the built renderer. Nothing outside `rendererDir` is ever
 * named, however the path is encoded. A path with no extension is a page address and gets
 * index.html; a missing asset is not found, never HTML in a script's place.
 */
export function locateRendererFile(rendererDir: string, pathname: string): RendererFile {
  const root = resolve(rendererDir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return { kind: 'not-built' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'not-found' };
  }
  if (decoded.includes('\0')) return { kind: 'not-found' };
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  let file = relative ? join(root, relative) : index;
  if (!file.startsWith(root + sep)) return { kind: 'not-found' };
  const present = existsSync(file) && !statSync(file).isDirectory();
  if (!present) {
    if (extname(relative) !== '') return { kind: 'not-found' };
    file = index;
  }
  return {
    kind: 'file',
    path: file,
    contentType: TYPES[extname(file)] ?? 'application/octet-stream',
  };
}
