// A game as the phone page plays it, as routes of the local server: GET /<token>/game (Muster's
// taps), a POST of JSON there (the phone's taps) or to /<token>/finish, and GET /<token>/sheet (the
// sheet's link text, for a QR code too small to carry it in its fragment). What a post means is the
// game's to judge (services/phone-game.ts).
import type { Tap } from '../../src-shared/play/types'
import type { PostAnswer, ServedApp } from './app'

/** What the page reads of its game: Muster's taps, their digest (what a post is based on), and the result code once finished. */
export interface GameAnswer {
  taps: readonly Tap[]
  base: string
  code: string | null
  finished: boolean
}

/** The game the page plays: what a GET of /<token>/game answers, and what a POST of JSON there or to /<token>/finish gets. */
export interface ServedGame {
  read(): GameAnswer | Promise<GameAnswer>
  post(body: unknown): PostAnswer | Promise<PostAnswer>
  finish(body: unknown): PostAnswer | Promise<PostAnswer>
}

/** The game's page (index.html) and its routes; `sheet`: the sheet's link text (`s=...`). */
export function gameApp(game: ServedGame, sheet: string): ServedApp {
  return {
    page: 'index.html',
    routes: {
      game: { get: async () => ({ status: 200, body: await game.read() }), post: (body) => game.post(body) },
      finish: { post: (body) => game.finish(body) },
      sheet: { get: () => ({ status: 200, text: sheet }) }
    }
  }
}
