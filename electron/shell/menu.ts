import { Menu, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import { EVENT_CHANNEL } from '../../shared/ipc';
import type { CoreEvent } from '../../shared/views';

/** The native menu: standard roles, plus the writer's commands sent to the renderer. */
export function installMenu(window: () => BrowserWindow | undefined): void {
  const command = (name: Extract<CoreEvent, { type: 'menu' }>['command']) => () => {
    const event: CoreEvent = { type: 'menu', command: name };
    window()?.webContents.send(EVENT_CHANNEL, event);
  };
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: '&File',
      submenu: [
        { label: 'New Post', accelerator: 'CmdOrCtrl+N', click: command('new-post') },
        { label: 'New Page', accelerator: 'CmdOrCtrl+Shift+N', click: command('new-page') },
        { type: 'separator' },
        { label: 'Save', accelerator: 'CmdOrCtrl+S', click: command('save') },
        { type: 'separator' },
        process.platform === 'darwin' ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
