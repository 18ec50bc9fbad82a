// The native application menu, as data: every item sends a command to the page (or runs a main-
// process action), and shows its keyboard shortcut.
import type { MenuItemConstructorOptions } from 'electron'
import type { Command } from '../ipc/contract'

export interface MenuActions {
  command(command: Command): void
  importMeshwesh(): void
  /** Whether lists from Meshwesh are on this computer already: Armies > Update rather than Get. */
  meshweshCatalogue: boolean
  theme(theme: 'system' | 'light' | 'dark'): void
  currentTheme: 'system' | 'light' | 'dark'
  isMac: boolean
}

export function menuTemplate(a: MenuActions): MenuItemConstructorOptions[] {
  const send = (command: Command) => () => a.command(command)
  return [
    ...(a.isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: '&File',
      submenu: [
        { label: 'New Roster', accelerator: 'CmdOrCtrl+N', click: send('new') },
        { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: send('open') },
        { label: 'Import Rosters…', accelerator: 'CmdOrCtrl+I', click: send('import') },
        { label: 'Import Meshwesh Army Lists…', click: () => a.importMeshwesh() },
        { label: 'Export Roster…', accelerator: 'CmdOrCtrl+E', click: send('export') },
        { label: 'Print / Export PDF…', accelerator: 'CmdOrCtrl+P', click: send('print') },
        { type: 'separator' },
        a.isMac ? { role: 'close' } : { role: 'quit', accelerator: 'CmdOrCtrl+Q' }
      ]
    },
    {
      label: '&Edit',
      submenu: [
        { label: 'Undo', accelerator: 'CmdOrCtrl+Z', click: send('undo') },
        { label: 'Redo', accelerator: 'CmdOrCtrl+Shift+Z', click: send('redo') },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' }
      ]
    },
    {
      label: '&View',
      submenu: [
        { label: 'Library', accelerator: 'CmdOrCtrl+1', click: send('library') },
        { label: 'Armies', accelerator: 'CmdOrCtrl+2', click: send('armies') },
        { type: 'separator' },
        {
          label: 'Theme',
          submenu: (['system', 'light', 'dark'] as const).map((t) => ({
            label: t === 'system' ? 'Follow the System' : t === 'light' ? 'Light' : 'Dark',
            type: 'radio' as const,
            checked: a.currentTheme === t,
            click: () => a.theme(t)
          }))
        },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { role: 'togglefullscreen' }
      ]
    },
    {
      label: '&Armies',
      submenu: [{ label: a.meshweshCatalogue ? 'Update from Meshwesh…' : 'Get Lists from Meshwesh…', click: send('meshwesh') }]
    },
    { role: 'windowMenu' }
  ]
}
