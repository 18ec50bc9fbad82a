// "Show on phone" in the app: the phone plays a game of the library, and its posted taps go through the
// games service one by one, as the app's own do, so the app's tracker sees them.
import { tapsToApply } from '../serve'
import type * as store from '../store'
import * as games from './games'
import type { PhoneGame } from './phone'

/** A game of the library: the phone's taps go through the games service, one by one, as the app's own do. */
export function libraryGame(db: store.Db, id: string): PhoneGame {
  return {
    taps: () => games.getGame(db, id).taps,
    take: (posted) => {
      const { undo, tap } = tapsToApply(games.getGame(db, id).taps, posted)
      for (let i = 0; i < undo; i++) games.undo(db, id)
      for (const t of tap) games.tap(db, id, t)
    },
    over: () => {
      const game = games.getGame(db, id)
      return game.result !== null || game.score.result.over
    }
  }
}
