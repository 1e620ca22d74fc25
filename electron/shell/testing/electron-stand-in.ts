import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { netRequestStandIn } from './net-request-stand-in';

// TEST DOUBLE: no Electron binary runs here. A stand-in for the parts of Electron's main-process
// API that electron/shell/main.ts uses, recording what it is asked. Like Electron, a closed
// window's webContents cannot be reached: reaching it throws "Object has been destroyed", and
// each such use is also recorded in `misuse`, since a throw inside an event handler may be
// swallowed by whoever emitted it.

export const misuse: string[] = [];
export const userData = mkdtempSync(join(tmpdir(), 'quire-shell-'));
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => (markReady = resolve));

class App extends EventEmitter {
  isPackaged = true;
  exits: number[] = [];
  quits = 0;
  requestSingleInstanceLock = () => true;
  whenReady = () => ready;
  getPath = () => userData;
  getVersion = () => '0.0.0-test';
  quit(): void {
    this.quits++;
  }
  exit(code = 0): void {
    this.exits.push(code);
  }
  /** Test only: Electron is ready. */
  becomeReady(): void {
    markReady();
  }
}
export const app = new App();

export const protocol = {
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
  registerSchemesAsPrivileged: (): void => {},
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void {
    this.handlers.set(scheme, handler);
  },
};
export const session = {
  defaultSession: {
    setPermissionRequestHandler: (): void => {},
    setPermissionCheckHandler: (): void => {},
  },
};
type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;
export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle(channel: string, handler: Handler): void {
    this.handlers.set(channel, handler);
  },
};
export const net = { request: netRequestStandIn };
export const shell = { openExternal: async (): Promise<void> => {} };
export const dialog = {
  shown: [] as string[],
  showErrorBox(title: string, content: string): void {
    this.shown.push(`${title}: ${content}`);
  },
};
export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};
interface MenuItem {
  label?: string;
  click?: () => void;
  submenu?: MenuItem[];
}
export const Menu = {
  template: [] as MenuItem[],
  buildFromTemplate: (template: MenuItem[]) => (Menu.template = template),
  setApplicationMenu: (): void => {},
};

let nextId = 1;
const open = new Set<BrowserWindow>();
export class BrowserWindow extends EventEmitter {
  static getAllWindows = (): BrowserWindow[] => [...open];
  loaded: string | undefined;
  private destroyed = false;
  private readonly contents: EventEmitter & Record<string, unknown>;

  constructor(readonly options: unknown) {
    super();
    const contents = new EventEmitter() as EventEmitter & Record<string, unknown>;
    contents.id = nextId++;
    contents.sent = [] as unknown[];
    contents.send = (channel: string, payload: unknown) =>
      (contents.sent as unknown[]).push([channel, payload]);
    contents.setWindowOpenHandler = (): void => {};
    contents.mainFrame = { url: 'quire://app/index.html' };
    this.contents = contents;
    open.add(this);
  }
  private live(what: string): void {
    if (!this.destroyed) return;
    misuse.push(what);
    throw new TypeError('Object has been destroyed');
  }
  get webContents(): EventEmitter & Record<string, unknown> {
    this.live('webContents');
    return this.contents;
  }
  isDestroyed = (): boolean => this.destroyed;
  loadURL(url: string): Promise<void> {
    this.live('loadURL');
    this.loaded = url;
    return Promise.resolve();
  }
  maximize = (): void => {};
  show = (): void => {};
  focus = (): void => this.live('focus');
  restore = (): void => this.live('restore');
  isMinimized = (): boolean => (this.live('isMinimized'), false);
  isMaximized = (): boolean => (this.live('isMaximized'), false);
  getNormalBounds = () => (this.live('getNormalBounds'), { x: 0, y: 0, width: 1200, height: 800 });
  /** Test only: the writer closes the window (its page let it go). */
  closeByWriter(): void {
    this.emit('close', { preventDefault: () => {} });
    this.destroyed = true;
    open.delete(this);
    this.emit('closed');
  }
}
