/// <reference types="electron-vite/node" />
// Electron bootstrap: one secure window, the IPC contract bound to ipcMain, a native menu. Thin:
// the work happens in rules/, services/, ipc/ and store/. All it holds is one context
// (app-context.ts), replaced whole when the data reloads or the window's settings change.
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, session } from 'electron'
import { join } from 'node:path'
import { COMMAND_CHANNEL, type Command } from '../ipc/contract'
import { stopShowingOnPhone } from '../ipc/phone-handlers'
import { stopEventResults } from '../ipc/event-day-handlers'
import { catalogueDataDir } from '../meshwesh/catalogue'
import { meshweshFolder } from '../services/user-data'
import { loadWindowState, saveWindowState, windowStateFile, type WindowState } from '../services/settings'
import { rendererSource } from './app-security'
import { guardSession } from './app-session'
import { createWindow } from './app-window'
import { openAppContext, withData, withLoad, type AppContext } from './app-context'
import { bindContract } from './contract-binding'
import { importListsFromMenu } from './menu-import'
import { menuTemplate } from './menu'

// What the window loads: a production build ignores ELECTRON_RENDERER_URL (see app-security.ts).
const source = rendererSource(join(__dirname, '../renderer/index.html'), import.meta.env.DEV, process.env.ELECTRON_RENDERER_URL)

/** Set once the library is open; from then on only ever replaced whole. */
let context: AppContext

/** The player's data changed on disk (an import, a sync): a new context over it. */
function reloadData(): void {
  context = withData(context)
}

function rememberWindow(change: Partial<WindowState>): void {
  context = { ...context, windowState: { ...context.windowState, ...change } }
  saveWindowState(windowStateFile(), context.windowState)
}

function sendCommand(command: Command): void {
  const win = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
  win?.webContents.send(COMMAND_CHANNEL, command)
}

function buildMenu(): void {
  const template = menuTemplate({
    command: sendCommand,
    importMeshwesh: () => void importListsFromMenu(BrowserWindow.getFocusedWindow() ?? undefined, context.engine, reloadData),
    meshweshCatalogue: catalogueDataDir(meshweshFolder()) !== undefined,
    theme: (theme) => {
      nativeTheme.themeSource = theme
      rememberWindow({ theme })
      sendCommand(`theme-${theme}`)
    },
    currentTheme: context.windowState.theme ?? 'system',
    isMac: process.platform === 'darwin'
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

function openWindow(): BrowserWindow {
  return createWindow({
    state: context.windowState,
    source,
    preload: join(__dirname, '../preload/preload.js'),
    devTools: import.meta.env.DEV,
    onClose: (bounds) => {
      rememberWindow(bounds)
      // the phone page and the event's results page are served only while the window that asked is open
      void stopShowingOnPhone()
      void stopEventResults()
    }
  })
}

app
  .whenReady()
  .then(async () => {
    // Electron's userData folder for the app is the one the CLI uses too (see user-data.ts).
    process.env.MUSTER_HOME ??= app.getPath('userData')
    guardSession(session.defaultSession, source)
    const windowState = loadWindowState(windowStateFile())
    nativeTheme.themeSource = windowState.theme ?? 'system'
    try {
      context = await openAppContext({
        packaged: app.isPackaged,
        windowState,
        // The new lists in force at once (the window refreshes its lists), and the menu says Update.
        onReload: (data) => {
          context = withLoad(context, data)
          buildMenu()
        }
      })
    } catch (e) {
      dialog.showErrorBox('Muster cannot open its library', (e as Error).message)
      app.quit()
      return
    }
    app.on('will-quit', () => {
      // Quitting: a sync under way is told to stop; nothing waits for it.
      void context.wiring.meshwesh.meshweshCancel()
      context.library.close()
    })
    buildMenu()
    bindContract(ipcMain, source, () => context.dispatch)
    openWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow()
    })
  })
  .catch((e: unknown) => {
    // Anything else that fails at start is said, not left as an app with no window.
    dialog.showErrorBox('Muster cannot start', e instanceof Error ? e.message : String(e))
    app.quit()
  })

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
