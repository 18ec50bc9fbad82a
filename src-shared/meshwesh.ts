// Words and checks of the Meshwesh sync that the CLI, the main process and the window share.

/** The steps of a sync, as a progress line or the dialog says them. */
export const SYNC_PHASES = {
  summary: 'Asking Meshwesh for its list of army lists',
  lists: 'Fetching lists',
  categories: 'Reading the themes',
  enemies: 'Fetching historical enemies',
  checking: 'Checking every list',
  publishing: 'Putting the new lists in place'
} as const

export type SyncPhase = keyof typeof SYNC_PHASES

/** The steps counted list by list ("12 of 600"): the others are one or a few requests. */
export const countedPhase = (phase: SyncPhase): boolean => phase === 'lists' || phase === 'enemies'

/** The address as given (trimmed) when it is an http(s) URL with a host, else null. */
export function httpAddress(text: string): string | null {
  const trimmed = text.trim()
  try {
    const url = new URL(trimmed)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? trimmed : null
  } catch {
    return null
  }
}

/** "1:05", "1:02:09": time elapsed, to the second. */
export function elapsedText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  const two = (n: number) => String(n).padStart(2, '0')
  return s >= 3600 ? `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`
}

/**
 * The work left and the time taken so far, for a progress line ("2880 left, 1:05 elapsed"; before
 * the lists, the time only): a sync that is stuck shows its clock running while the count stands.
 */
export function progressDetail(p: { phase: SyncPhase; done: number; total: number; elapsedMs: number }): string {
  const left = countedPhase(p.phase) ? `${Math.max(0, p.total - p.done)} left, ` : ''
  return `${left}${elapsedText(p.elapsedMs)} elapsed`
}
