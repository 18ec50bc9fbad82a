// The projector view's pure parts: the round clock and how the pairings fill the screen.
// The clock is wall-clock true: it keeps when it started and how long it stood paused, never a
// count of ticks, so a reload, a closed view or a sleeping laptop shows the right time left.

export const DEFAULT_ROUND_MINUTES = 120
const MINUTE = 60_000
/** Below this much time left the clock says "Last 15 minutes". */
export const WARNING_MS = 15 * MINUTE
/** How long each page of pairings shows before the next. */
export const PAGE_MS = 15_000

export interface RoundClock {
  /** The round's length as set (the profile's, or the organiser's in the view). */
  minutes: number
  /** Minutes added with +5 since the last reset. */
  addedMinutes: number
  /** When Start was pressed (ms since 1970), null before. */
  startedAt: number | null
  /** When Pause was pressed, null while running. */
  pausedAt: number | null
  /** How long the clock stood paused before the pause under way, in ms. */
  pausedMs: number
}

export type ClockPhase = 'ready' | 'running' | 'paused'
export type ClockWarning = 'none' | 'last15' | 'time'

export const newClock = (minutes: number): RoundClock => ({ minutes, addedMinutes: 0, startedAt: null, pausedAt: null, pausedMs: 0 })

/** The round length the profile gives (`roundMinutes`), else the default. */
export function profileMinutes(profile: unknown): number {
  const m = (profile as { roundMinutes?: unknown } | null)?.roundMinutes
  return typeof m === 'number' && Number.isInteger(m) && m > 0 ? m : DEFAULT_ROUND_MINUTES
}

export const phaseOf = (c: RoundClock): ClockPhase => (c.startedAt === null ? 'ready' : c.pausedAt !== null ? 'paused' : 'running')

/** Time the round has run, paused time left out. */
export function elapsedMs(c: RoundClock, now: number): number {
  if (c.startedAt === null) return 0
  const until = c.pausedAt ?? now
  return Math.max(0, until - c.startedAt - c.pausedMs)
}

/** Time left (never below 0). */
export const remainingMs = (c: RoundClock, now: number): number => Math.max(0, (c.minutes + c.addedMinutes) * MINUTE - elapsedMs(c, now))

export function warningOf(c: RoundClock, now: number): ClockWarning {
  if (c.startedAt === null) return 'none'
  const left = remainingMs(c, now)
  return left <= 0 ? 'time' : left <= WARNING_MS ? 'last15' : 'none'
}

export const start = (c: RoundClock, now: number): RoundClock => (c.startedAt === null ? { ...c, startedAt: now, pausedAt: null, pausedMs: 0 } : c)
export const pause = (c: RoundClock, now: number): RoundClock => (phaseOf(c) === 'running' ? { ...c, pausedAt: now } : c)
export const resume = (c: RoundClock, now: number): RoundClock =>
  c.pausedAt === null ? c : { ...c, pausedMs: c.pausedMs + Math.max(0, now - c.pausedAt), pausedAt: null }
export const reset = (c: RoundClock): RoundClock => newClock(c.minutes)
export const addFive = (c: RoundClock): RoundClock => ({ ...c, addedMinutes: c.addedMinutes + 5 })
/** A new length: whole minutes from 1 to a day; anything else keeps the old one. */
export function setMinutes(c: RoundClock, minutes: number): RoundClock {
  return Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440 ? { ...c, minutes } : c
}

/** "45:00", "1:59:59": whole seconds rounded up, so a running clock shows its full length first and 00:00 only at the end. */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  const two = (n: number) => String(n).padStart(2, '0')
  const h = Math.floor(s / 3600)
  return h > 0 ? `${h}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${two(Math.floor(s / 60))}:${two(s % 60)}`
}

/** Where a round's clock is kept (localStorage): one per event and round. */
export const clockKey = (eventId: string, round: number): string => `muster.round-clock.${eventId}.${round}`

