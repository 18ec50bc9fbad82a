// The one window: secure options (sandbox, context isolation, no node integration), no navigation
// away from the app, no new windows, no remote content.
import { BrowserWindow } from 'electron'
import type { WindowState } from '../services/settings'
import type { RendererSource } from './app-security'

export interface WindowOptions {
  state: WindowState
  source: RendererSource
  preload: string
  devTools: boolean
  /** Closing: the size and place to remember. */
  onClose(state: Pick<WindowState, 'x' | 'y' | 'width' | 'height' | 'maximized'>): void
}

export function createWindow(opts: WindowOptions): BrowserWindow {
  const { state } = opts
  const win = new BrowserWindow({
    width: state.width,
    height: state.height,
    ...(state.x !== undefined ? { x: state.x, y: state.y } : {}),
    minWidth: 900,
    minHeight: 600,
    title: 'Muster',
    show: false,
    webPreferences: {
      preload: opts.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: opts.devTools
    }
  })
  if (state.maximized) win.maximize()
  win.once('ready-to-show', () => win.show())
  win.webContents.on('will-navigate', (event) => event.preventDefault())
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  win.on('close', () => opts.onClose({ ...win.getNormalBounds(), maximized: win.isMaximized() }))
  void win.loadURL(opts.source.url)
  return win
}
