// When Muster serves the page (`#...&sync=1`), the taps go back to it: every change posts the whole
// list to ./game (under the page's secret path), so a lost post is made good by the next one. On
// opening, a game Muster already holds more taps of (the app's tracker) is taken up.
import type { Tap } from '../src-shared/play/types'
import type { LocalGame } from './store'

export type SyncState = 'sent' | 'sending' | 'offline'

export function startSync(game: LocalGame, base: string, onState: (s: SyncState) => void): () => void {
  const url = new URL('game', base).href
  let sending = false
  let again = false
  const send = async (): Promise<void> => {
    if (sending) {
      again = true
      return
    }
    sending = true
    onState('sending')
    try {
      const r = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ taps: game.state.taps }),
        cache: 'no-store'
      })
      onState(r.ok ? 'sent' : 'offline')
    } catch {
      onState('offline')
    } finally {
      sending = false
      if (again) {
        again = false
        void send()
      }
    }
  }
  const first = async (): Promise<void> => {
    try {
      const r = await fetch(url, { cache: 'no-store' })
      const held = r.ok ? ((await r.json()) as { taps?: Tap[] }) : null
      if (held?.taps && held.taps.length > game.state.taps.length) game.setTaps(held.taps)
    } catch {
      // Muster has stopped serving: the page plays on from local storage.
    }
    await send()
  }
  // after the tracker has drawn the tap: the post never delays the score on screen
  const unsubscribe = game.subscribe(() => void setTimeout(() => void send(), 0))
  const online = () => void send()
  window.addEventListener('online', online)
  void first()
  return () => {
    unsubscribe()
    window.removeEventListener('online', online)
  }
}
