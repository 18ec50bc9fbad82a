// Games at the table, kept in the library: the one use case the app's IPC (ipc/game-handlers.ts) and
// the CLI (cli/games.ts) call. A game is its sheet (made once, at the start, from both rosters: it is
// self-contained, so later data changes never change a game under way) and its taps, each saved in
// its own transaction as it is made. Every answer is replayed from the taps by the shared engine, the
// one the tracker and the phone page score with.
import type { Engine } from '../rules'
import type { Roster } from '../rules/types'
import * as store from '../store'
import { gameRosterFile } from './roster-file'
import { preparePlaySheet } from '../play/sheet'
import { PlayInputError, replayTaps, scoreGame } from '../../src-shared/play/engine'
import type { PlaySheet, SideIndex, Tap } from '../../src-shared/play/types'
import { decodeRoster } from './share'
import { finishedGameCode } from '../../src-shared/play/result-slip'
import type {
  AgreedResult,
  GameListOptions,
  GameProgress,
  GameRecord,
  GameRosterSource,
  GameRow,
  GameState,
  RecordOf,
  StartGameRequest,
  StoredResult
} from './game-types'

export type * from './game-types'

const invalid = (message: string) => new store.StoreError('invalid', message)

/** A side's roster, and its library id when it came from there. */
interface Resolved {
  roster: Roster
  rosterId: string | null
}

function resolveRoster(db: store.Db, checks: store.DocumentChecks, source: GameRosterSource, whose: string): Resolved {
  if ('library' in source) return { roster: store.getDocument(db, source.library) as Roster, rosterId: source.library }
  if ('code' in source) return { roster: decodeRoster(checks, source.code), rosterId: null }
  return { roster: gameRosterFile(checks, source.file, whose, invalid), rosterId: null }
}

const nameOf = (given: string | undefined, roster?: Roster): string | null => {
  const name = (given ?? roster?.player ?? '').trim()
  return name ? name : null
}

/** A new game: both armies read (a library roster, a file, a share code; the opponent's may be an army list), its sheet made and kept. */
export function startGame(db: store.Db, engine: Engine, checks: store.DocumentChecks, request: StartGameRequest): GameState {
  const mine = resolveRoster(db, checks, request.mine, 'your')
  const o = request.opponent
  const opponent = 'army' in o ? null : resolveRoster(db, checks, o, "the opponent's")
  const against = 'army' in o ? { ruleset: o.ruleset, army: o.army } : opponent!.roster
  let prepared: PlaySheet
  try {
    prepared = preparePlaySheet(engine, mine.roster, against)
  } catch (e) {
    // Two rulesets, an unknown army, a ruleset with no rules of play: said to the player as they are.
    if (e instanceof PlayInputError) throw invalid(e.message)
    throw e
  }
  const players: [string | null, string | null] = [nameOf(request.players?.mine, mine.roster), nameOf(request.players?.opponent, opponent?.roster)]
  // The players as they were named at the start travel with the sheet (the result slip names them).
  const sheet = withPlayers(prepared, players)
  const id = store.games.createGame(db, { ruleset: sheet.ruleset.id, sheet, rosterIds: [mine.rosterId, opponent?.rosterId ?? null], players })
  return getGame(db, id)
}

/** The sheet's sides named by the players the game was started with (none: as the sheet has them). */
function withPlayers(sheet: PlaySheet, players: [string | null, string | null]): PlaySheet {
  const side = (i: SideIndex) => (players[i] ? { ...sheet.sides[i], player: players[i]! } : sheet.sides[i])
  return { ...sheet, sides: [side(0), side(1)] }
}

function progress(sheet: PlaySheet, taps: Tap[]): GameProgress {
  const losses = replayTaps(sheet, taps)
  let round = 1
  for (const t of taps) if (t.kind === 'round') round = t.round
  return { taps, losses, score: scoreGame(sheet, losses), round }
}

const isSide = (v: unknown): v is SideIndex => v === 0 || v === 1
const notASide = (v: unknown) => `a tap names side 0 (the first army) or 1 (the second), not ${String(v)}`
const measured = (sheet: PlaySheet, n: number) => `${n} ${n === 1 ? sheet.rules.loss.measure.one : sheet.rules.loss.measure.other}`

