/// <reference types="electron-vite/node" />
// Electron bootstrap: one secure window, the IPC contract bound to ipcMain, a native menu. Thin:
// the work happens in rules/, ipc/ and store/.
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, session } from 'electron'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createEngine, type Engine } from '../rules'
import { projectAjv } from '../rules/schemas'
import { channelNames, channels, COMMAND_CHANNEL, type Command } from '../ipc/contract'
import { menuTemplate } from './menu'
import { loadWindowState, saveWindowState, type WindowState } from './window-state'
import { createDispatch, type Dispatch } from '../ipc/handlers'
import { appHandlers } from '../ipc/app-handlers'
import { stopShowingOnPhone } from '../ipc/phone-handlers'
import { stopEventResults } from '../ipc/event-day-handlers'
import { meshweshHandlers } from '../ipc/meshwesh-handlers'
import { PdfShelf } from '../ipc/file-handlers'
import { electronDialogs } from './file-dialogs'
import { catalogueDataDir } from '../services/meshwesh/catalogue'
import { openLibrary, useNativeBinding, type Library } from '../store'
import { importMeshwesh, meshweshRuleset } from '../import/import-armies'
import { appFolder, libraryPath, meshweshFolder, userDataDirs, userDataFolder, withoutDamagedCatalogue } from '../services/user-data'
import { grantsPermission, isTrustedSender, rendererSource } from './app-security'
import { sqliteNativeBinding } from '../native/binding'
import { bundledDataDir, projectRoot } from '../rules/paths'
import { dataFingerprint } from '../rules/data-fingerprint'
import { countOf } from '../rules/messages'

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"

// The engine is rebuilt when the user's data changes (an import); the IPC handlers always use the
// current one.
let engine: Engine
/** What loading left out of the user's data, and why: the window shows it (contract.ts dataWarnings), never only this log. */
let dataWarnings: string[] = []
let dispatch: Dispatch
let library: Library
// Made once (a sync outlives engine reloads): Armies > Get lists from Meshwesh.
let meshwesh: ReturnType<typeof meshweshHandlers>
// The PDFs the window previewed, kept for Save (made once: an engine reload keeps them).
const pdfs = new PdfShelf()

function loadEngine(): void {
  const made = withoutDamagedCatalogue(userDataDirs(), (dataDirs) => createEngine({ dataDirs }))
  if (made.warning) console.warn(`Muster: ${made.warning}`)
  dataWarnings = made.warnings
  const dirs = made.dirs
  engine = made.value
  const ajv = projectAjv()
  dispatch = createDispatch(
    appHandlers({
      engine,
      dataWarnings,
      db: library.db,
      ajv,
      dataFingerprint: () => dataFingerprint([bundledDataDir(), ...dirs]),
      pdfs,
      dialogs: electronDialogs,
      meshwesh
    })
  )
}

// What the window loads: a production build ignores ELECTRON_RENDERER_URL (see app-security.ts).
const source = rendererSource(join(__dirname, '../renderer/index.html'), import.meta.env.DEV, process.env.ELECTRON_RENDERER_URL)

async function bindIpc(): Promise<void> {
  // Electron needs its own build of better-sqlite3, kept apart from the one the CLI and tests use.
  const nativeBinding = sqliteNativeBinding({
    versions: process.versions,
    platform: process.platform,
    arch: process.arch,
    packaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    // Not app.getAppPath(): launched on out/main/main.js directly, that is out/main.
    appRoot: projectRoot(),
    nativeDir: process.env.MUSTER_NATIVE_DIR
  })
  library = await openLibrary(libraryPath(), nativeBinding ? { nativeBinding } : {})
  // The Meshwesh sync's lock opens its file with the same build.
  useNativeBinding(nativeBinding)
  app.on('will-quit', () => {
    // Quitting: a sync under way is told to stop; nothing waits for it.
    void meshwesh.meshweshCancel()
    library.close()
  })
  meshwesh = meshweshHandlers({
    db: library.db,
    ajv: projectAjv(),
    root: meshweshFolder(),
    settingsFile: join(appFolder(), 'settings.json'),
    dataDirsAbove: () => (existsSync(userDataFolder()) ? [userDataFolder()] : []),
    // The new lists in force at once (the window refreshes its lists), and the menu says Update.
    onPublished: () => {
      loadEngine()
      buildMenu()
      return { engine, fingerprint: dataFingerprint([bundledDataDir(), ...userDataDirs()]) }
    }
  })
  loadEngine()
  for (const channel of channels) {
    ipcMain.handle(channelNames[channel], (event, args: unknown) => {
      // Only the app's own page, in the window's top frame, may call the contract.
      const frame = event.senderFrame
      if (!frame || frame.parent !== null || !isTrustedSender(frame.url, source)) {
        return { ok: false, error: { code: 'forbidden', message: `${channel}: not called from Muster's own page` } }
      }
      return dispatch(channel, args)
    })
  }
}

