// When Muster serves the page (`#...&sync=1`), the game is Muster's (a game of its library) and the
// phone keeps in step with it. The phone reads Muster's taps (on opening, then every few seconds and
// when it comes back online), and posts its whole list of taps with the digest of Muster's list it was
// based on. Muster takes a post only while it still holds that list (else 409) and only if every tap
// fits the game (else 422), all or nothing; either way it answers with its own taps, and the phone
// takes them up: Muster's copy wins, so a phone never undoes the app's taps it has not seen.
import type { Tap } from '../src-shared/play/types'
import type { LocalGame } from './store'

export type SyncState = 'sent' | 'sending' | 'offline' | 'finished'

interface Answer {
  taps: Tap[]
  base: string
  code: string | null
  finished: boolean
  error?: string
}

const isAnswer = (v: unknown): v is Answer => typeof v === 'object' && v !== null && Array.isArray((v as Answer).taps) && typeof (v as Answer).base === 'string'

/** How often the page asks Muster for its taps (the app's tracker may have tapped). */
const READ_EVERY_MS = 4000

export function startSync(game: LocalGame, base: string, onState: (s: SyncState) => void): () => void {
  const gameUrl = new URL('game', base).href
  const finishUrl = new URL('finish', base).href
  let busy = false
  let again = false
  let stopped = false

  const answered = async (r: Response): Promise<boolean> => {
    const body: unknown = r.headers.get('content-type')?.startsWith('application/json') ? await r.json() : null
    if (!isAnswer(body)) return false
    if (r.ok && !body.error) {
      // Muster took the phone's taps (the phone may hold more since: they go next)
      if (game.base === null || game.finished !== body.finished || !game.unsent) game.fromMuster(body)
      else game.sent(body.base)
    } else game.fromMuster(body, body.error)
    onState(body.finished ? 'finished' : 'sent')
    return true
  }

  /** One exchange at a time: a read, or a post of the phone's taps when it holds some Muster has not. */
  const exchange = async (act: () => Promise<Response>): Promise<void> => {
    if (busy) {
      again = true
      return
    }
    busy = true
    try {
      if (!(await answered(await act()))) onState('offline')
    } catch {
      onState('offline')
    } finally {
      busy = false
      if (again && !stopped) {
        again = false
        void step()
      }
    }
  }
  const post = (url: string, body: unknown) => () =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), cache: 'no-store' })

  const step = (): Promise<void> => {
    if (stopped || game.finished) return Promise.resolve()
    if (game.base !== null && game.unsent) {
      onState('sending')
      return exchange(post(gameUrl, { base: game.base, taps: game.state.taps }))
    }
    return exchange(() => fetch(gameUrl, { cache: 'no-store' }))
  }

  // the phone's last taps first: Muster finishes the game the phone shows, or says why not
  game.finishInMuster = async () => {
    if (game.unsent) await exchange(post(gameUrl, { base: game.base, taps: game.state.taps }))
    if (!game.unsent && !game.finished) await exchange(post(finishUrl, { base: game.base }))
  }
  // after the tracker has drawn the tap: the post never delays the score on screen
  const unsubscribe = game.subscribe(() => {
    if (game.unsent) setTimeout(() => void step(), 0)
  })
  const timer = setInterval(() => void step(), READ_EVERY_MS)
  const online = () => void step()
  window.addEventListener('online', online)
  void step()
  return () => {
    stopped = true
    clearInterval(timer)
    unsubscribe()
    game.finishInMuster = undefined
    window.removeEventListener('online', online)
  }
}
