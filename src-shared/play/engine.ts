// Scores a game from its sheet: replays the taps into losses, runs the side formulas and the end rules
// of the ruleset's rules of play (sheet.rules). Pure and browser-safe (the app, the phone page and
// `muster game` share it); each sheet's formulas are compiled once.
import { compileFormula, type Formula } from '../formula'
import { checkSideLosses, lineWords, PlayInputError, sideContext, sideWords, type SideContext } from './side-context'
import type { GameLosses, GameResult, GameScore, PlaySheet, PlayValue, SideIndex, SideLosses, SideScore, Tap } from './types'

export { PlayInputError, lineWords, sideWords }

interface Compiled {
  side: Formula[]
  end: Formula[]
}

const compiled = new WeakMap<PlaySheet, Compiled>()

function compiledFor(sheet: PlaySheet): Compiled {
  let c = compiled.get(sheet)
  if (!c) {
    c = { side: sheet.rules.side.map((v) => compileFormula(v.formula)), end: sheet.rules.end.map((r) => compileFormula(r.when)) }
    compiled.set(sheet, c)
  }
  return c
}

/** No losses yet: every line at 0, no flag set. */
export function emptyLosses(sheet: PlaySheet): GameLosses {
  const side = (i: SideIndex): SideLosses => ({ lost: sheet.sides[i].units.map(() => 0), flags: {} })
  return { sides: [side(0), side(1)] }
}

const sideOf = (tap: { side: unknown }): SideIndex => {
  if (tap.side !== 0 && tap.side !== 1)
    throw new PlayInputError(`A game has two sides, side 1 and side 2 (0 and 1 in a tap): there is no side ${String(tap.side)} in a tap.`)
  return tap.side
}

/**
 * The losses the taps add up to, in order: a loss tap moves one line, kept within 0 and what the line
 * holds; a flag tap sets or clears a mark; the latest 'agreed' tap is the agreed result. Round taps
 * (the timer) change no loss.
 */
export function replayTaps(sheet: PlaySheet, taps: readonly Tap[]): GameLosses {
  const losses = emptyLosses(sheet)
  const known = new Set((sheet.rules.flags ?? []).map((f) => f.id))
  for (const tap of taps) {
    if (tap.kind === 'loss') {
      const index = sideOf(tap)
      const side = sheet.sides[index]
      const unit = side.units[tap.unit]
      if (!Number.isInteger(tap.unit) || !unit)
        throw new PlayInputError(
          `${sideWords(index)} (${side.name}) has ${side.units.length} units, 0 to ${side.units.length - 1}: there is no unit ${String(tap.unit)}.`
        )
      const lost = losses.sides[index].lost
      lost[tap.unit] = Math.min(unit.capacity, Math.max(0, lost[tap.unit] + (Math.trunc(Number(tap.delta)) || 0)))
    } else if (tap.kind === 'flag') {
      const index = sideOf(tap)
      if (!known.has(tap.flag)) throw new PlayInputError(`${sideWords(index)} (${sheet.sides[index].name}): ${sheet.ruleset.name} has no mark '${tap.flag}'.`)
      losses.sides[index].flags[tap.flag] = tap.value === true
    } else if (tap.kind === 'agreed') {
      losses.agreed = { winner: tap.winner === 0 || tap.winner === 1 ? tap.winner : null }
    }
  }
  return losses
}

const asValue = (v: unknown): PlayValue =>
  v === null || typeof v === 'string' || typeof v === 'boolean' ? v : typeof v === 'number' && Number.isFinite(v) ? v : v === undefined ? null : Number(v)

const num = (v: PlayValue): number => (typeof v === 'number' ? v : Number(v) || 0)

/** A side's values in the data's order; each formula reads the values before it by id. */
function sideValues(sheet: PlaySheet, index: SideIndex, losses: SideLosses): { context: SideContext; score: SideScore } {
  const context = sideContext(sheet, index, losses)
  const formulas = compiledFor(sheet).side
  const values = sheet.rules.side.map((def, i) => {
    const value = asValue(formulas[i](context))
    context[def.id] = value
    return { id: def.id, label: def.label, value }
  })
  const byId = (id: string): PlayValue | undefined => values.find((v) => v.id === id)?.value
  const score: SideScore = { lost: num(byId('lost') ?? 0), values }
  const spent = byId('spent')
  if (spent !== undefined) score.spent = spent === true || (typeof spent === 'number' && spent !== 0)
  const moraleDice = byId('moraleDice')
  if (moraleDice !== undefined) score.moraleDice = num(moraleDice)
  const handSize = byId('handSize')
  if (handSize !== undefined) score.handSize = num(handSize)
  return { context, score }
}

