// "Show on phone" (services/phone.ts) over the IPC contract: the service serves one game at a time and
// stops it when the game is finished, when asked, or when the window closes (electron/main.ts).
import { findPhoneDir, showGameOnPhone, stopShowingGame } from '../services/phone'
import type * as store from '../store'
import type { MusterHandlers } from './contract'

export type PhoneChannels = 'showOnPhone' | 'stopShowingOnPhone'

/** Stops serving the phone page; whether it was served. */
export const stopShowingOnPhone = stopShowingGame

/** `dir`: where the built page is (out/phone beside the app's bundles). */
export function phoneHandlers(db: store.Db, dir: string = findPhoneDir(__dirname)): Pick<MusterHandlers, PhoneChannels> {
  return {
    showOnPhone: (gameId, options) => showGameOnPhone(db, dir, gameId, { lan: options?.lan === true }),
    stopShowingOnPhone: () => stopShowingGame()
  }
}
