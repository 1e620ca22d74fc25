import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';

// TEST DOUBLE: no Electron binary runs here, so `electron` is replaced by a recording stand-in
// (as in preload.test.ts); it records dialogs, windows and the app's quitting, and runs nothing
// of Electron's own. The core is the real one, over a data folder whose store a newer Quire wrote
// (schema 99). Until a review, `app.whenReady().then(start, onError)` attached onError to
// whenReady only, so start()'s rejection went unhandled: no window, no dialog, the process up
// and silent. Now the writer sees a native error dialog with the store's message, which names
// the file and says what to do, and the app quits; the store is left as it was.

const dataDir = mkdtempSync(join(tmpdir(), 'quire-shell-start-'));
const storeFile = join(dataDir, 'quire.db');
const newer = new Database(storeFile);
newer.exec('CREATE TABLE from_the_future (x)');
newer.pragma('user_version = 99');
newer.close();
const storeBefore = readFileSync(storeFile);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const errorBoxes: { title: string; content: string }[] = [];
const windows: unknown[] = [];
const unhandled: unknown[] = [];
process.on('unhandledRejection', (reason) => void unhandled.push(reason));

const app = vi.hoisted(() => ({
  exit: (() => {}) as (code?: number) => void,
  quit: (() => {}) as () => void,
}));

vi.mock('electron', () => {
  const stand = {
    getPath: () => dataDir,
    getVersion: () => '0.0.0-test',
    isPackaged: true,
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    on: () => stand,
    quit: vi.fn(),
    exit: vi.fn(),
  };
  Object.assign(app, stand);
  return {
    app: stand,
    BrowserWindow: class {
      static getAllWindows = () => windows;
      constructor() {
        windows.push(this);
      }
    },
    dialog: {
      showErrorBox: (title: string, content: string) => void errorBoxes.push({ title, content }),
    },
    ipcMain: { handle: vi.fn() },
    net: { fetch: vi.fn() },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    screen: { getAllDisplays: () => [] },
    session: {
      defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() },
    },
    shell: { openExternal: vi.fn() },
    Menu: { buildFromTemplate: vi.fn(), setApplicationMenu: vi.fn() },
  };
});

it('tells the writer why Quire cannot start, in a native dialog, and quits, the store untouched', async () => {
  await import('./main');
  await vi.waitFor(() => expect(app.exit).toHaveBeenCalled(), { timeout: 5_000 });
  expect(unhandled.map(String)).toEqual([]);
  expect(errorBoxes).toHaveLength(1);
  expect(errorBoxes[0]!.title).toBe('Quire cannot start');
  expect(errorBoxes[0]!.content).toContain(storeFile);
  expect(errorBoxes[0]!.content).toMatch(/newer version of Quire .*Update Quire to open it/);
  expect(app.exit).toHaveBeenCalledWith(1);
  expect(windows).toEqual([]);
  expect(readFileSync(storeFile).equals(storeBefore)).toBe(true);
  expect(readdirSync(dataDir)).toEqual(['quire.db']);
});
