// A window's page as Electron makes it for a preload: with the sandbox on, the preload runs with
// Electron's sandboxed require (electron's renderer modules, events, timers and url, nothing else)
// and a trimmed process; with context isolation on, contextBridge puts what it exposes on the page's
// window. What ipcRenderer invokes and receives is copied, as IPC copies it.
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import * as timers from 'node:timers'
import * as url from 'node:url'
import { compileFunction } from 'node:vm'
import type { WebPreferences } from 'electron'
import { report } from './report'
import type { LoadedPage } from './windows'

/** Where the page's ipcRenderer.invoke goes: the main process's ipcMain, or a recorder. */
export interface PageIpc {
  invoke(channel: string, args: unknown[]): Promise<unknown>
}

export interface Page extends LoadedPage {
  /** The page's window object, as far as the preload set it (contextBridge.exposeInMainWorld). */
  world: Record<string, unknown>
}

class StandInIpcRenderer extends EventEmitter {
  constructor(private readonly ipc: PageIpc) {
    super()
  }
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    return this.ipc.invoke(channel, structuredClone(args))
  }
  send(channel: string, ...args: unknown[]): void {
    report('ipc-renderer-send', { channel, args: structuredClone(args) })
  }
}

const SANDBOX_GLOBALS = ['exports', 'require', 'module', '__filename', '__dirname', 'process', 'Buffer', 'global', 'setImmediate', 'clearImmediate']

export function runPreload(file: string | undefined, prefs: WebPreferences, ipc: PageIpc): Page {
  const world: Record<string, unknown> = {}
  const ipcRenderer = new StandInIpcRenderer(ipc)
  const page: Page = { world, deliver: (channel, args) => void ipcRenderer.emit(channel, { sender: ipcRenderer, senderId: 0, ports: [] }, ...args) }
  if (!file) return page
  const contextBridge = {
    exposeInMainWorld(key: string, api: Record<string, unknown>) {
      if (prefs.contextIsolation === false) throw new Error('contextBridge API can only be used when contextIsolation is enabled')
      if (key in world) throw new Error('Cannot bind an API on top of an existing property on the window object')
      // The page gets a frozen copy: it cannot change what the preload exposed.
      world[key] = Object.freeze({ ...api })
      report('exposed-in-main-world', { key, names: Object.keys(api) })
    }
  }
  const webUtils = { getPathForFile: (f: { path?: string }) => f.path ?? '' }
  const modules: Record<string, unknown> = { electron: { contextBridge, ipcRenderer, webUtils }, events: EventEmitter, timers, url }
  // Only the sandboxed preload is stood in for: a page with Node in it is no page Muster should have.
  if (prefs.sandbox === false || prefs.nodeIntegration) throw new Error('the stand-in runs sandboxed preloads only (sandbox: true, nodeIntegration: false)')
  const pageRequire = (id: string) => {
    const name = id.replace(/^node:/, '')
    if (name in modules) return modules[name]
    throw new Error(`module not found: ${id}`)
  }
  const pageProcess = {
    type: 'renderer',
    sandboxed: true,
    contextIsolated: prefs.contextIsolation !== false,
    platform: process.platform,
    arch: process.arch,
    versions: process.versions,
    env: {}
  }
  const module = { exports: {} }
  const run = compileFunction(readFileSync(file, 'utf8'), SANDBOX_GLOBALS, { filename: file })
  run(module.exports, pageRequire, module, file, dirname(file), pageProcess, Buffer, globalThis, setImmediate, clearImmediate)
  return page
}
