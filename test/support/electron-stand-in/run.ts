// The child process a test starts (client.ts): `node --import tsx run.ts main <out/main/main.js>`
// runs the built main bundle with require('electron') answered by the stand-in, then says the app is
// ready, as Electron does once the main script has run; `... run.ts preload <out/preload/preload.js>`
// runs the preload alone in a sandboxed page whose ipcRenderer.invoke only records. Events go to
// the test as messages (report.ts); the test's commands come back the same way.
import Module from 'node:module'
import type { IpcMainInvokeEvent } from 'electron'
import { clickMenuItem, dialog, dialogAnswers, ipcMain, nativeTheme, session, StandInMenu, StandInMenuItem, type StandInMenu as Menu } from './main-modules'
import { runPreload, type Page } from './page'
import { report } from './report'
import { app, setPageLoader, StandInWindow, type StandInWebContents } from './windows'

const [mode, bundle] = process.argv.slice(2)

/** What `require('electron')` gives the main bundle; a module Electron has and the stand-in lacks is said so at once. */
const electronMain = new Proxy(
  { app, BrowserWindow: StandInWindow, dialog, ipcMain, Menu: StandInMenu, MenuItem: StandInMenuItem, nativeTheme, session } as Record<
    string | symbol,
    unknown
  >,
  {
    get(target, name) {
      if (typeof name === 'symbol' || name in target || name === '__esModule' || name === 'default' || name === 'then') return target[name]
      throw new Error(`the electron stand-in has no '${name}': add it to test/support/electron-stand-in/, as Electron documents it`)
    }
  }
)

function answerElectronFromStandIn(): void {
  const moduleApi = Module as unknown as { _resolveFilename(request: string, ...rest: unknown[]): string; _cache: Record<string, unknown> }
  const id = `${__dirname}/electron-main.stand-in`
  const resolve = moduleApi._resolveFilename
  moduleApi._resolveFilename = function (request: string, ...rest: unknown[]) {
    return request === 'electron' ? id : resolve.call(this, request, ...rest)
  }
  const stub = new Module(id)
  Object.assign(stub, { filename: id, loaded: true, exports: electronMain })
  moduleApi._cache[id] = stub
}

/** The page's frame, as ipcMain's handlers see it: the window's top frame at the URL it loaded, or another. */
function invokeEvent(contents: StandInWebContents, frameUrl = contents.getURL()): IpcMainInvokeEvent {
  return {
    sender: contents,
    senderFrame: { url: frameUrl, parent: null, name: '', processId: 1, routingId: 1 },
    processId: 1,
    frameId: 1
  } as unknown as IpcMainInvokeEvent
}

const pages = new Map<number, Page>()
const firstWindow = () => {
  const win = StandInWindow.getAllWindows()[0]
  if (!win) throw new Error('no window is open')
  return win
}
const pageOf = (win: StandInWindow) => {
  const page = pages.get(win.webContents.id)
  if (!page) throw new Error('the window has no page loaded')
  return page
}
const bridge = (page: Page) => page.world.muster as Record<string, (...args: unknown[]) => unknown>

function menuTree(menu: Menu | null): unknown[] {
  return (menu?.items ?? []).map((i) => ({
    label: i.label,
    role: i.role,
    type: i.type,
    checked: i.checked,
    accelerator: i.accelerator,
    submenu: i.submenu ? menuTree(i.submenu) : undefined
  }))
}

type Command = Record<string, unknown> & { id: number; cmd: string }
const invoked: Array<{ channel: string; args: unknown[] }> = []
let preloadPage: Page | undefined

const mainCommands: Record<string, (c: Command) => unknown> = {
  state: () => ({
    handled: [...ipcMain.handlers.keys()],
    ipcListeners: ipcMain.eventNames().map(String),
    windows: StandInWindow.getAllWindows().map((w) => ({ id: w.id, options: w.options, url: w.webContents.getURL(), visible: w.isVisible() })),
    menu: menuTree(StandInMenu.getApplicationMenu()),
    themeSource: nativeTheme.themeSource
  }),
  headers: (c) => session.defaultSession.respond(String(c.url), { 'Content-Type': ['text/html'] }),
  permission: (c) => session.defaultSession.permission(String(c.permission), String(c.url), c.mediaTypes as string[] | undefined),
  navigate: (c) => firstWindow().webContents.navigate(String(c.url)),
  openWindow: (c) => firstWindow().webContents.openWindow(String(c.url)),
  click: (c) => clickMenuItem(c.path as string[]),
  bridge: (c) => bridge(pageOf(firstWindow()))[String(c.method)](...(c.args as unknown[])),
  listenCommands: () => void bridge(pageOf(firstWindow())).onCommand((command: unknown) => report('page-command', { command })),
  answerOpenDialog: (c) => void dialogAnswers.open.push({ canceled: false, filePaths: c.filePaths as string[] }),
  invokeFrom: (c) => ipcMain.invoke(invokeEvent(firstWindow().webContents, String(c.url)), String(c.channel), c.args as unknown[]),
  closeWindow: () => firstWindow().close(),
  quit: () => app.quit()
}

const preloadCommands: Record<string, (c: Command) => unknown> = {
  exposed: () => Object.fromEntries(Object.entries(preloadPage!.world).map(([key, api]) => [key, Object.keys(api as object)])),
  bridge: async (c) => ({ answer: await bridge(preloadPage!)[String(c.method)](...(c.args as unknown[])), invoked: invoked.splice(0) })
}

function serve(commands: Record<string, (c: Command) => unknown>): void {
  process.on('message', (message) => {
    const c = message as Command
    Promise.resolve()
      .then(() => {
        const run = commands[c.cmd]
        if (!run) throw new Error(`no stand-in command '${c.cmd}'`)
        return run(c)
      })
      .then(
        (result) => process.send?.({ reply: c.id, ok: true, result }),
        (e: unknown) => process.send?.({ reply: c.id, ok: false, error: e instanceof Error ? e.message : String(e) })
      )
  })
}

if (mode === 'main') {
  answerElectronFromStandIn()
  setPageLoader((contents, preload) => {
    const win = StandInWindow.getAllWindows().find((w) => w.webContents === contents)!
    const page = runPreload(preload, win.options.webPreferences ?? {}, { invoke: (channel, args) => ipcMain.invoke(invokeEvent(contents), channel, args) })
    pages.set(contents.id, page)
    return page
  })
  serve(mainCommands)
  Module.createRequire(__filename)(bundle)
  setImmediate(() => app.start())
} else if (mode === 'preload') {
  serve(preloadCommands)
  preloadPage = runPreload(
    bundle,
    { sandbox: true, contextIsolation: true, nodeIntegration: false },
    {
      invoke: (channel, args) => {
        invoked.push({ channel, args })
        return Promise.resolve({ ok: true, value: null })
      }
    }
  )
} else throw new Error(`run.ts main|preload <bundle>, not ${mode}`)
report('stand-in-loaded', { mode })