/** Why this tap cannot be taken in this game, in players' words; null when it can. */
export function tapProblem(sheet: PlaySheet, taps: Tap[], tap: unknown): string | null {
  const t = tap as Partial<Record<string, unknown>> | null
  if (typeof t !== 'object' || t === null) return 'a tap is a loss, a flag, a round or an agreed result'
  switch (t.kind) {
    case 'loss': {
      if (!isSide(t.side)) return notASide(t.side)
      const units = sheet.sides[t.side].units
      if (!Number.isInteger(t.unit) || (t.unit as number) < 0 || (t.unit as number) >= units.length)
        return `${sheet.sides[t.side].name} has ${units.length} units: there is no unit ${typeof t.unit === 'number' ? t.unit + 1 : String(t.unit)}`
      if (!Number.isInteger(t.delta) || t.delta === 0)
        return `a loss is a whole number of ${sheet.rules.loss.measure.other}, more or fewer, not ${String(t.delta)}`
      const unit = units[t.unit as number]
      const lost = replayTaps(sheet, taps).sides[t.side].lost[t.unit as number] ?? 0
      const after = lost + (t.delta as number)
      if (after < 0) return `${unit.label} has lost ${measured(sheet, lost)}: it cannot get back ${measured(sheet, -(t.delta as number))}`
      if (after > unit.capacity)
        return `${unit.label} has ${measured(sheet, unit.capacity)} and has lost ${measured(sheet, lost)}: it cannot lose ${measured(sheet, t.delta as number)} more`
      return null
    }
    case 'flag': {
      if (!isSide(t.side)) return notASide(t.side)
      const flags = sheet.rules.flags ?? []
      if (!flags.some((f) => f.id === t.flag))
        return flags.length
          ? `${sheet.ruleset.name} has no mark '${String(t.flag)}' (it has ${flags.map((f) => `'${f.id}' (${f.label})`).join(', ')})`
          : `${sheet.ruleset.name} has no marks to set`
      if (typeof t.value !== 'boolean') return 'a flag is set (true) or cleared (false)'
      return null
    }
    case 'round':
      if (!Number.isInteger(t.round) || (t.round as number) < 1) return `a round is a whole number from 1, not ${String(t.round)}`
      if (typeof t.at !== 'string' || Number.isNaN(Date.parse(t.at))) return 'a round tap says when it began (a date and time)'
      return null
    case 'agreed':
      if (t.winner !== null && !isSide(t.winner))
        return `an agreed result names side 0 (the first army) or 1 (the second) as the winner, or none for a draw, not ${String(t.winner)}`
      return null
    default:
      return `a tap is a loss, a flag, a round or an agreed result, not '${String(t.kind)}'`
  }
}

/** A tap kept only as the game's own shape: nothing the renderer added to it travels into the library. */
function cleanTap(t: Tap): Tap {
  switch (t.kind) {
    case 'loss':
      return { kind: 'loss', side: t.side, unit: t.unit, delta: t.delta }
    case 'flag':
      return { kind: 'flag', side: t.side, flag: t.flag, value: t.value }
    case 'round':
      return { kind: 'round', round: t.round, at: t.at }
    case 'agreed':
      return { kind: 'agreed', winner: t.winner }
  }
}

/** One tap checked against the game as it stands and saved (one transaction); a tap it cannot take is refused in words, nothing written. */
export function tap(db: store.Db, id: string, tap: Tap): GameProgress {
  let sheet: PlaySheet | undefined
  const taps = store.games.appendTap<Tap>(db, id, (s, before) => {
    sheet = s as PlaySheet
    const problem = tapProblem(sheet, before, tap)
    if (problem) throw invalid(problem)
    return cleanTap(tap)
  })
  return progress(sheet!, taps)
}

/** The latest tap taken back (one transaction). */
export function undo(db: store.Db, id: string): GameProgress & { undone: Tap | null } {
  const { taps, undone } = store.games.removeLastTap<Tap>(db, id)
  const sheet = store.games.getGame<PlaySheet>(db, id).sheet
  return { ...progress(sheet, taps), undone }
}

/** A game whole: where it stopped, to resume it. */
export function getGame(db: store.Db, id: string): GameState {
  const game = store.games.getGame<PlaySheet, StoredResult>(db, id)
  const taps = store.games.gameTaps<Tap>(db, id)
  return { id, sheet: game.sheet, ...progress(game.sheet, taps), startedAt: game.createdAt, updatedAt: game.updatedAt, result: game.result }
}

