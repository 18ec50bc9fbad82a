// The phone's game: the sheet and every tap, kept in the browser's local storage after each tap, so a
// reload, a closed tab or a flat battery resumes where the game stopped. One game per sheet: the key is
// a digest of the sheet's link text, so two games on one phone never mix their taps.
import type { PlaySheet, Tap } from '../src-shared/play/types'
import type { GameDriver, GameState } from '../src-renderer/play/driver'

const PREFIX = 'muster-game:'

/** FNV-1a over the text: a short key, not a secret (the sheet is on the page anyway). */
export function gameKey(sheetText: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < sheetText.length; i++) h = Math.imul(h ^ sheetText.charCodeAt(i), 0x01000193) >>> 0
  return `${PREFIX}${h.toString(36)}:${sheetText.length}`
}

/** Storage as the page has it; tests and a browser that refuses storage get one in memory. */
export interface KeyValue {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export function memoryStorage(): KeyValue {
  const m = new Map<string, string>()
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) }
}

function isTap(t: unknown): t is Tap {
  const k = (t as { kind?: unknown } | null)?.kind
  return k === 'loss' || k === 'flag' || k === 'round' || k === 'agreed'
}

function readTaps(storage: KeyValue, key: string): Tap[] {
  try {
    const saved = JSON.parse(storage.getItem(key) ?? 'null') as { taps?: unknown } | null
    return Array.isArray(saved?.taps) ? saved.taps.filter(isTap) : []
  } catch {
    return []
  }
}

/**
 * A GameDriver over local storage: each tap or undo is written before the tracker is told, and
 * listeners (React's useSyncExternalStore, the sync to Muster) hear of every change.
 */
export class LocalGame {
  private listeners = new Set<() => void>()
  private current: GameState
  private driverCache: GameDriver | null = null
  error: string | undefined

  constructor(
    readonly sheet: PlaySheet,
    readonly key: string,
    private storage: KeyValue
  ) {
    this.current = { sheet, taps: readTaps(storage, key) }
  }

  get state(): GameState {
    return this.current
  }

  /** Replaces every tap (a game Muster holds more of, or a new game). */
  setTaps(taps: Tap[]): void {
    try {
      this.storage.setItem(this.key, JSON.stringify({ taps }))
      this.error = undefined
    } catch {
      // Storage full or refused (private browsing): the game goes on, but a reload would lose it.
      this.error = 'This browser would not keep the game: a reload would lose these taps.'
    }
    this.current = { sheet: this.sheet, taps }
    this.driverCache = null
    for (const l of this.listeners) l()
  }

  tap(t: Tap): void {
    this.setTaps([...this.current.taps, t])
  }

  undo(): void {
    if (this.current.taps.length) this.setTaps(this.current.taps.slice(0, -1))
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The driver the tracker takes: a new object after every change, so React sees one. */
  driver = (): GameDriver => {
    this.driverCache ??= { state: this.current, tap: (t) => this.tap(t), undo: () => this.undo(), error: this.error }
    return this.driverCache
  }
}
