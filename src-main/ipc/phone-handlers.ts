// "Show on phone" (services/phone.ts) over the IPC contract: one game served at a time, from this one
// place for the whole process (the handlers are rebuilt when the data reloads; the server is not).
// Stopped by the Play screen, when the game ends, or when the window closes (electron/main.ts).
import { findPhoneDir, qrDataUrl, servePhone, type PhoneServing } from '../services/phone'
import { libraryGame } from '../services/phone-game'
import * as games from '../services/games'
import type * as store from '../store'
import type { MusterHandlers } from './contract'

export type PhoneChannels = 'showOnPhone' | 'stopShowingOnPhone'

let current: { gameId: string; serving: PhoneServing } | null = null

/** Stops serving the phone page; whether it was served. */
export async function stopShowingOnPhone(): Promise<boolean> {
  const was = current
  current = null
  if (was) await was.serving.close()
  return was !== null
}

/** `dir`: where the built page is (out/phone beside the app's bundles). */
export function phoneHandlers(db: store.Db, dir: string = findPhoneDir(__dirname)): Pick<MusterHandlers, PhoneChannels> {
  return {
    showOnPhone: async (gameId, options) => {
      await stopShowingOnPhone()
      // the game must exist, and the sheet is the one it was started with
      const { sheet } = games.getGame(db, gameId)
      const serving = await servePhone({ dir, sheet, game: libraryGame(db, gameId), lan: options?.lan === true })
      current = { gameId, serving }
      void serving.closed.then(() => {
        if (current?.serving === serving) current = null
      })
      return { url: serving.link, qr: await qrDataUrl(serving.qrLink), lan: options?.lan === true }
    },
    stopShowingOnPhone: () => stopShowingOnPhone()
  }
}
