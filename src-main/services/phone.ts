// A game on the phone (issue 40, point 4): served by the local server (src-main/serve) while asked,
// or written as one self-contained HTML file. One use case for both doors: the CLI's `muster play`
// (a game held in memory, printed) and the app's "Show on phone" (a game of the library, whose taps the
// phone's posts bring into the games service, so the app's tracker sees them).
import { existsSync } from 'node:fs'
import type { GameScore, PlaySheet, Tap } from '../../src-shared/play/types'
import { PlayInputError, replayTaps, scoreGame } from '../../src-shared/play/engine'
import type { Engine } from '../rules'
import type { Roster } from '../rules/types'
import { preparePlaySheet, type ArmyListOpponent } from '../play/sheet'
import { problemText, readRosterFile } from '../files/read-json'
import type { DocumentChecks } from '../store'
import { decodeRoster } from './share'
import { gameResultCode } from './game-file'
import { encodeSheet, sheetFragment } from '../../src-shared/play/sheet-link'
import { lanAddress, phonePageFile, readPhoneAssets, startPhoneServer, type ServedGame } from '../serve'

// What the doors show and say: where the built page is, its QR codes, and that it is not built.
export { findPhoneDir, PhonePageMissing, qrDataUrl, terminalQr } from '../serve'

/**
 * The longest link a QR code carries whole: past it, phones' cameras struggle with the code's density,
 * so the code carries the short link (`#sync=1`) and the page asks Muster for the sheet.
 */
export const QR_LINK_MAX = 1200

/** A game the phone plays, and whether it is over (the server then stops). */
export interface PhoneGame extends ServedGame {
  over(): boolean | Promise<boolean>
}

export interface PhoneServing {
  /** The page with the whole sheet in its fragment: what the CLI prints. */
  link: string
  /** What the QR code carries: the link, or the short link for a sheet too large for one. */
  qrLink: string
  close(): Promise<void>
  /** Resolves when serving stops: the game ended, or close(). */
  closed: Promise<void>
}

/** No network to open the page to, in players' words. */
export class NoNetwork extends Error {
  override name = 'NoNetwork'
}

export async function servePhone(opts: {
  dir: string
  sheet: PlaySheet
  game: PhoneGame
  lan?: boolean
  port?: number
  onTaps?: (taps: Tap[]) => void
}): Promise<PhoneServing> {
  const assets = readPhoneAssets(opts.dir)
  const host = opts.lan ? lanAddress() : '127.0.0.1'
  if (!host) throw new NoNetwork('this computer is on no network: connect it to the one the phone is on, or leave out --lan')
  let stop: () => Promise<void> = async () => {}
  const server = await startPhoneServer({
    assets,
    sheet: `s=${encodeSheet(opts.sheet)}`,
    host,
    port: opts.port ?? 0,
    game: {
      taps: () => opts.game.taps(),
      take: async (taps) => {
        await opts.game.take(taps)
        opts.onTaps?.(taps)
        // the last answer goes out before the port closes
        if (await opts.game.over()) setImmediate(() => void stop())
      }
    }
  })
  stop = () => server.close()
  const link = `${server.url}#${sheetFragment(opts.sheet, { sync: true })}`
  return { link, qrLink: link.length <= QR_LINK_MAX ? link : `${server.url}#sync=1`, close: stop, closed: server.closed }
}

/** The CLI's game: its taps in memory, over when the rules (or the players' agreed result) say so. */
export function memoryGame(sheet: PlaySheet): PhoneGame & { current: () => Tap[] } {
  let taps: Tap[] = []
  return {
    taps: () => taps,
    take: (posted) => {
      taps = posted
    },
    current: () => taps,
    over: () => scoreGame(sheet, replayTaps(sheet, taps)).result.over
  }
}

/** The page as one file that references nothing outside itself (`muster play --html`). */
export function phoneFile(dir: string, sheet: PlaySheet): string {
  return phonePageFile(readPhoneAssets(dir), sheetFragment(sheet))
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

function rosterFrom(checks: DocumentChecks, file: string, whose: string): Roster {
  const read = readRosterFile(file)
  if (!read.ok) throw new PlayInputError(`${whose} roster: ${problemText(file, read)}`)
  if (Array.isArray(read.data)) throw new PlayInputError(`${whose} roster: ${file} holds ${read.data.length} rosters; a game takes one`)
  const problem = checks.validate(read.data)
  if (problem) throw new PlayInputError(`${whose} roster: ${file} is ${problem}`)
  return read.data as Roster
}

/** The sheet of `muster play MINE --vs ...`: both armies read and checked, as the app's Play screen does. */
export function playSheetFrom(engine: Engine, checks: DocumentChecks, mine: string, opponent: Opponent): PlaySheet {
  const against = 'file' in opponent ? rosterFrom(checks, opponent.file, "the opponent's") : 'code' in opponent ? decodeRoster(checks, opponent.code) : opponent
  return preparePlaySheet(engine, rosterFrom(checks, mine, 'your'), against)
}

/** The score of a game held in memory, and its result code once it is over (`muster play --serve` prints both). */
export function scoreOf(sheet: PlaySheet, taps: Tap[]): { score: GameScore; code: string | null } {
  const losses = replayTaps(sheet, taps)
  const score = scoreGame(sheet, losses)
  return { score, code: score.result.over ? gameResultCode({ sheet, losses, score }) : null }
}
