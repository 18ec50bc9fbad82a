// A game file (schemas/game.schema.json) scored: `muster game`. Its two rosters (paths relative to
// the game file, or embedded whole, each checked as an imported roster is) make a play sheet
// (play/sheet.ts); its losses become the sheet's GameLosses (`destroyed`: the line's capacity); the
// ruleset's rules of play score them (src-shared/play/engine.ts). Bad input throws GameFileError:
// one line, in players' words, saying where. Result slips and codes are game-file.ts's: scoring a
// file loads none of their code (a start of `muster game FILE` does not pay for it).
import { dirname, resolve } from 'node:path'
import type { Engine } from '../rules'
import type { Roster } from '../rules/types'
import { ajvValidators, type ProjectValidators } from '../rules/precompiled'
import { documentChecks } from './library-checks'
import { MAX_ROSTER_BYTES, readJsonFile, readRosterFile } from '../files/read-json'
import { preparePlaySheet } from '../play/sheet'
import { lineWords, PlayInputError, scoreGame, sideWords } from '../../src-shared/play/engine'
import {
  WELL_KNOWN_SIDE_VALUES,
  type GameLosses,
  type GameResult,
  type GameScore,
  type PlaySheet,
  type SideIndex,
  type SideLosses,
  type SideScore
} from '../../src-shared/play/types'
import { todayIso } from '../../src-shared/play/today'
import { formatNumber, nounFor } from '../../src-shared/words'
import { shorten } from '../../src-shared/text'
import { gameSchemaProblem, type GameFileSide, type MusterGame } from './game-file-schema'

/** A game file holds at most two embedded rosters and their losses. */
export const MAX_GAME_BYTES = 2 * MAX_ROSTER_BYTES + 1024 * 1024

/** A game file or result code that cannot be read or scored: the message is the one line to print. */
export class GameFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GameFileError'
  }
}

export interface GameSideAnswer {
  player?: string
  name: string
  army: string
  /** The roster's check code; null for an opponent known only by its army list. */
  checkCode: string | null
  lost: number
  spent?: boolean
  moraleDice?: number
  handSize?: number
  /** Every side value of the rules of play, labelled (absent for a decoded result code, which holds none). */
  values?: SideScore['values']
  /** What each roster line lost (only the lines that lost anything), by its index in the roster's units. */
  losses?: Array<{ unit: number; part?: number; label?: string; lost: number; capacity?: number }>
  /** The side's marks (play.flags) that are set, labelled where this Muster has the rules of play. */
  flags?: Array<{ id: string; label: string }>
  /** Present, false, when the roster breaks its army list's rules; with how many problems `muster check` finds. */
  legal?: false
  issues?: number
}

/** What `muster game` answers (--json), and `muster game --decode` the same from a slip. */
export interface GameAnswer {
  ruleset: { id: string; name?: string; dataVersion: string }
  date?: string
  /** Where the date came from: the game file (or the slip), or today's, the file giving none. */
  dateFrom?: 'given' | 'today'

  /** The ruleset's words for its measure of loss, where this Muster has them. */
  measure?: { label: string; one: string; other: string }
  sides: [GameSideAnswer, GameSideAnswer]
  result: GameResult
  agreed: boolean
}

export interface ScoredGame {
  sheet: PlaySheet
  losses: GameLosses
  score: GameScore
  date?: string
  answer: GameAnswer
}

const sideName = sideWords

/** One roster of the game: read from its file (relative to the game file) or embedded, and checked as an imported roster is. */
function rosterOf(engine: Engine, validators: ProjectValidators, gameFile: string, given: unknown, side: number): Roster {
  const where = `${shorten(gameFile)}: ${sideName(side)}`
  let doc = given
  if (typeof given === 'string') {
    const path = resolve(dirname(gameFile), given)
    const read = readRosterFile(path)
    if (!read.ok) throw new GameFileError(`${where}: its roster ${shorten(read.place)}: ${read.message}`)
    doc = read.data
  }
  const problem = documentChecks(engine, { getSchema: validators }).validate(doc)
  if (problem) throw new GameFileError(`${where}: ${problem}`)
  return doc as Roster
}

