import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CALL_CHANNEL } from '../../shared/ipc';
import * as electron from './testing/electron-stand-in';

// The Electron shell's own wiring, run under plain Node against a stand-in for Electron (see
// testing/electron-stand-in.ts): a real core behind it, with its real store, embedded sample
// and keychain. What a review found (2026-11-22) by reading it: on macOS the app stays up with
// its window closed, and the shell went on reaching the closed window (menu commands, a second
// launch, events of calls still in flight), each a TypeError in the main process; and a quit
// did not wait for the core to close its store.
vi.mock('electron', () => import('./testing/electron-stand-in'));

const { app, BrowserWindow, ipcMain, Menu, misuse } = electron;

const call = (window: InstanceType<typeof BrowserWindow>, name: string, input: unknown = {}) => {
  const contents = window.webContents;
  return ipcMain.handlers.get(CALL_CHANNEL)!(
    { sender: contents, senderFrame: contents.mainFrame },
    name,
    input,
  ) as Promise<{ ok: boolean; value?: any; error?: { message: string } }>;
};

let first: InstanceType<typeof BrowserWindow>;
beforeAll(async () => {
  await import('./main');
  app.becomeReady();
  await vi.waitFor(() => expect(BrowserWindow.getAllWindows()).toHaveLength(1), {
    timeout: 15_000,
  });
  first = BrowserWindow.getAllWindows()[0]!;
}, 20_000);
afterAll(() => {
  // The core is closed by the quit test; this only covers a failure before it.
  app.emit('will-quit', { preventDefault: () => {} });
  rmSync(electron.userData, { recursive: true, force: true });
});

describe('the Electron shell, its window closed while the app stays up (macOS)', () => {
  it('serves the window it opened', async () => {
    expect(first.loaded).toBe('quire://app/index.html');
    const info = await call(first, 'app.info');
    expect(info.ok).toBe(true);
  });

  it('never reaches the closed window: a call still in flight, a menu command, a second launch', async () => {
    const [publication] = (await call(first, 'publications.list')).value;
    const contents = first.webContents;
    // A save the page sent as it closed: it ends, and says so, after the window has gone.
    const inFlight = ipcMain.handlers.get(CALL_CHANNEL)!(
      { sender: contents, senderFrame: contents.mainFrame },
      'records.create',
      {
        publicationId: publication.id,
        kind: 'post',
        fields: { title: 'Last words', content: '<p>Said as the window closed.</p>' },
      },
    ) as Promise<{ ok: boolean }>;
    first.closeByWriter();
    expect(await inFlight).toMatchObject({ ok: true });
    const file = Menu.template.find((item) => item.label === '&File')!;
    file.submenu!.find((item) => item.label === 'New Post')!.click!();
    expect(misuse).toEqual([]);

    app.emit('second-instance');
    expect(misuse).toEqual([]);
    // Launching Quire again with no window open opens one.
    const windows = BrowserWindow.getAllWindows();
    expect(windows).toHaveLength(1);
    expect(windows[0]).not.toBe(first);
    expect(windows[0]!.loaded).toBe('quire://app/index.html');
    expect((await call(windows[0]!, 'app.info')).ok).toBe(true);
  });
});

describe('quitting', () => {
  it('holds the quit until the core has closed its store, then exits', async () => {
    const wal = join(electron.userData, 'quire.db-wal');
    expect(existsSync(wal)).toBe(true);
    let held = false;
    app.emit('will-quit', { preventDefault: () => (held = true) });
    expect(held).toBe(true);
    // Quit again while it closes: held too, or the close was cut off.
    let heldAgain = false;
    app.emit('will-quit', { preventDefault: () => (heldAgain = true) });
    expect(heldAgain).toBe(true);
    await vi.waitFor(() => expect(app.exits).toEqual([0]), { timeout: 10_000 });
    // Closed, not cut off: SQLite folds its write-ahead log back into the store on close.
    expect(existsSync(wal)).toBe(false);
  });
});
