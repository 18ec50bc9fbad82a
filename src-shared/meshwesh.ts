// Words and checks of the Meshwesh sync that the CLI, the main process and the window share.

/** The steps of a sync, as a progress line or the dialog says them. */
export const SYNC_PHASES = {
  summary: 'Asking Meshwesh for its list of army lists',
  categories: 'Reading the thematic categories',
  lists: 'Fetching lists',
  checking: 'Checking every list',
  publishing: 'Putting the new lists in place'
} as const

export type SyncPhase = keyof typeof SYNC_PHASES

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