/** The side's flags, from `flags` and from flag ids written on the side itself; only the ruleset's own flags. */
function flagsOf(sheet: PlaySheet, side: GameFileSide, i: number, where: string): Record<string, boolean> {
  const known = (sheet.rules.flags ?? []).map((f) => f.id)
  const { roster: _roster, losses: _losses, player: _player, flags, ...direct } = side
  const out: Record<string, boolean> = {}
  for (const [id, value] of [...Object.entries(flags ?? {}), ...Object.entries(direct)]) {
    if (!known.includes(id))
      throw new GameFileError(
        `${where}: ${sideName(i)}: "${shorten(id, 40)}" is not a flag of ${sheet.ruleset.name}'s rules of play (${known.length ? `its flags: ${known.join(', ')}` : 'it has none'})`
      )
    if (id in out && out[id] !== value)
      throw new GameFileError(`${where}: ${sideName(i)}: the flag "${id}" is written twice, as true and as false: which is it?`)
    out[id] = value as boolean
  }
  return out
}

/**
 * The side's losses per unit of the sheet: each loss names a roster line (`unit`) and, where the rules
 * track each counted item apart (play.loss.each), maybe one `part`; a line's `lost` without a part
 * fills its parts in order, `destroyed` without one is all of them. Never more than a unit holds.
 */
function lossesOf(sheet: PlaySheet, roster: Roster, side: GameFileSide, i: number, where: string): SideLosses['lost'] {
  const ids = (Array.isArray(roster.units) ? roster.units : []).map((u) => (typeof u.id === 'string' ? u.id : undefined))
  const units = sheet.sides[i].units
  const { one, other } = sheet.rules.loss.measure
  const lines = units.map((u, n) => u.line ?? n)
  const lineCount = units.length ? Math.max(...lines) + 1 : 0
  const lost = units.map(() => 0)
  side.losses.forEach((loss, n) => {
    const at = `${where}: ${sideName(i)}, losses[${n}]`
    // A loss names its line by index, or by the roster unit's own id.
    const line = typeof loss.unit === 'string' ? ids.indexOf(loss.unit) : loss.unit
    if (line < 0) {
      const given = ids.filter((id): id is string => id !== undefined)
      throw new GameFileError(
        `${at}: no unit of this roster has the id ${JSON.stringify(loss.unit)} (${given.length ? `its ids: ${given.map((id) => JSON.stringify(id)).join(', ')}` : 'its units have no ids: name the unit by its index, the first being 0'})`
      )
    }
    const parts = units.flatMap((_, k) => (lines[k] === line ? [k] : []))
    if (!parts.length)
      throw new GameFileError(
        `${at}: there is no unit ${loss.unit} in this roster (${lineCount ? `its units are 0 to ${lineCount - 1}, the first being 0` : 'it has no units'})`
      )
    const first = units[parts[0]]
    const named = lineWords(loss.unit, line, parts.length > 1 ? `${first.troopName}, ${parts.length} units` : first.label)
    if (loss.part !== undefined && loss.part >= parts.length)
      throw new GameFileError(`${at}: ${named} has ${parts.length === 1 ? 'no parts: leave out "part"' : `parts 0 to ${parts.length - 1}, not ${loss.part}`}`)
    const targets = loss.part === undefined ? parts : [parts[loss.part]]
    const what = loss.part === undefined ? named : `${lineWords(loss.unit, line, units[targets[0]].label)}, part ${loss.part}`
    if ('destroyed' in loss) {
      for (const k of targets) lost[k] = units[k].capacity
      return
    }
    let left = loss.lost
    for (const k of targets) {
      const taken = Math.min(left, units[k].capacity - lost[k])
      lost[k] += taken
      left -= taken
    }
    if (left > 0) {
      const held = targets.reduce((sum, k) => sum + units[k].capacity, 0)
      const had = targets.reduce((sum, k) => sum + lost[k], 0) + left
      throw new GameFileError(`${at}: ${what} has lost ${formatNumber(had)} ${nounFor(had, one, other)}, more than the ${formatNumber(held)} it holds`)
    }
  })
  return lost
}

