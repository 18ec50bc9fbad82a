// Electron bootstrap: one secure window, the IPC contract bound to ipcMain, a native menu. Thin:
// the work happens in rules/, ipc/ and (later) store/.
import { app, BrowserWindow, ipcMain, Menu, session, shell } from 'electron'
import { join } from 'node:path'
import { createEngine } from './rules'
import { channelNames, type Channel } from './ipc/contract'
import { createDispatch, rulesHandlers } from './ipc/handlers'

const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"

function bindIpc(): void {
  const engine = createEngine({ dataDirs: process.env.MUSTER_DATA ? [process.env.MUSTER_DATA] : [] })
  const dispatch = createDispatch({ ...rulesHandlers(engine) })
  for (const channel of Object.keys(channelNames) as Channel[]) {
    ipcMain.handle(channelNames[channel], (_event, args: unknown) => dispatch(channel, args))
  }
}

function createWindow(): void {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    title: 'Muster',
    show: false,
    webPreferences: {
      preload: join(__dirname, '../preload/preload.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true
    }
  })
  win.once('ready-to-show', () => win.show())
  // No navigation away from the app and no new windows; links open in the system browser.
  win.webContents.on('will-navigate', (event) => event.preventDefault())
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https:\/\//.test(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  if (process.env.ELECTRON_RENDERER_URL) void win.loadURL(process.env.ELECTRON_RENDERER_URL)
  else void win.loadFile(join(__dirname, '../renderer/index.html'))
}

app.whenReady().then(() => {
  // Electron's userData folder for the app is the one the CLI uses too (see user-data.ts).
  process.env.MUSTER_HOME ??= app.getPath('userData')
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } })
  })
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([
      { role: 'fileMenu' },
      { role: 'editMenu' },
      { role: 'viewMenu' },
      { role: 'windowMenu' }
    ])
  )
  bindIpc()
  createWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow()
  })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
