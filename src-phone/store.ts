// The phone's game: the sheet and every tap, kept in the browser's local storage after each tap, so a
// reload, a closed tab or a flat battery resumes where the game stopped. One game per link: the key is
// the game's id from the link (`g=`, a library game's id or a one-file page's own), so a rematch of the
// same armies never takes up the last game's taps. When Muster serves the page, the game also keeps
// the digest of Muster's taps it last read (what a post is based on) and, once Muster has finished the
// game, Muster's result code; Muster's copy wins (sync.ts).
import type { Tap } from '../src-shared/play/types'
import type { PlaySheet } from '../src-shared/play/types'
import { replayTaps, scoreGame } from '../src-shared/play/engine'
import { gameResultCode } from '../src-shared/play/result-slip'
import { tapsBase } from '../src-shared/play/tap-base'
import type { GameDriver, GameState } from '../src-renderer/play/driver'

const PREFIX = 'muster-game:'

/** FNV-1a over the text: a short key, not a secret (the sheet is on the page anyway). */
function digest(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return `${h.toString(36)}:${text.length}`
}

/** The storage key of a link's game: its `g=` id; a link without one (older pages), a digest of its sheet. */
export function gameKey(linkText: string): string {
  const params = linkText.replace(/^#/, '').split('&')
  const id = params.find((p) => /^g=[A-Za-z0-9_-]{1,64}$/.test(p))
  return id ? `${PREFIX}g:${id.slice(2)}` : `${PREFIX}${digest(params.find((p) => p.startsWith('s=')) ?? '')}`
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

interface Saved {
  taps: Tap[]
  /** The digest of Muster's taps as last read (served pages); null before. */
  base: string | null
  /** Muster's result code once it finished the game. */
  finishedCode: string | null
}

function isTap(t: unknown): t is Tap {
  const k = (t as { kind?: unknown } | null)?.kind
  return k === 'loss' || k === 'flag' || k === 'round' || k === 'agreed'
}

function readSaved(storage: KeyValue, key: string): Saved {
  try {
    const saved = JSON.parse(storage.getItem(key) ?? 'null') as Partial<Record<keyof Saved, unknown>> | null
    return {
      taps: Array.isArray(saved?.taps) ? saved.taps.filter(isTap) : [],
      base: typeof saved?.base === 'string' ? saved.base : null,
      finishedCode: typeof saved?.finishedCode === 'string' ? saved.finishedCode : null
    }
  } catch {
    return { taps: [], base: null, finishedCode: null }
  }
}

/** Why a tap is not taken once the game is over, in players' words. */
const OVER = 'The game is over: Undo takes back the last tap, if it was a mistake.'

/**
 * A GameDriver over local storage: each tap or undo is written before the tracker is told, and
 * listeners (React's useSyncExternalStore, the sync to Muster) hear of every change. Once the game is
 * over (by the rules or by agreement) the driver carries its result code and takes no tap but Undo;
 * once Muster has finished it, not even that.
 */
export class LocalGame {
  private listeners = new Set<() => void>()
  private saved: Saved
  private current: GameState
  private driverCache: GameDriver | null = null
  private overCode: string | null | undefined
  error: string | undefined
  /** Ends the game in Muster's library (served pages; sync.ts sets it). */
  finishInMuster: (() => Promise<void>) | undefined

  constructor(
    readonly sheet: PlaySheet,
    readonly key: string,
    private storage: KeyValue
  ) {
    this.saved = readSaved(storage, key)
    this.current = { sheet, taps: this.saved.taps }
  }

  get state(): GameState {
    return this.current
  }

  /** The digest of Muster's taps last read; null before any (or where Muster does not serve the page). */
  get base(): string | null {
    return this.saved.base
  }

  /** Whether the phone holds taps Muster has not taken. */
  get unsent(): boolean {
    return this.saved.base !== null && tapsBase(this.current.taps) !== this.saved.base
  }

  /** Finished in Muster's library (its result kept): nothing more is taken. */
  get finished(): boolean {
    return this.saved.finishedCode !== null
  }

  /** The result code once the game is over: Muster's when it finished the game, else made here. */
  get code(): string | null {
    if (this.saved.finishedCode) return this.saved.finishedCode
    if (this.overCode === undefined) {
      const losses = replayTaps(this.sheet, this.current.taps)
      const score = scoreGame(this.sheet, losses)
      try {
        this.overCode = score.result.over ? gameResultCode({ sheet: this.sheet, losses, score }) : null
      } catch {
        // a game too large for a code: the result stands, without one
        this.overCode = null
      }
    }
    return this.overCode
  }

  private save(next: Partial<Saved>, error?: string): void {
    this.saved = { ...this.saved, ...next }
    try {
      this.storage.setItem(this.key, JSON.stringify(this.saved))
      this.error = error
    } catch {
      // Storage full or refused (private browsing): the game goes on, but a reload would lose it.
      this.error = 'This browser would not keep the game: a reload would lose these taps.'
    }
    if (next.taps) this.current = { sheet: this.sheet, taps: next.taps }
    this.overCode = undefined
    this.driverCache = null
    for (const l of this.listeners) l()
  }

  /** Replaces every tap (a new game on a page Muster does not serve). */
  setTaps(taps: Tap[]): void {
    this.save({ taps })
  }

  /** Muster's copy taken up (it wins): its taps, their digest, its result code once finished; `error` says why the phone's were not taken. */
  fromMuster(answer: { taps: Tap[]; base: string; code: string | null; finished: boolean }, error?: string): void {
    this.save({ taps: answer.taps, base: answer.base, finishedCode: answer.finished ? answer.code : null }, error)
  }

  /** Muster took the phone's taps up to `base` (the phone may have more since). */
  sent(base: string): void {
    if (base !== this.saved.base) this.save({ base })
  }

  tap(t: Tap): void {
    if (this.finished || this.code !== null) return this.save({}, OVER)
    this.save({ taps: [...this.current.taps, t] })
  }

  undo(): void {
    if (!this.finished && this.current.taps.length) this.save({ taps: this.current.taps.slice(0, -1) })
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The driver the tracker takes: a new object after every change, so React sees one. */
  driver = (): GameDriver => {
    this.driverCache ??= { state: this.current, tap: (t) => this.tap(t), undo: () => this.undo(), error: this.error, code: this.code }
    return this.driverCache
  }
}