/** The answer per side, from the sheet and its score. */
function sideAnswer(sheet: PlaySheet, losses: GameLosses, score: GameScore, i: SideIndex): GameSideAnswer {
  const side = sheet.sides[i]
  const s = score.sides[i]
  const known: Partial<Record<string, unknown>> = {}
  for (const id of WELL_KNOWN_SIDE_VALUES) if (s[id] !== undefined) known[id] = s[id]
  const flagLabels = new Map((sheet.rules.flags ?? []).map((f) => [f.id, f.label]))
  return {
    ...(side.player !== undefined ? { player: side.player } : {}),
    name: side.name,
    army: side.army,
    checkCode: side.checkCode,
    ...(side.legal === false ? { legal: false as const, issues: side.issues ?? 1 } : {}),
    lost: s.lost,
    ...known,
    values: s.values,
    losses: side.units.flatMap((u, k) => {
      const lost = losses.sides[i].lost[k] ?? 0
      return lost > 0 ? [{ unit: u.line ?? k, ...(u.part !== undefined ? { part: u.part } : {}), label: u.label, lost, capacity: u.capacity }] : []
    }),
    flags: Object.entries(losses.sides[i].flags).flatMap(([id, on]) => (on ? [{ id, label: flagLabels.get(id) ?? id }] : []))
  }
}

/** A game file's date: an ISO date that is a day of the calendar (the schema checks its shape). */
function checkedDate(date: string | undefined, where: string): string | undefined {
  if (date === undefined) return undefined
  const d = new Date(`${date}T00:00:00Z`)
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date)
    throw new GameFileError(`${where}: "date": "${date}" is not a day of the calendar: write the day as YYYY-MM-DD (2025-06-14)`)
  return date
}

/**
 * A game file read, its rosters made into a sheet, its losses checked and scored. Throws GameFileError.
 * `validators`: those of the game and roster schemas (the CLI's are made at build time).
 */
export function scoreGameFile(engine: Engine, file: string, validators: ProjectValidators = ajvValidators): ScoredGame {
  const read = readJsonFile(file, MAX_GAME_BYTES, 'a game file')
  if (!read.ok) throw new GameFileError(`${shorten(read.place)}: ${read.message}`)
  const problem = gameSchemaProblem(read.data, validators)
  if (problem) throw new GameFileError(`${shorten(file)}: not a Muster game file: ${problem}`)
  const game = read.data as MusterGame
  const [mine, theirs] = game.sides.map((side, i) => rosterOf(engine, validators, file, side.roster, i))
  if (mine.ruleset !== theirs.ruleset) {
    const names = [mine, theirs].map((r) => engine.ruleset(r.ruleset)?.ruleset.name ?? r.ruleset)
    throw new GameFileError(`${shorten(file)}: the two rosters are for two rulesets, ${names[0]} and ${names[1]}: a game is played under one`)
  }
  const loaded = engine.ruleset(mine.ruleset)!
  if (!loaded.ruleset.play)
    throw new GameFileError(`${shorten(file)}: ${loaded.ruleset.name} has no rules of play in this copy of Muster: its games cannot be scored`)
  const where = shorten(file)
  const date = checkedDate(game.date, where)
  let sheet: PlaySheet
  try {
    sheet = preparePlaySheet(engine, mine, theirs, validators, [`${sideName(0)}'s`, `${sideName(1)}'s`])
  } catch (e) {
    if (e instanceof PlayInputError) throw new GameFileError(`${where}: ${e.message}`)
    throw e
  }
  // The game file's player stands over the roster's own (a roster lent to a friend).
  game.sides.forEach((side, i) => {
    if (side.player !== undefined) sheet.sides[i].player = side.player.trim() || sheet.sides[i].player
  })
  const rosters = [mine, theirs]
  const sides = game.sides.map((side, i) => ({
    lost: lossesOf(sheet, rosters[i], side, i, where),
    flags: flagsOf(sheet, side, i, where)
  })) as GameLosses['sides']
  const losses: GameLosses = { sides, ...(game.agreed ? { agreed: { winner: game.agreed.winner as SideIndex | null } } : {}) }
  let score: GameScore
  try {
    score = scoreGame(sheet, losses)
  } catch (e) {
    if (e instanceof PlayInputError) throw new GameFileError(`${where}: ${e.message}`)
    throw e
  }
  const { one, other, label } = { ...sheet.rules.loss.measure, label: sheet.rules.loss.label }
  return {
    sheet,
    losses,
    score,
    date,
    answer: {
      ruleset: { id: sheet.ruleset.id, name: sheet.ruleset.name, dataVersion: sheet.ruleset.dataVersion },
      date: date ?? todayIso(),
      dateFrom: date !== undefined ? 'given' : 'today',
      measure: { label, one, other },
      sides: [sideAnswer(sheet, losses, score, 0), sideAnswer(sheet, losses, score, 1)],
      result: score.result,
      agreed: losses.agreed !== undefined
    }
  }
}
