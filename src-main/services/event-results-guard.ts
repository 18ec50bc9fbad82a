// What keeps one phone, or one griefer, from flooding the results page or guessing a table's PIN
// (security/local-server.md): a few posts a minute from each address (a token bucket), and a few wrong
// PINs for each table in ten minutes, then that table takes no PIN until the window has passed (its
// players ask the organiser). Kept in memory for as long as the page is served; the clock is a
// parameter so tests need not wait.

export interface GuardOptions {
  /** Posts an address may make a minute (and at once). */
  postsPerMinute?: number
  /** Wrong PINs a table takes within `window` before it takes none. */
  wrongPins?: number
  /** ms */
  window?: number
  now?: () => number
}

export const POSTS_PER_MINUTE = 10
export const WRONG_PINS = 5
export const PIN_WINDOW = 10 * 60_000

/** Past this many addresses or tables kept, the ones that have nothing left to say are let go. */
const PRUNE_AT = 1000

export class ResultsGuard {
  readonly postsPerMinute: number
  readonly wrongPins: number
  readonly window: number
  private readonly now: () => number
  private readonly buckets = new Map<string, { tokens: number; at: number }>()
  private readonly wrong = new Map<string, number[]>()

  constructor(opts: GuardOptions = {}) {
    this.postsPerMinute = opts.postsPerMinute ?? POSTS_PER_MINUTE
    this.wrongPins = opts.wrongPins ?? WRONG_PINS
    this.window = opts.window ?? PIN_WINDOW
    this.now = opts.now ?? Date.now
  }

  /** One post from `address`: whether its bucket had a token left (one is taken). */
  post(address: string): boolean {
    const now = this.now()
    const b = this.buckets.get(address) ?? { tokens: this.postsPerMinute, at: now }
    b.tokens = Math.min(this.postsPerMinute, b.tokens + ((now - b.at) * this.postsPerMinute) / 60_000)
    b.at = now
    const ok = b.tokens >= 1
    if (ok) b.tokens -= 1
    this.buckets.set(address, b)
    if (this.buckets.size > PRUNE_AT)
      for (const [k, v] of this.buckets) if (v.tokens + ((now - v.at) * this.postsPerMinute) / 60_000 >= this.postsPerMinute) this.buckets.delete(k)
    return ok
  }

  private recent(table: string): number[] {
    const since = this.now() - this.window
    const kept = (this.wrong.get(table) ?? []).filter((t) => t > since)
    if (kept.length) this.wrong.set(table, kept)
    else this.wrong.delete(table)
    return kept
  }

  /** Whether `table` (round and table) takes no PIN for now: too many wrong ones lately. */
  locked(table: string): boolean {
    return this.recent(table).length >= this.wrongPins
  }

  /** A wrong PIN for `table`: how many more it takes before it is locked. */
  wrongPin(table: string): number {
    const kept = [...this.recent(table), this.now()]
    this.wrong.set(table, kept)
    if (this.wrong.size > PRUNE_AT) for (const k of [...this.wrong.keys()]) this.recent(k)
    return Math.max(0, this.wrongPins - kept.length)
  }

  /** Minutes until `table` takes a PIN again (at least 1). */
  minutesLocked(table: string): number {
    const kept = this.recent(table)
    const free = kept[kept.length - this.wrongPins] + this.window
    return Math.max(1, Math.ceil((free - this.now()) / 60_000))
  }
}
