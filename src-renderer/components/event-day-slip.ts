// Which table of a round a result slip is of: the slip names its two sides by roster check code and
// player, so the round can send it to the table of those players; the main process still checks the
// slip against that table (and refuses, in words, a slip of another table or a forged one).
import type { EventDayPlayer, EventDayRound } from '../../src-main/ipc/contract'
import { decodeResult, ResultCodeError } from '../../src-shared/play/result-code'

export type SlipTable =
  /** The table whose two players the slip names. */
  | { table: number }
  /** The slip cannot be read: why, in words. */
  | { error: string }
  /** The slip reads but names no table of the round: the organiser says which. */
  | { ask: string }

const fold = (s: string) => s.normalize('NFC').trim().toLocaleLowerCase()

export function slipTable(code: string, round: EventDayRound, players: EventDayPlayer[]): SlipTable {
  let sides: Array<{ checkCode: string | null; player?: string }>
  try {
    sides = decodeResult(code).sides
  } catch (e) {
    return { error: e instanceof ResultCodeError ? e.message : 'This result code cannot be read.' }
  }
  // A side is an event player by its roster's check code, else by the player's name.
  const byCode = new Map(players.map((p) => [p.checkCode, p.name]))
  const names = sides.map((s) => (s.checkCode === null ? undefined : byCode.get(s.checkCode)) ?? s.player ?? '').map(fold)
  const found = round.tables.filter((t) => t.players.length === 2 && names.every((n) => n !== '' && t.players.some((p) => fold(p) === n)))
  if (found.length === 1) return { table: found[0].table }
  const who = sides.map((s) => s.player || s.checkCode || '?').join(' v ')
  return { ask: `This slip (${who}) names no table of round ${round.round}: which table is it from?` }
}
