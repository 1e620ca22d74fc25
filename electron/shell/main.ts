import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  net,
  protocol,
  screen,
  session,
  shell,
  type IpcMainInvokeEvent,
} from 'electron';
import { join } from 'node:path';
import { CALL_CHANNEL, EVENT_CHANNEL } from '../../shared/ipc';
import {
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  APP_URL,
  appProtocolHandler,
} from '../core/app-protocol';
import { KeytarCredentialStore } from '../core/credentials';
import { externalUrl } from '../core/external-links';
import { handleRendererCall, type TrustedRenderer } from '../core/renderer-calls';
import { createCore, type Core } from '../core/service';
import { loadWindowBounds, saveWindowBounds, visibleBounds } from '../core/window-state';
import { chromiumFetch } from './chromium-fetch';
import { installMenu } from './menu';

// The thin Electron shell: all logic lives in electron/core, which runs (and is tested) under
// plain Node. This file owns the window, the IPC wiring and the platform glue.
let mainWindow: BrowserWindow | undefined;
let trusted: TrustedRenderer | undefined;
let core: Core | undefined;
// A quit held by the renderer (words still being saved) finishes once the window has closed.
let quitting = false;
// The core closing its store, once asked; and once done, the quit held for it may go on.
let closing: Promise<void> | undefined;
let closed = false;

/** The window, while it is open: on macOS the app stays up with none. */
const openWindow = (): BrowserWindow | undefined =>
  mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined;

const rendererUrl = (): string =>
  !app.isPackaged && process.env.ELECTRON_RENDERER_URL
    ? process.env.ELECTRON_RENDERER_URL
    : APP_URL;

function createWindow(): BrowserWindow {
  const stateFile = join(app.getPath('userData'), 'window.json');
  const saved = visibleBounds(
    loadWindowBounds(stateFile),
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const window = new BrowserWindow({
    width: saved?.width ?? 1200,
    height: saved?.height ?? 800,
    ...(saved ? { x: saved.x, y: saved.y } : {}),
    minWidth: 640,
    minHeight: 480,
    show: false,
    title: 'Quire',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    },
  });
  if (saved?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined;
    if (quitting) app.quit();
  });
  window.on('close', () =>
    saveWindowBounds(stateFile, { ...window.getNormalBounds(), maximized: window.isMaximized() }),
  );
  // Links open in the system browser; the window itself never navigates away.
  const openOutside = (url: string) => {
    const external = externalUrl(url);
    if (external) void shell.openExternal(external);
  };
  window.webContents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openOutside(url);
  });
  trusted = { webContentsId: window.webContents.id, url: rendererUrl() };
  void window.loadURL(rendererUrl());
  return window;
}

async function start(): Promise<void> {
  protocol.handle(APP_SCHEME, appProtocolHandler(join(import.meta.dirname, '../renderer')));
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  );
  session.defaultSession.setPermissionCheckHandler(() => false);
  core = await createCore({
    dataDir: app.getPath('userData'),
    credentials: new KeytarCredentialStore(),
    version: app.getVersion(),
    // Electron's network stack: the system proxy and certificates apply.
    fetch: chromiumFetch((options) => net.request(options)),
  });
  ipcMain.handle(CALL_CHANNEL, (event: IpcMainInvokeEvent, name: unknown, input: unknown) =>
    handleRendererCall(
      core!,
      {
        webContentsId: event.sender.id,
        frameUrl: event.senderFrame?.url,
        isMainFrame: event.senderFrame !== null && event.senderFrame === event.sender.mainFrame,
      },
      trusted,
      name,
      input,
    ),
  );
  core.subscribe((event) => openWindow()?.webContents.send(EVENT_CHANNEL, event));
  installMenu(openWindow);
  mainWindow = createWindow();
}

/**
 * Quire could not start: its store refused (written by a newer Quire, damaged), the disk full.
 * The writer is told why in a native dialog, the message saying what to do, and the app quits
 * (exit code 1). Nothing is deleted or moved: the store's own files are left as they are.
 */
function failedToStart(error: unknown): void {
  console.error('quire: could not start', error);
  try {
    dialog.showErrorBox(
      'Quire cannot start',
      error instanceof Error ? error.message : `Quire could not start: ${String(error)}`,
    );
  } catch (showing) {
    console.error(showing);
  }
  const opened = core;
  core = undefined;
  void Promise.resolve(opened?.close())
    .catch((closing: unknown) => console.error(closing))
    .finally(() => app.exit(1));
}

// Privileges can only be granted before the app is ready.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
});

if (!app.requestSingleInstanceLock()) app.quit();
else {
  app.on('second-instance', () => {
    const window = openWindow();
    if (!window) {
      if (core) mainWindow = createWindow();
      return;
    }
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  // Catches start()'s failure too, not only whenReady's: it went unhandled, the app up and silent.
  app.whenReady().then(start).catch(failedToStart);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0 && core) mainWindow = createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => {
    quitting = true;
  });
  // Electron ends the process when this returns: held until the core has stopped sync and
  // closed its store, three seconds at most (words are already saved: the page saves them
  // before it lets the window close).
  // A second quit meanwhile (Cmd+Q again, a logout) is held too: Electron asks again after a
  // held quit, and letting it through cut the close off (a review, reading browser.cc).
  app.on('will-quit', (event) => {
    if (closed || (!core && !closing)) return;
    event.preventDefault();
    if (closing) return;
    const open = core!;
    core = undefined;
    const limit = new Promise<void>((resolve) => setTimeout(resolve, 3_000).unref());
    closing = Promise.race([open.close(), limit])
      .catch((error: unknown) => console.error('quire: closing the store failed', error))
      .finally(() => {
        closed = true;
        app.exit(0);
      });
  });
}