/** A stored clock read back; anything not one (missing, edited, from elsewhere) is a fresh clock. */
export function readClock(text: string | null, minutes: number): RoundClock {
  if (text === null) return newClock(minutes)
  try {
    const c = JSON.parse(text) as Partial<RoundClock>
    const time = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v))
    const count = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0
    if (
      typeof c === 'object' &&
      c !== null &&
      Number.isInteger(c.minutes) &&
      c.minutes! >= 1 &&
      count(c.addedMinutes) &&
      count(c.pausedMs) &&
      time(c.startedAt) &&
      time(c.pausedAt)
    )
      return { minutes: c.minutes!, addedMinutes: c.addedMinutes!, startedAt: c.startedAt!, pausedAt: c.pausedAt!, pausedMs: c.pausedMs! }
  } catch {
    /* not JSON: a fresh clock */
  }
  return newClock(minutes)
}

export interface PairingsLayout {
  /** The rows' font size in px. */
  fontPx: number
  columns: number
  /** Rows in each column of a page. */
  rows: number
  /** Tables on each page (the last may have fewer). */
  perPage: number
  pages: number
}

/** A row's height in em: the line plus the gap between rows (ProjectorView.css: line-height 1.25, gap 0.3em). */
const ROW_EM = 1.55
/** Widest columns can be, in columns per screen. */
const MAX_COLUMNS = 4
/** The gap between columns, in em (ProjectorView.css column-gap). */
const COLUMN_GAP_EM = 1.5

/** Whether `rowEms`, cut into pages of `perPage` and each page into columns of `rows`, fits `width` at `fontPx` (each column as wide as its widest row). */
function fitsWidth(rowEms: number[], perPage: number, rows: number, fontPx: number, width: number): boolean {
  for (let page = 0; page < rowEms.length; page += perPage) {
    let px = 0
    for (let col = page; col < Math.min(page + perPage, rowEms.length); col += rows) {
      px += (px > 0 ? COLUMN_GAP_EM * fontPx : 0) + Math.max(...rowEms.slice(col, Math.min(col + rows, page + perPage))) * fontPx
      if (px > width) return false
    }
  }
  return true
}

/**
 * How the pairings fill an area of `width` x `height` px, each column as wide as its widest row: the
 * largest type that shows every table on one page, in up to four columns, down to `minFontPx`
 * (readable from the back of a hall); below that, as few pages as hold them at the smallest type,
 * evened out so the last is not a stub. `rowEms` are the rows' widths ("12  Ann Smith v Bob Jones")
 * in em of their type, in table order.
 */
export function pairingsLayout(rowEms: number[], width: number, height: number, minFontPx: number, maxFontPx: number): PairingsLayout {
  const n = Math.max(1, rowEms.length)
  const ems = rowEms.length ? rowEms : [1]
  /** The fewest columns (rows evened out) that hold `perPage` tables a page at `fontPx`, or null. */
  const columnsFor = (perPage: number, fontPx: number) => {
    const most = Math.max(1, Math.floor(height / (fontPx * ROW_EM)))
    for (let columns = Math.ceil(perPage / most); columns <= MAX_COLUMNS; columns++) {
      const rows = Math.ceil(perPage / columns)
      if (fitsWidth(ems, perPage, rows, fontPx, width)) return { columns, rows }
    }
    return null
  }
  for (let fontPx = Math.floor(maxFontPx); fontPx > minFontPx; fontPx--) {
    const fit = columnsFor(n, fontPx)
    if (fit) return { fontPx, ...fit, perPage: n, pages: 1 }
  }
  const fontPx = Math.ceil(minFontPx)
  for (let pages = 1; pages < n; pages++) {
    const perPage = Math.ceil(n / pages)
    const fit = columnsFor(perPage, fontPx)
    if (fit) return { fontPx, ...fit, perPage, pages }
  }
  return { fontPx, columns: 1, rows: 1, perPage: 1, pages: n }
}

/** A row's width in em when its text cannot be measured: a generous width per character of bold type. */
export const estimatedRowEm = (chars: number): number => chars * 0.7 + 3

/** The page `step` pages on from `page` (1: next, -1: back), round the ends. */
export const turnPage = (page: number, pages: number, step: number): number => (pages <= 1 ? 0 : (((page + step) % pages) + pages) % pages)

/** The tables of page `page` (0-based). */
export const pageOf = <T>(items: T[], page: number, perPage: number): T[] => items.slice(page * perPage, (page + 1) * perPage)
