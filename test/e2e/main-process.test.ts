// The built main process (out/main) and preload (out/preload) run under Node against a stand-in for
// Electron (test/support/electron-stand-in/), as a real start runs them: the window and its
// guards, the IPC contract, the preload's bridge, the menu, a data reload and quitting. The real
// Electron launch (electron-launch.test.ts) runs only where the binary is.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelNames, channels } from '../../src-main/ipc/channels'
import { CSP } from '../../src-main/electron/app-session'
import { built, startBuiltApp, startStandIn, type StandIn } from '../support/electron-stand-in/client'
import { repoRoot } from '../support/engine'
import { syntheticList, writeMeshweshFolder } from '../support/meshwesh-synthetic'
import { tempFolders } from '../support/tmp'

const tempDir = tempFolders('muster-main-process-')
const pageUrl = pathToFileURL(built.page).href

interface State {
  handled: string[]
  ipcListeners: string[]
  windows: Array<{ id: number; options: { webPreferences?: Record<string, unknown>; [k: string]: unknown }; url: string; visible: boolean }>
  menu: MenuNode[]
  themeSource: string
}
interface MenuNode {
  label: string
  role?: string
  submenu?: MenuNode[]
}
type Answer<T = unknown> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } }

/** The menu items that send the page a command, by their path of labels. */
const MENU_COMMANDS: Array<[string[], string]> = [
  [['File', 'New Roster'], 'new'],
  [['File', 'Open…'], 'open'],
  [['File', 'Import Rosters…'], 'import'],
  [['File', 'Export Roster…'], 'export'],
  [['File', 'Print / Export PDF…'], 'print'],
  [['Edit', 'Undo'], 'undo'],
  [['Edit', 'Redo'], 'redo'],
  [['View', 'Library'], 'library'],
  [['View', 'Armies'], 'armies'],
  [['View', 'Theme', 'Light'], 'theme-light'],
  [['View', 'Theme', 'Follow the System'], 'theme-system'],
  [['View', 'Theme', 'Dark'], 'theme-dark'],
  [['Armies', 'Get Lists from Meshwesh…'], 'meshwesh']
]
/** The one item that runs in the main process rather than in the page. */
const IMPORT_LISTS = ['File', 'Import Meshwesh Army Lists…']

/** Every item of the menu that does something of its own (a label, no role, no submenu), by path. */
const clickable = (nodes: MenuNode[], above: string[] = []): string[][] =>
  nodes.flatMap((n) => (n.submenu ? clickable(n.submenu, [...above, n.label.replace('&', '')]) : n.label && !n.role ? [[...above, n.label]] : []))

