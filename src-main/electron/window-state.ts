// Remembers the window's size and place between runs (a small JSON file in the app folder).
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { readJsonFile } from '../files/read-json'
import { writeFileAtomic } from '../files/write-file'

export interface WindowState {
  width: number
  height: number
  x?: number
  y?: number
  maximized?: boolean
  theme?: 'system' | 'light' | 'dark'
}

export const DEFAULT_WINDOW: WindowState = { width: 1280, height: 820 }

const isSize = (n: unknown, min: number) => typeof n === 'number' && Number.isFinite(n) && n >= min && n <= 20000

export function loadWindowState(file: string): WindowState {
  try {
    const read = readJsonFile(file, 64 * 1024)
    if (!read.ok || !read.data || typeof read.data !== 'object') return DEFAULT_WINDOW
    const data = read.data as Partial<WindowState>
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
    mkdirSync(dirname(file), { recursive: true })
    writeFileAtomic(file, JSON.stringify(state) + '\n')
  } catch {
    // Not being able to remember the window is no reason to fail closing it.
  }
}
