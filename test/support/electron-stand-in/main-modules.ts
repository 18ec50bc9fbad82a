// Electron's ipcMain, Menu, dialog, session and nativeTheme, as Electron documents them, for the
// parts the main bundle uses. Dialogs answer what the test scripted (else they are cancelled).
import { EventEmitter } from 'node:events'
import type { IpcMainInvokeEvent, MenuItemConstructorOptions, OpenDialogReturnValue, SaveDialogReturnValue } from 'electron'
import { report } from './report'
import { app, StandInWindow } from './windows'

type InvokeHandler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown

class StandInIpcMain extends EventEmitter {
  readonly handlers = new Map<string, InvokeHandler>()
  handle(channel: string, handler: InvokeHandler): void {
    // Electron refuses a second handler for a channel.
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
    report('ipc-handle', { channel })
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }
  /** The stand-in's own: a renderer's ipcRenderer.invoke arriving; the answer is copied as IPC copies it. */
  async invoke(event: IpcMainInvokeEvent, channel: string, args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel)
    if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`)
    try {
      return structuredClone(await handler(event, ...structuredClone(args)))
    } catch (e) {
      throw new Error(`Error invoking remote method '${channel}': ${String(e)}`)
    }
  }
}
export const ipcMain = new StandInIpcMain()

type ClickHandler = (item: StandInMenuItem, win: StandInWindow | undefined, event: { triggeredByAccelerator: boolean }) => void

export class StandInMenuItem {
  readonly label: string
  readonly role: string | undefined
  readonly type: string
  readonly accelerator: string | undefined
  readonly submenu: StandInMenu | undefined
  readonly click: ClickHandler | undefined
  checked: boolean
  constructor(options: MenuItemConstructorOptions) {
    this.label = options.label ?? ''
    this.role = options.role
    this.type = options.type ?? (options.submenu ? 'submenu' : 'normal')
    this.accelerator = options.accelerator
    this.checked = options.checked ?? false
    this.click = options.click as ClickHandler | undefined
    const sub = options.submenu
    this.submenu = sub === undefined ? undefined : sub instanceof StandInMenu ? sub : StandInMenu.buildFromTemplate(sub as MenuItemConstructorOptions[])
  }
}

let applicationMenu: StandInMenu | null = null

export class StandInMenu {
  constructor(readonly items: StandInMenuItem[] = []) {}
  static buildFromTemplate(template: Array<MenuItemConstructorOptions | StandInMenuItem>): StandInMenu {
    return new StandInMenu(template.map((t) => (t instanceof StandInMenuItem ? t : new StandInMenuItem(t))))
  }
  static setApplicationMenu(menu: StandInMenu | null): void {
    applicationMenu = menu
    report('menu-set')
  }
  static getApplicationMenu(): StandInMenu | null {
    return applicationMenu
  }
}

/** The stand-in's own: a click on the item at this path of labels (roles name items without one), as Electron runs it. */
export function clickMenuItem(path: string[]): void {
  let items = applicationMenu?.items ?? []
  let item: StandInMenuItem | undefined
  let siblings: StandInMenuItem[] = []
  for (const name of path) {
    siblings = items
    item = items.find((i) => i.label.replace('&', '') === name || (!i.label && i.role === name))
    if (!item) throw new Error(`no menu item '${name}' in ${path.join(' > ')}`)
    items = item.submenu?.items ?? []
  }
  if (!item) throw new Error('no menu item to click')
  // A radio item checks itself and unchecks its group; a checkbox turns over; then its click runs.
  if (item.type === 'radio') for (const s of siblings) if (s.type === 'radio') s.checked = s === item
  if (item.type === 'checkbox') item.checked = !item.checked
  const win = StandInWindow.getFocusedWindow() ?? undefined
  if (item.click) item.click(item, win, { triggeredByAccelerator: false })
  else if (item.role === 'quit') app.quit()
  else if (item.role === 'close') win?.close()
}

/** What the test scripted for the next dialogs of each kind. */
export const dialogAnswers = { open: [] as OpenDialogReturnValue[], save: [] as SaveDialogReturnValue[] }
/** Electron's dialogs take an optional parent window first. */
const optionsOf = (a: unknown, b: unknown): Record<string, unknown> => (a instanceof StandInWindow ? b : a) as Record<string, unknown>

export const dialog = {
  showOpenDialog(a: unknown, b?: unknown): Promise<OpenDialogReturnValue> {
    report('dialog', { kind: 'open', options: optionsOf(a, b) })
    return Promise.resolve(dialogAnswers.open.shift() ?? { canceled: true, filePaths: [] })
  },
  showSaveDialog(a: unknown, b?: unknown): Promise<SaveDialogReturnValue> {
    report('dialog', { kind: 'save', options: optionsOf(a, b) })
    return Promise.resolve(dialogAnswers.save.shift() ?? { canceled: true, filePath: '' })
  },
  showMessageBox(a: unknown, b?: unknown): Promise<{ response: number; checkboxChecked: boolean }> {
    report('dialog', { kind: 'message', options: optionsOf(a, b) })
    return Promise.resolve({ response: 0, checkboxChecked: false })
  },
  showErrorBox(title: string, content: string): void {
    report('dialog', { kind: 'error', options: { title, content } })
  }
}

type HeadersListener = (
  details: Record<string, unknown>,
  callback: (response: { cancel?: boolean; responseHeaders?: Record<string, string[]> }) => void
) => void
type PermissionRequest = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: Record<string, unknown>) => void
type PermissionCheck = (contents: unknown, permission: string, requestingOrigin: string, details: Record<string, unknown>) => boolean

class StandInSession {
  headersListener: HeadersListener | undefined
  permissionRequest: PermissionRequest | undefined
  permissionCheck: PermissionCheck | undefined
  readonly webRequest = {
    // Electron: onHeadersReceived([filter,] listener); a later call replaces the listener.
    onHeadersReceived: (a: unknown, b?: unknown) => {
      this.headersListener = (typeof a === 'function' ? a : b) as HeadersListener
    }
  }
  setPermissionRequestHandler(handler: PermissionRequest | null): void {
    this.permissionRequest = handler ?? undefined
  }
  setPermissionCheckHandler(handler: PermissionCheck | null): void {
    this.permissionCheck = handler ?? undefined
  }
  /** The stand-in's own: a response arrives; the headers the page gets (unchanged with no listener). */
  respond(url: string, responseHeaders: Record<string, string[]>): Promise<Record<string, string[]> | undefined> {
    const listener = this.headersListener
    if (!listener) return Promise.resolve(responseHeaders)
    return new Promise((resolve) =>
      listener({ url, method: 'GET', resourceType: 'mainFrame', statusCode: 200, responseHeaders }, (r) =>
        resolve(r.cancel ? undefined : (r.responseHeaders ?? responseHeaders))
      )
    )
  }
  /** The stand-in's own: a page asks for a permission; what the request and the check handlers say (Electron grants with none). */
  async permission(permission: string, requestingUrl: string, mediaTypes?: string[]): Promise<{ request: boolean; check: boolean }> {
    const request = this.permissionRequest
    const granted = request ? await new Promise<boolean>((resolve) => request({}, permission, resolve, { requestingUrl, isMainFrame: true, mediaTypes })) : true
    const check = this.permissionCheck
      ? this.permissionCheck({}, permission, new URL(requestingUrl).origin, { requestingUrl, mediaType: mediaTypes?.[0] })
      : true
    return { request: granted, check }
  }
}
export const session = { defaultSession: new StandInSession() }

class StandInNativeTheme extends EventEmitter {
  private source: 'system' | 'light' | 'dark' = 'system'
  get themeSource() {
    return this.source
  }
  set themeSource(theme: 'system' | 'light' | 'dark') {
    this.source = theme
    report('theme-source', { theme })
  }
  get shouldUseDarkColors() {
    return this.source === 'dark'
  }
}
export const nativeTheme = new StandInNativeTheme()