describe('the built main process under the electron stand-in', () => {
  let userData: string
  let app: StandIn
  const state = () => app.call<State>('state')
  const call = <T>(method: string, ...args: unknown[]) => app.call<Answer<T>>('bridge', { method, args })

  beforeAll(async () => {
    userData = tempDir()
    app = startBuiltApp(userData)
    await app.waitFor((e) => e.event === 'window-shown')
  })
  afterAll(() => app.stop())

  it('reaches one window, shown, with the secure options, on the built page, over the library in the app folder', async () => {
    const { windows } = await state()
    expect(windows).toHaveLength(1)
    const [win] = windows
    expect(win.visible).toBe(true)
    expect(win.url).toBe(pageUrl)
    expect(win.options.title).toBe('Muster')
    expect(win.options.webPreferences).toEqual({
      preload: built.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false
    })
    // MUSTER_HOME was unset: the app folder is Electron's userData, and the library opened in it.
    expect(existsSync(join(userData, 'library.sqlite'))).toBe(true)
    expect(app.events.filter((e) => e.event === 'dialog')).toEqual([])
  })

  it('sets the Content Security Policy on every response and grants the page only its few permissions', async () => {
    const headers = await app.call<Record<string, string[]>>('headers', { url: pageUrl })
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [CSP] })
    expect(CSP).toContain("default-src 'self'")
    expect(CSP).toContain("script-src 'self'")
    expect(CSP).toContain("object-src 'none'")
    const asks = async (permission: string, url: string, mediaTypes?: string[]) =>
      app.call<{ request: boolean; check: boolean }>('permission', { permission, url, mediaTypes })
    expect(await asks('clipboard-sanitized-write', pageUrl)).toEqual({ request: true, check: true })
    expect(await asks('media', pageUrl, ['video'])).toEqual({ request: true, check: true })
    expect(await asks('media', pageUrl, ['audio'])).toEqual({ request: false, check: false })
    expect(await asks('geolocation', pageUrl)).toEqual({ request: false, check: false })
    expect(await asks('clipboard-sanitized-write', 'https://example.com/')).toEqual({ request: false, check: false })
  })

  it('refuses navigation away from the page and every new window', async () => {
    expect(await app.call('navigate', { url: 'https://example.com/' })).toBe(false)
    expect(await app.call('navigate', { url: pathToFileURL(join(repoRoot, 'README.md')).href })).toBe(false)
    expect(await app.call('openWindow', { url: 'https://example.com/' })).toEqual({ action: 'deny' })
    expect(await app.call('openWindow', { url: pageUrl })).toEqual({ action: 'deny' })
    const { windows } = await state()
    expect(windows.map((w) => w.url)).toEqual([pageUrl])
  })

  it('registers a handler for every channel of the IPC contract and for no other, each answering only the page', async () => {
    const { handled, ipcListeners } = await state()
    expect([...handled].sort()).toEqual(Object.values(channelNames).sort())
    expect(handled).toHaveLength(channels.length)
    expect(ipcListeners).toEqual([])
    const foreign = await app.call<Answer>('invokeFrom', { url: 'https://example.com/', channel: channelNames.listRosters, args: [] })
    expect(foreign).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    const otherFile = await app.call<Answer>('invokeFrom', {
      url: pathToFileURL(join(repoRoot, 'out', 'renderer', 'other.html')).href,
      channel: channelNames.listRosters,
      args: []
    })
    expect(otherFile).toMatchObject({ ok: false, error: { code: 'forbidden' } })
  })

  it('answers the page through the preload: the contract, over the library and the data', async () => {
    expect(await call('listRosters', {})).toEqual({ ok: true, value: { rows: [], total: 0 } })
    const rulesets = await call<Array<{ id: string }>>('listRulesets')
    expect(rulesets.ok && rulesets.value.map((r) => r.id)).toContain('triumph')
    expect(await call('dataWarnings')).toEqual({ ok: true, value: [] })
    // An argument the contract does not take is refused by the main side, not thrown at the page.
    expect(await call('getRoster', 'not a number')).toMatchObject({ ok: false })
  })

  it("sends the menu's commands to the page, every one", async () => {
    const { menu } = await state()
    expect(clickable(menu).sort()).toEqual([...MENU_COMMANDS.map(([path]) => path), IMPORT_LISTS].sort())
    await app.call('listenCommands')
    for (const [path, command] of MENU_COMMANDS) {
      const from = app.events.length
      await app.call('click', { path })
      const sent = await app.waitFor((e) => e.event === 'page-command', from)
      expect(sent.command, path.join(' > ')).toBe(command)
    }
    // The theme is the native one too, and remembered.
    expect((await state()).themeSource).toBe('dark')
    expect(JSON.parse(readFileSync(join(userData, 'window.json'), 'utf8'))).toMatchObject({ theme: 'dark' })
  })

  it('reloads the data after File > Import Meshwesh Army Lists: every handler answers from the new data', async () => {
    const armyIds = async () => {
      const answer = await call<Array<{ id: string; armies: Array<{ id: string }> }>>('listRulesets')
      if (!answer.ok) throw new Error(answer.error.message)
      return answer.value.find((r) => r.id === 'triumph')!.armies.map((a) => a.id)
    }
    const before = await armyIds()
    const lists = writeMeshweshFolder(join(tempDir(), 'lists'), [syntheticList(1)])
    await app.call('answerOpenDialog', { filePaths: [lists] })
    const from = app.events.length
    await app.call('click', { path: IMPORT_LISTS })
    const said = await app.waitFor((e) => e.event === 'dialog' && (e.options as { message?: string }).message !== undefined, from)
    expect(said.options).toMatchObject({ type: 'info', message: `Imported 1 army list into ${join(userData, 'data')}.` })
    expect(app.events.slice(from)).toContainEqual(expect.objectContaining({ event: 'page-command', command: 'reload' }))
    // The rules' handlers have the new list...
    const added = (await armyIds()).filter((id) => !before.includes(id))
    expect(added).toHaveLength(1)
    const made = await call<{ document: unknown }>('newRoster', { ruleset: 'triumph', army: added[0], minimums: true })
    expect(made.ok).toBe(true)
    // ...and so have the library's (one context, replaced whole), while the Meshwesh sync's, made once, still answer.
    const saved = await call<{ id: number }>('createRoster', made.ok && made.value.document)
    expect(saved).toMatchObject({ ok: true })
    expect(await call('listRosters', {})).toMatchObject({ ok: true, value: { total: 1 } })
    expect(await call('meshweshStatus')).toMatchObject({ ok: true, value: { running: false } })
  })

  it('closing the window remembers it, quits, and closes the library', async () => {
    const from = app.events.length
    await app.call('closeWindow')
    expect(await app.exited).toBe(0)
    expect(app.events.slice(from).map((e) => e.event)).toEqual(['window-closed', 'window-all-closed', 'app-quit-asked', 'app-exited'])
    expect(JSON.parse(readFileSync(join(userData, 'window.json'), 'utf8'))).toMatchObject({ width: 1280, height: 820, x: 0, y: 0, maximized: false })
    // A library closed leaves no -wal or -shm beside it (a process that only ended leaves them).
    expect(existsSync(join(userData, 'library.sqlite-wal'))).toBe(false)
    expect(existsSync(join(userData, 'library.sqlite-shm'))).toBe(false)
  })
})

describe('the built preload under the electron stand-in', () => {
  let page: StandIn
  beforeAll(async () => {
    page = startStandIn('preload', built.preload, { cwd: repoRoot, env: process.env })
    await page.waitFor((e) => e.event === 'stand-in-loaded')
  })
  afterAll(() => page.stop())

  it('exposes exactly the contract on window.muster, in a sandboxed page', async () => {
    expect(await page.call('exposed')).toEqual({ muster: [...channels, 'onCommand', 'pathForFile'] })
  })

  it("forwards each call's arguments, as one array, to its channel", async () => {
    for (const channel of channels) {
      const r = await page.call<{ answer: unknown; invoked: unknown[] }>('bridge', { method: channel, args: [1, 'two'] })
      expect(r, channel).toEqual({ answer: { ok: true, value: null }, invoked: [{ channel: channelNames[channel], args: [[1, 'two']] }] })
    }
  })
})
