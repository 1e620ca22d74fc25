import type { Envelope } from '../../shared/views';
import type { Core } from './service';

/** What Electron tells us about the frame a call came from. */
export interface CallSender {
  webContentsId: number;
  frameUrl: string | undefined;
  isMainFrame: boolean;
}

/** The one window and page allowed to call in. */
export interface TrustedRenderer {
  webContentsId: number;
  /** The renderer's address: quire://app/index.html, or the dev server's URL. */
  url: string;
}

// By scheme and host, never URL.origin: Node gives every non-special scheme (quire:, data:,
// file:) the origin "null", which would make any of them equal to the app's own scheme.
function samePage(frameUrl: string, trustedUrl: string): boolean {
  if (!URL.canParse(frameUrl) || !URL.canParse(trustedUrl)) return false;
  const frame = new URL(frameUrl);
  const trusted = new URL(trustedUrl);
  return trusted.host !== '' && frame.protocol === trusted.protocol && frame.host === trusted.host;
}

/** Only the main frame of our own window, showing our own renderer, may call the core. */
export function isTrustedSender(sender: CallSender, trusted: TrustedRenderer): boolean {
  return (
    sender.isMainFrame &&
    sender.webContentsId === trusted.webContentsId &&
    sender.frameUrl !== undefined &&
    samePage(sender.frameUrl, trusted.url)
  );
}

/** The IPC handler's whole body, Electron-free: check the sender, then the contract. */
export async function handleRendererCall(
  core: Pick<Core, 'dispatch'>,
  sender: CallSender,
  trusted: TrustedRenderer | undefined,
  name: unknown,
  input: unknown,
): Promise<Envelope<unknown>> {
  if (!trusted || !isTrustedSender(sender, trusted))
    return {
      ok: false,
      error: { kind: 'unauthorized', message: 'Calls are accepted from the Quire window only' },
    };
  return core.dispatch(name, input);
}
