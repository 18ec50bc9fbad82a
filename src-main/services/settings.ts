// The app's settings, kept as small JSON files in its folder: settings.json (the Meshwesh server to
// ask, and whether syncs keep the list authors' words) and window.json (the window's size, place
// and theme). Read with care, through files/: a missing, damaged or foreign file, or a value that
// is not what it should be, reads as the default; a file is written whole or not at all.
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { httpAddress } from '../../src-shared/meshwesh'
import { readJsonFile } from '../files/read-json'
import { writeFileAtomic } from '../files/write-file'
import { appFolder } from './user-data'

/** The app's settings file (the Meshwesh sync's server and choice). */
export const settingsFile = (): string => join(appFolder(), 'settings.json')
/** Where the window's size, place and theme are remembered. */
export const windowStateFile = (): string => join(appFolder(), 'window.json')

/** A settings file as an object; a missing, damaged or foreign file reads as no settings. */
function readSettings(file: string, maxBytes: number): Record<string, unknown> {
  if (!existsSync(file)) return {}
  const read = readJsonFile(file, maxBytes)
  return read.ok && read.data !== null && typeof read.data === 'object' && !Array.isArray(read.data) ? (read.data as Record<string, unknown>) : {}
}

function writeSettings(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true })
  writeFileAtomic(file, text)
}

const SETTINGS_MAX_BYTES = 256 * 1024
const BASE_URL = 'meshweshBaseUrl'
const FACTS_ONLY = 'meshweshFactsOnly'

/** The saved Meshwesh server, if the setting holds an http(s) address. */
export function savedMeshweshBaseUrl(file: string): string | undefined {
  const value = readSettings(file, SETTINGS_MAX_BYTES)[BASE_URL]
  return typeof value === 'string' ? (httpAddress(value) ?? undefined) : undefined
}

/** Whether syncs leave out the list authors' words, as the player last chose. */
export const savedMeshweshFactsOnly = (file: string): boolean => readSettings(file, SETTINGS_MAX_BYTES)[FACTS_ONLY] === true

/** Saves a setting (its default is no setting), keeping the file's other settings. Throws when it cannot be written. */
function saveSetting(file: string, key: string, value: unknown, byDefault: unknown): void {
  const settings = readSettings(file, SETTINGS_MAX_BYTES)
  if (value === byDefault) delete settings[key]
  else settings[key] = value
  writeSettings(file, JSON.stringify(settings, null, 2) + '\n')
}

export const saveMeshweshBaseUrl = (file: string, url: string, byDefault: string): void => saveSetting(file, BASE_URL, url, byDefault)
export const saveMeshweshFactsOnly = (file: string, factsOnly: boolean): void => saveSetting(file, FACTS_ONLY, factsOnly, false)

export interface WindowState {
  width: number
  height: number
  x?: number
  y?: number
  maximized?: boolean
  theme?: 'system' | 'light' | 'dark'
}

export const DEFAULT_WINDOW: WindowState = { width: 1280, height: 820 }

const WINDOW_MAX_BYTES = 64 * 1024
const isSize = (n: unknown, min: number) => typeof n === 'number' && Number.isFinite(n) && n >= min && n <= 20000

/** The window as last closed; the default size for a first run or a file that says nothing sensible. */
export function loadWindowState(file: string): WindowState {
  try {
    const data = readSettings(file, WINDOW_MAX_BYTES) as Partial<WindowState>
    if (!isSize(data.width, 400) || !isSize(data.height, 300)) return DEFAULT_WINDOW
    const state: WindowState = { width: data.width!, height: data.height! }
    if (typeof data.x === 'number' && typeof data.y === 'number') Object.assign(state, { x: data.x, y: data.y })
    if (data.maximized === true) state.maximized = true
    if (data.theme === 'light' || data.theme === 'dark' || data.theme === 'system') state.theme = data.theme
    return state
  } catch {
    return DEFAULT_WINDOW
  }
}

export function saveWindowState(file: string, state: WindowState): void {
  try {
    writeSettings(file, JSON.stringify(state) + '\n')
  } catch {
    // Not being able to remember the window is no reason to fail closing it.
  }
}
