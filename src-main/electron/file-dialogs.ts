// Electron's native open and save dialogs as the IPC handlers' FileDialogs (ipc/file-handlers.ts),
// attached to the window that asked. Only here: tests pass a fake that answers with a temp path.
import { BrowserWindow, dialog } from 'electron'
import type { FileDialogs } from '../ipc/file-handlers'

export const electronDialogs: FileDialogs = {
  async open(options) {
    const win = BrowserWindow.getFocusedWindow()
    const properties: Array<'openFile' | 'openDirectory' | 'multiSelections'> = [options.folders ? 'openDirectory' : 'openFile']
    if (options.multiple) properties.push('multiSelections')
    const opts = { title: options.title, filters: options.filters, properties }
    const picked = win ? await dialog.showOpenDialog(win, opts) : await dialog.showOpenDialog(opts)
    return picked.canceled || picked.filePaths.length === 0 ? null : picked.filePaths
  },
  async save(options) {
    const win = BrowserWindow.getFocusedWindow()
    const opts = { title: options.title, defaultPath: options.defaultName, filters: options.filters }
    const chosen = win ? await dialog.showSaveDialog(win, opts) : await dialog.showSaveDialog(opts)
    return chosen.canceled || !chosen.filePath ? null : chosen.filePath
  }
}
