// Electron's app, BrowserWindow and webContents, as Electron documents them, for the parts the
// main bundle uses: the app's ready and quit sequence, windows that load a page (running its
// preload: page.ts), close, and the window-all-closed rule. Synchronous where Electron's order
// is certain; each step is reported.
import { EventEmitter } from 'node:events'
import { tmpdir } from 'node:os'
import type { BrowserWindowConstructorOptions, HandlerDetails, Rectangle, WindowOpenHandlerResponse } from 'electron'
import { electronEvent, report } from './report'

/** The page side of a window: made when a page loads (page.ts), it receives what main sends. */
export interface LoadedPage {
  deliver(channel: string, args: unknown[]): void
}
type PageLoader = (contents: StandInWebContents, preload: string | undefined) => LoadedPage
let loadPage: PageLoader = () => ({ deliver: () => undefined })
export const setPageLoader = (loader: PageLoader): void => {
  loadPage = loader
}

class StandInApp extends EventEmitter {
  readonly isPackaged = false
  private ready = false
  private quitting = false
  private readonly readyWaiters: Array<() => void> = []

  whenReady(): Promise<void> {
    return this.ready ? Promise.resolve() : new Promise((resolve) => this.readyWaiters.push(resolve))
  }
  isReady(): boolean {
    return this.ready
  }
  getPath(name: string): string {
    if (name === 'userData') return process.env.MUSTER_STAND_IN_USER_DATA ?? tmpdir()
    if (name === 'temp') return tmpdir()
    throw new Error(`the stand-in has no app path '${name}'`)
  }
  /** Electron: before-quit, then every window is closed (any may refuse), then will-quit, quit, and the process exits. */
  quit(): void {
    report('app-quit-asked')
    const before = electronEvent()
    this.emit('before-quit', before)
    if (before.defaultPrevented) return
    this.quitting = true
    for (const win of StandInWindow.getAllWindows()) win.close()
    if (StandInWindow.getAllWindows().length > 0) return void (this.quitting = false)
    const willQuit = electronEvent()
    this.emit('will-quit', willQuit)
    if (willQuit.defaultPrevented) return void (this.quitting = false)
    this.emit('quit', electronEvent(), 0)
    report('app-exited', { code: 0 })
    setImmediate(() => process.exit(0))
  }
  /** The stand-in's own: the app is ready (Electron says so once the main script has run). */
  start(): void {
    this.ready = true
    this.emit('ready', electronEvent(), {})
    for (const resolve of this.readyWaiters.splice(0)) resolve()
  }
  /** Electron: the last window closed outside a quit; with no listener the app quits. */
  allWindowsClosed(): void {
    if (this.quitting) return
    report('window-all-closed')
    if (this.listenerCount('window-all-closed') === 0) this.quit()
    else this.emit('window-all-closed')
  }
}

export const app = new StandInApp()

let nextId = 1

export class StandInWebContents extends EventEmitter {
  readonly id = nextId++
  private url = ''
  private page: LoadedPage | undefined
  private openHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | undefined
  destroyed = false

  constructor(private readonly owner: StandInWindow) {
    super()
  }
  getURL(): string {
    return this.url
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  /** Loads the page: its preload runs first (as in a sandboxed renderer), then the window is ready to show. */
  async loadURL(url: string): Promise<void> {
    // A page loads after the call returns, never within it.
    await new Promise((resolve) => setImmediate(resolve))
    this.url = url
    this.page = loadPage(this, this.owner.options.webPreferences?.preload)
    report('page-loaded', { windowId: this.owner.id, url })
    this.emit('did-finish-load')
    this.owner.emit('ready-to-show')
  }
  send(channel: string, ...args: unknown[]): void {
    const copied = structuredClone(args)
    report('webcontents-send', { windowId: this.owner.id, channel, args: copied })
    this.page?.deliver(channel, copied)
  }
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.openHandler = handler
  }
  /** The stand-in's own: the page tries to go to another URL; whether it went. */
  navigate(url: string): boolean {
    const event = electronEvent({ url, isSameDocument: false, isMainFrame: true })
    this.emit('will-navigate', event, url)
    if (!event.defaultPrevented) this.url = url
    return !event.defaultPrevented
  }
  /** The stand-in's own: the page asks for a new window (window.open, a target=_blank link); what main answered. */
  openWindow(url: string): WindowOpenHandlerResponse {
    const details = { url, frameName: '', features: '', disposition: 'new-window', referrer: { url: this.url, policy: 'default' } } as HandlerDetails
    return this.openHandler ? this.openHandler(details) : { action: 'allow' }
  }
}

const open: StandInWindow[] = []

export class StandInWindow extends EventEmitter {
  static getAllWindows(): StandInWindow[] {
    return [...open]
  }
  static getFocusedWindow(): StandInWindow | null {
    return StandInWindow.focused ?? null
  }
  private static focused: StandInWindow | undefined

  readonly id = nextId++
  readonly webContents: StandInWebContents
  private bounds: Rectangle
  private maximized = false
  private visible = false
  private destroyed = false

  constructor(readonly options: BrowserWindowConstructorOptions = {}) {
    super()
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 }
    this.webContents = new StandInWebContents(this)
    open.push(this)
    report('window-created', { windowId: this.id, options: structuredClone(options) })
  }
  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url)
  }
  show(): void {
    this.visible = true
    StandInWindow.focused = this
    report('window-shown', { windowId: this.id })
    this.emit('show')
    this.emit('focus')
  }
  isVisible(): boolean {
    return this.visible
  }
  focus(): void {
    StandInWindow.focused = this
    this.emit('focus')
  }
  maximize(): void {
    this.maximized = true
    this.emit('maximize')
  }
  isMaximized(): boolean {
    return this.maximized
  }
  getBounds(): Rectangle {
    return { ...this.bounds }
  }
  getNormalBounds(): Rectangle {
    return { ...this.bounds }
  }
  setBounds(bounds: Partial<Rectangle>): void {
    this.bounds = { ...this.bounds, ...bounds }
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  /** Electron: 'close' (which may be refused), then the window goes. */
  close(): void {
    if (this.destroyed) return
    const event = electronEvent()
    this.emit('close', event)
    if (!event.defaultPrevented) this.destroy()
  }
  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.webContents.destroyed = true
    open.splice(open.indexOf(this), 1)
    if (StandInWindow.focused === this) StandInWindow.focused = open.at(-1)
    report('window-closed', { windowId: this.id })
    this.emit('closed')
    if (open.length === 0) app.allWindowsClosed()
  }
}