/** What an end rule reads of a side as `me` or `enemy`: its values by id, its name and its flags. */
function endSide(sheet: PlaySheet, index: SideIndex, score: SideScore, context: SideContext): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  for (const v of score.values) out[v.id] = v.value
  out.name = sheet.sides[index].name
  out.flags = context.flags
  return out
}

const shown = (v: unknown): string => (typeof v === 'number' ? String(Math.round(v * 100) / 100) : v === null || v === undefined ? '' : String(v))

/** A data template in players' words: {me} and {enemy} are the sides' names, {me.<id>} and {enemy.<id>} their values. */
export function fillWhy(template: string, me: Record<string, unknown>, enemy: Record<string, unknown>): string {
  return template.replace(/\{(me|enemy)(?:\.([A-Za-z][A-Za-z0-9]*))?\}/g, (whole, who: string, id: string | undefined) => {
    const side = who === 'me' ? me : enemy
    const key = id ?? 'name'
    return Object.prototype.hasOwnProperty.call(side, key) ? shown(side[key]) : whole
  })
}

/**
 * Both sides' values and the game's result. An agreed result stands over the rules; else the end
 * rules in order, each tried for side 1 and side 2 (one that holds for both, giving each the win, is
 * a draw); else the game goes on (`undecided`). Throws a
 * PlayInputError for losses the sheet cannot hold.
 */
export function scoreGame(sheet: PlaySheet, losses: GameLosses): GameScore {
  if (!losses || !Array.isArray(losses.sides) || losses.sides.length !== 2) throw new PlayInputError('A game has two sides, each with its losses.')
  for (const i of [0, 1] as const) checkSideLosses(sheet, i, losses.sides[i])
  const a = sideValues(sheet, 0, losses.sides[0])
  const b = sideValues(sheet, 1, losses.sides[1])
  const ends = [endSide(sheet, 0, a.score, a.context), endSide(sheet, 1, b.score, b.context)] as const
  return { sides: [a.score, b.score], result: resultOf(sheet, losses, ends) }
}

const other = (i: SideIndex): SideIndex => (i === 0 ? 1 : 0)

function resultOf(sheet: PlaySheet, losses: GameLosses, ends: readonly [Record<string, unknown>, Record<string, unknown>]): GameResult {
  if (losses.agreed) {
    const winner = losses.agreed.winner === 0 || losses.agreed.winner === 1 ? losses.agreed.winner : null
    // The app's own words (no ruleset's): the players' result, whatever the rules say.
    const why = winner === null ? 'A draw, as the players agreed.' : `${sheet.sides[winner].name} wins, as the players agreed.`
    return { over: true, winner, why }
  }
  const formulas = compiledFor(sheet).end
  for (const [r, rule] of sheet.rules.end.entries()) {
    const held = ([0, 1] as const).filter((i) => formulas[r]({ me: ends[i], enemy: ends[other(i)] }))
    if (held.length === 0) continue
    const winners = held.map((i): SideIndex | null => (rule.winner === 'me' ? i : rule.winner === 'enemy' ? other(i) : null))
    const whys = held.map((i) => fillWhy(rule.why, ends[i], ends[other(i)]))
    // One rule holding for both sides at once, each way round (both armies quit the field in the same
    // turn): neither side wins it over the other, so the game is a draw, and both reasons are said.
    if (held.length === 2 && winners[0] !== winners[1]) return { over: true, winner: null, why: `${whys[0]} ${whys[1]} Both at once: a draw.` }
    return { over: true, winner: winners[0], why: whys[0] }
  }
  return { over: false, winner: null, why: fillWhy(sheet.rules.undecided, ends[0], ends[1]) }
}

/** A side value by id, for callers that show one. */
export const sideValue = (score: SideScore, id: string): PlayValue | undefined => score.values.find((v) => v.id === id)?.value
