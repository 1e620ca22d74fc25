import { readFile } from 'node:fs/promises';
import { locateRendererFile, RENDERER_HEADERS } from './renderer-files';

/**
 * The Electron window loads the renderer from quire://app/ rather than file:. Under file: every
 * file on the disk is same-origin with the page, 'self' in the CSP means any local file, and no
 * response header (the CSP's frame-ancestors among them) can be sent. A scheme of our own gives
 * the page one origin that holds nothing but the built renderer.
 */
export const APP_SCHEME = 'quire';
export const APP_HOST = 'app';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * `standard` so relative URLs and the origin work like https; `secure` so the page is a secure
 * context; `supportFetchAPI` for module scripts. Deliberately not `bypassCSP` or `corsEnabled`.
 */
export const APP_SCHEME_PRIVILEGES = Object.freeze({
  standard: true,
  secure: true,
  supportFetchAPI: true,
  codeCache: true,
});

const plain = (status: number, text: string): Response =>
  new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });

/**
 * The handler Electron's `protocol.handle` calls for the app's scheme, Electron-free: it takes a
 * fetch `Request` and answers with a `Response`, so it runs and is tested under plain Node.
 */
export function appProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return plain(405, 'The app scheme serves files only');
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return plain(400, 'Not a URL');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return plain(404, 'Not found');
    const found = locateRendererFile(rendererDir, url.pathname);
    if (found.kind === 'not-built')
      return plain(500, 'The renderer is not built: run npm run build');
    if (found.kind === 'not-found') return plain(404, 'Not found');
    const body = request.method === 'HEAD' ? null : await readFile(found.path);
    return new Response(body, {
      status: 200,
      headers: { ...RENDERER_HEADERS, 'content-type': found.contentType },
    });
  };
}
