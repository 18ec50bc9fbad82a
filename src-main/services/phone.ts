// A game on the phone (issue 40, point 4): served by the local server (src-main/serve) while asked,
// or written as one self-contained HTML file. Every served game is a game of the library (the app's
// "Show on phone", `muster play --serve`): the phone's posts go through the games service's checks
// (phone-game.ts), so the app's tracker, `muster games` and `muster record` see its taps. The server
// stops once the game is finished in the library, or when asked (the window closes, Ctrl+C).
import { randomBytes } from '../files/node-crypto'
import { existsSync } from 'node:fs'
import type { PlaySheet } from '../../src-shared/play/types'
import { PlayInputError } from '../../src-shared/play/engine'
import type { Engine } from '../rules'
import { preparePlaySheet, type ArmyListOpponent } from '../play/sheet'
import * as store from '../store'
import { decodeRoster } from './share'
import { encodeSheet, sheetFragment } from '../../src-shared/play/sheet-link'
import { phonePageFile, qrDataUrl, readPhoneAssets, servedHost, startPhoneServer } from '../serve'
import * as games from './games'
import { libraryGame } from './phone-game'
import { gameRosterFile } from './roster-file'

// What the doors show and say: where the built page is, its QR codes, and that it is not built.
export { findPhoneDir, NoNetwork, PhonePageMissing, qrDataUrl, terminalQr } from '../serve'

/**
 * The longest link a QR code carries whole: past it, phones' cameras struggle with the code's density,
 * so the code carries the short link (`#sync=1`) and the page asks Muster for the sheet.
 */
export const QR_LINK_MAX = 1200

export interface PhoneServing {
  gameId: string
  /** The page with the whole sheet in its fragment: what the CLI prints. */
  link: string
  /** What the QR code carries: the link, or the short link for a sheet too large for one. */
  qrLink: string
  close(): Promise<void>
  /** Resolves when serving stops: the game finished, or close(). */
  closed: Promise<void>
}

/** The page's fragment beyond the sheet: `g`, the game (the phone keeps each game's taps apart by it, so a rematch of the same armies starts clean). */
const gamePart = (gameId: string) => `g=${gameId}`

/**
 * A library game served to the phone until it is finished (or close()). `onChange`: after each post
 * the phone's taps were taken (or the game finished), with the game as it stands.
 */
export async function serveGame(opts: {
  db: store.Db
  dir: string
  gameId: string
  lan?: boolean
  port?: number
  onChange?: (game: games.GameState) => void
}): Promise<PhoneServing> {
  const { db, gameId } = opts
  // the game must exist and be unfinished; its sheet is the one it was started with
  const { sheet, result } = games.getGame(db, gameId)
  if (result) throw new store.StoreError('invalid', `this game is finished (${result.why}): it is not served again`)
  const assets = readPhoneAssets(opts.dir)
  const host = servedHost(opts.lan === true, 'this computer is on no network: connect it to the one the phone is on, or leave out --lan')
  const game = libraryGame(db, gameId)
  let stop: () => Promise<void> = async () => {}
  const changed = async (answer: { status: number } | Promise<{ status: number }>) => {
    const a = await answer
    if (a.status === 200) opts.onChange?.(games.getGame(db, gameId))
    return a
  }
  const server = await startPhoneServer({
    assets,
    sheet: `s=${encodeSheet(sheet)}&${gamePart(gameId)}`,
    host,
    port: opts.port ?? 0,
    game: { read: game.read, post: (body) => changed(game.post(body)), finish: (body) => changed(game.finish(body)) },
    // the page has heard that the game is finished (its result code): serving it is done
    afterAnswer: () => {
      if (game.finished()) void stop()
    }
  })
  stop = () => server.close()
  const link = `${server.url}#${sheetFragment(sheet, { sync: true })}&${gamePart(gameId)}`
  return { gameId, link, qrLink: link.length <= QR_LINK_MAX ? link : `${server.url}#sync=1`, close: stop, closed: server.closed }
}

/** The page as one file that references nothing outside itself (`muster play --html`); a game of its own on the phone. */
export function phoneFile(dir: string, sheet: PlaySheet): string {
  return phonePageFile(readPhoneAssets(dir), `${sheetFragment(sheet)}&${gamePart(randomBytes(12).toString('base64url'))}`)
}

/** What `--vs` names: a roster file, a share code, or an army list (RULESET:ARMY). */
export type Opponent = { file: string } | { code: string } | ArmyListOpponent

/** Reads `--vs`: a file that exists, else a share code (MU…), else RULESET:ARMY; null when it is none of them. */
export function opponentOf(vs: string): Opponent | null {
  if (existsSync(vs)) return { file: vs }
  if (/^MU\d+\./.test(vs.trim())) return { code: vs.trim() }
  const m = /^([a-z0-9]+(?:-[a-z0-9]+)*):(.+)$/.exec(vs)
  return m ? { ruleset: m[1], army: m[2] } : null
}

const playInput = (line: string) => new PlayInputError(line)

/** The sheet of `muster play MINE --vs ... --html`: both armies read and checked, as a game of the library has them. */
export function playSheetFrom(engine: Engine, checks: store.DocumentChecks, mine: string, opponent: Opponent): PlaySheet {
  const against =
    'file' in opponent
      ? gameRosterFile(checks, opponent.file, "the opponent's", playInput)
      : 'code' in opponent
        ? decodeRoster(checks, opponent.code)
        : opponent
  return preparePlaySheet(engine, gameRosterFile(checks, mine, 'your', playInput), against)
}

// "Show on phone" (the app): one game served at a time, for the whole process (the IPC handlers are
// rebuilt when the data reloads; the server is not).
let showing: PhoneServing | null = null

/** Stops showing the game on the phone; whether one was shown. */
export async function stopShowingGame(): Promise<boolean> {
  const was = showing
  showing = null
  if (was) await was.close()
  return was !== null
}

/** Serves a library game to the phone (any game shown before stops): the link and its QR code as an image. */
export async function showGameOnPhone(
  db: store.Db,
  dir: string,
  gameId: string,
  options: { lan?: boolean } = {}
): Promise<{ url: string; qr: string; lan: boolean }> {
  await stopShowingGame()
  const serving = await serveGame({ db, dir, gameId, lan: options.lan === true })
  showing = serving
  void serving.closed.then(() => {
    if (showing === serving) showing = null
  })
  return { url: serving.link, qr: await qrDataUrl(serving.qrLink), lan: options.lan === true }
}

export { ShareCodeError } from '../share/code'

/** The game `muster play --serve` serves: a new one of the library, or (resume) one kept unfinished. */
export function playGame(
  db: store.Db,
  engine: Engine,
  checks: store.DocumentChecks,
  of: { resume: string } | { mine: string; opponent: Opponent }
): games.GameState {
  if ('resume' in of) return games.getGame(db, of.resume)
  return games.startGame(db, engine, checks, { mine: { file: of.mine }, opponent: of.opponent })
}

/** A game of the library as it stands (the CLI's last words on a served game). */
export const gameNow = (db: store.Db, id: string): games.GameState => games.getGame(db, id)