/** File > Import Meshwesh army lists: the same importer as `muster import-armies`. */
async function importMeshweshFromMenu(win: BrowserWindow | undefined): Promise<void> {
  const picked = await dialog.showOpenDialog({ title: 'Import Meshwesh army lists', properties: ['openFile', 'openDirectory'], buttonLabel: 'Import' })
  if (picked.canceled || picked.filePaths.length === 0) return
  const out = userDataFolder()
  const lines: string[] = []
  const renamed: string[] = []
  let imported = 0
  for (const path of picked.filePaths) {
    try {
      const report = importMeshwesh(path, { ajv: projectAjv(), triumph: meshweshRuleset(engine), eras: engine.registry.eras, out })
      imported += report.imported.length
      for (const f of report.failed) lines.push(`${f.file}: ${f.reason}`)
      // A list Muster ships is never replaced: say which were imported beside it, under another id.
      for (const i of report.imported) if (i.renamedFrom) renamed.push(`${i.name}: imported as ${i.id}, beside the list Muster ships (${i.renamedFrom})`)
    } catch (e) {
      lines.push(`${path}: ${(e as Error).message}`)
    }
  }
  loadEngine()
  // The window reloads itself once its waiting edits are saved (a reload from here would drop them).
  win?.webContents.send(COMMAND_CHANNEL, 'reload' satisfies Command)
  await dialog.showMessageBox({
    type: lines.length || renamed.length ? 'warning' : 'info',
    message: `Imported ${countOf(imported, 'army list')} into ${out}.`,
    detail:
      [
        ...(renamed.length
          ? [`Under another id:\n${renamed.slice(0, 10).join('\n')}${renamed.length > 10 ? `\n...and ${renamed.length - 10} more` : ''}`]
          : []),
        ...(lines.length ? [`Not imported:\n${lines.slice(0, 20).join('\n')}${lines.length > 20 ? `\n...and ${lines.length - 20} more` : ''}`] : [])
      ].join('\n\n') || undefined
  })
}

const windowStateFile = () => join(appFolder(), 'window.json')
let windowState: WindowState

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: windowState.width,
    height: windowState.height,
    ...(windowState.x !== undefined ? { x: windowState.x, y: windowState.y } : {}),
    minWidth: 900,
    minHeight: 600,
    title: 'Muster',
    show: false,
    webPreferences: {
      preload: join(__dirname, '../preload/preload.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: import.meta.env.DEV
    }
  })
  if (windowState.maximized) win.maximize()
  win.once('ready-to-show', () => win.show())
  // No navigation away from the app, no new windows, no remote content.
  win.webContents.on('will-navigate', (event) => event.preventDefault())
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  win.on('close', () => {
    windowState = { ...windowState, ...win.getNormalBounds(), maximized: win.isMaximized() }
    saveWindowState(windowStateFile(), windowState)
    // the phone page and the event's results page are served only while the window that asked is open
    void stopShowingOnPhone()
    void stopEventResults()
  })
  void win.loadURL(source.url)
  return win
}

function sendCommand(command: Command): void {
  const win = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
  win?.webContents.send(COMMAND_CHANNEL, command)
}

function buildMenu(): void {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        command: sendCommand,
        importMeshwesh: () => void importMeshweshFromMenu(BrowserWindow.getFocusedWindow() ?? undefined),
        meshweshCatalogue: catalogueDataDir(meshweshFolder()) !== undefined,
        theme: (theme) => {
          nativeTheme.themeSource = theme
          windowState = { ...windowState, theme }
          saveWindowState(windowStateFile(), windowState)
          sendCommand(`theme-${theme}`)
        },
        currentTheme: windowState.theme ?? 'system',
        isMac: process.platform === 'darwin'
      })
    )
  )
}

app
  .whenReady()
  .then(async () => {
    // Electron's userData folder for the app is the one the CLI uses too (see user-data.ts).
    process.env.MUSTER_HOME ??= app.getPath('userData')
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } })
    })
    // No microphone, notifications, clipboard reads...: only the Copy buttons' clipboard write, full
    // screen (the projector view) and the camera's video (the result-slip reader), for the app's page.
    session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) =>
      callback(grantsPermission(permission, details.requestingUrl, source, 'mediaTypes' in details ? details.mediaTypes : undefined))
    )
    session.defaultSession.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
      grantsPermission(permission, details.requestingUrl ?? requestingOrigin, source, details.mediaType ? [details.mediaType] : undefined)
    )
    windowState = loadWindowState(windowStateFile())
    nativeTheme.themeSource = windowState.theme ?? 'system'
    buildMenu()
    try {
      await bindIpc()
    } catch (e) {
      dialog.showErrorBox('Muster cannot open its library', (e as Error).message)
      app.quit()
      return
    }
    createWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow()
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