/** The history, newest first. */
export function listGames(db: store.Db, options: GameListOptions = {}): { rows: GameRow[]; total: number } {
  const { rows, total } = store.games.listGames<PlaySheet, StoredResult>(db, options)
  return {
    total,
    rows: rows.map((g) => ({
      id: g.id,
      ruleset: g.ruleset,
      rulesetName: g.sheet.ruleset.name,
      startedAt: g.createdAt,
      updatedAt: g.updatedAt,
      finishedAt: g.finishedAt,
      sides: [0, 1].map((i) => ({
        name: g.sheet.sides[i].name,
        army: g.sheet.sides[i].army,
        player: g.players[i],
        rosterId: g.rosterIds[i]
      })) as GameRow['sides'],
      taps: g.taps,
      result: g.result
    }))
  }
}

/**
 * The game ended: its result (the rules', or the one the players agreed) kept with its result code,
 * in one transaction. A game the rules have not ended needs the players' word (`agreed`).
 */
export function finishGame(db: store.Db, id: string, agreed?: AgreedResult): StoredResult {
  const { players } = store.games.getGame(db, id)
  return store.games.finishGame<Tap, StoredResult>(db, id, (s, taps, finishedAt) => {
    const sheet = withPlayers(s as PlaySheet, players)
    const append: Tap[] = agreed ? [{ kind: 'agreed', winner: agreed.winner }] : []
    const losses = replayTaps(sheet, [...taps, ...append])
    const score = scoreGame(sheet, losses)
    if (!score.result.over) throw invalid(`the game is not over by its rules (${score.result.why}): say who won, or that it is a draw, to finish it`)
    const coded = finishedGameCode({ sheet, losses, score, date: finishedAt.slice(0, 10) })
    return { append, result: { ...score.result, ...coded, finishedAt, agreed: losses.agreed !== undefined } }
  })
}

export function deleteGame(db: store.Db, id: string): boolean {
  return store.games.deleteGame(db, id)
}

/** A library roster's or a player's record, from finished games. */
export function record(db: store.Db, of: RecordOf): GameRecord {
  if ('roster' in of) {
    store.getRosterRow(db, of.roster) // a roster the library does not have is said, not answered with zeros
    return store.games.rosterRecord(db, of.roster)
  }
  return store.games.playerRecord(db, of.player)
}

export const recordForRoster = (db: store.Db, rosterId: string): GameRecord => record(db, { roster: rosterId })
export const recordForPlayer = (db: store.Db, name: string): GameRecord => record(db, { player: name })

/** How many first characters of a roster's id name it in `muster record`. */
const MIN_ID_PREFIX = 8

/**
 * Whose record a word names (`muster record`): a library roster by id (or its first characters) or name, else a player who played.
 * A word that names neither is bad input (the CLI's exit 2), said in words.
 */
export function recordFor(
  db: store.Db,
  who: string
): { of: 'roster'; id: string; name: string; record: GameRecord } | { of: 'player'; name: string; record: GameRecord } {
  const text = who.trim()
  if (!text) throw invalid('name a roster (its id or name) or a player')
  let id: string | null = null
  // An id's first characters name a roster only from 8 on: a shorter word ("ab", "Ann") is far more
  // likely a player's name than the start of an id, which any such word may happen to be.
  if (text.length >= MIN_ID_PREFIX)
    try {
      id = store.resolveRosterId(db, text)
    } catch (e) {
      if (!(e instanceof store.StoreError)) throw e
    }
  if (!id && !store.games.playerHasGames(db, text)) {
    const named = store.games.rostersNamed(db, text)
    if (named.length > 1) throw invalid(`${named.length} rosters are called '${text}': give one's id (muster library list shows them)`)
    id = named[0]?.id ?? null
  }
  if (id) return { of: 'roster', id, name: store.getRosterRow(db, id).name, record: store.games.rosterRecord(db, id) }
  if (store.games.playerHasGames(db, text)) return { of: 'player', name: text, record: store.games.playerRecord(db, text) }
  throw invalid(`no roster and no player called '${text}' in the library's games`)
}
