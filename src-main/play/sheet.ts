// A play sheet (src-shared/play/types.ts) from two armies: each a roster, checked by the rules engine
// `muster check` uses (its figures and unit figures), or, for the opponent, only an army list (its
// troop entries at their maximum). The ruleset's rules of play (ruleset.json `play`) say how much of
// the measure of loss each line holds and what it is worth; the pre-battle rows are the play data's,
// plus the army facts the quick-reference sheet compares (export/fact-rows.ts). The sheet is
// self-contained: the tracker, the phone page and `muster game` score it with no ruleset files.
import type { Engine, LoadedRuleset } from '../rules'
import type { Army, Roster, Ruleset, TroopType, Verdict } from '../rules/types'
import { compileFormula } from '../rules/formula'
import type { ProjectValidators } from '../rules/precompiled'
import { printedData } from '../export/printed-data'
import { checkCode } from '../export/check-code'
import { factRows, type FactSide } from '../export/fact-rows'
import { loadReference } from '../export/load-reference'
import type { FactsBlock } from '../export/reference'
import { armyTitle, listNumberOf } from '../../src-shared/army-title'
import { unitCall } from '../../src-shared/unit-names'
import { formatNumber } from '../../src-shared/words'
import { lineWords, PlayInputError } from '../../src-shared/play/engine'
import type { PlaySheet, PlaySide, PlayUnit, PlayValue, PreBattleRow } from '../../src-shared/play/types'

/** An opponent known only by its army list. */
export interface ArmyListOpponent {
  ruleset: string
  army: string
}

/** One side before it is a PlaySide: what the sheet and the pre-battle rows need of it. */
interface Prepared {
  side: PlaySide
  facts: FactSide
}

const yearOf = (roster: Roster): number | undefined => (typeof roster.year === 'number' ? roster.year : undefined)

const asValue = (v: unknown): PlayValue =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) ? v : v === undefined ? null : String(v)

/** The ruleset a roster plays under (its data edition when it names one), or a players'-words error. */
function rulesetOf(engine: Engine, roster: { ruleset?: unknown; edition?: unknown }, whose: string): LoadedRuleset {
  const id = typeof roster.ruleset === 'string' ? roster.ruleset : ''
  const loaded = (typeof roster.edition === 'string' ? engine.ruleset(id, roster.edition) : undefined) ?? engine.ruleset(id)
  if (!loaded) throw new PlayInputError(`${whose} army is for '${id}', a ruleset this Muster does not know.`)
  if (!loaded.ruleset.play) throw new PlayInputError(`${loaded.ruleset.name} has no rules of play in its data: a game of it cannot be tracked.`)
  return loaded
}

function armyOf(loaded: LoadedRuleset, id: unknown, whose: string): Army {
  const army = typeof id === 'string' ? loaded.armies.get(id) : undefined
  if (!army) throw new PlayInputError(`${whose} army '${String(id)}' is not one of ${loaded.ruleset.name}'s army lists.`)
  return army
}

/** Capacity and worth of each roster line, by the rules of play's per-line formulas. */
function lineMeasures(ruleset: Ruleset) {
  const play = ruleset.play!
  const capacity = compileFormula(play.loss.capacity)
  const value = play.loss.value === undefined ? null : compileFormula(play.loss.value)
  const tables = ruleset.tables ?? {}
  return (unit: Record<string, unknown>, count: number, cost: number, troop: TroopType, figures: Record<string, PlayValue>) => {
    const context = {
      unit,
      count,
      cost,
      troop: { id: troop.id, name: troop.name, category: troop.category, tags: troop.tags ?? [], stats: troop.stats ?? {} },
      figures,
      tables
    }
    const held = Number(capacity(context))
    const worth = value ? Number(value(context)) : 1
    return { capacity: Number.isFinite(held) && held > 0 ? held : 0, value: Number.isFinite(worth) ? worth : 0 }
  }
}

/** An illegal roster marked as such, with its count of errors (an army list, made legal by Muster, never is). */
function legalOf(verdict: Verdict, fromList: boolean): { legal: false; issues: number } | null {
  if (fromList || verdict.valid) return null
  return { legal: false, issues: Math.max(1, verdict.issues.filter((x) => x.severity === 'error').length) }
}

/** A checked roster's lines and figures as the sheet holds them. */
function sideOf(loaded: LoadedRuleset, roster: Roster, verdict: Verdict, army: Army, checkCodeText: string | null, fromList: boolean, whose = ''): PlaySide {
  const ruleset = loaded.ruleset
  const measures = lineMeasures(ruleset)
  const lines = Array.isArray(roster.units) ? roster.units : []
  const reports = new Map((verdict.units ?? []).map((u) => [u.index, u]))
  const troopName = (id: string) => loaded.troops.get(id)?.name
  const units = lines.flatMap((line, i): PlayUnit[] => {
    const troop = loaded.troops.get(line.troop)
    // Refused, never dropped: a dropped line would shift every later line's index, and a loss written
    // for one line would hit the next.
    if (!troop)
      throw new PlayInputError(
        `${whose} roster: ${lineWords(i, i, String(line.name ?? line.troop))}: '${String(line.troop)}' is not a troop type of ${ruleset.name}, so what it can lose is unknown: correct the roster first (muster check says more).`
      )
    const report = reports.get(i)
    const count = typeof line.count === 'number' ? line.count : 0
    const figures: Record<string, PlayValue> = {}
    for (const [k, v] of Object.entries(report?.figures ?? {})) figures[k] = asValue(v)
    const attributes: Record<string, PlayValue> = {}
    for (const id of Object.keys(ruleset.attributes)) if (line[id] !== undefined) attributes[id] = asValue(line[id])
    // What the roster marks the line as (a yes/no attribute that is yes: the general's stand, the eagle), in the data's words.
    const marks = Object.entries(ruleset.attributes).flatMap(([id, def]) => (def.type === 'boolean' && line[id] === true ? [def.label ?? id] : []))
    const label = fromList && typeof line.name === 'string' ? line.name : unitCall(lines, i, troopName)
    const unit = (part: number | undefined, n: number, cost: number): PlayUnit => ({
      label: part === undefined ? label : `${label} (${part + 1} of ${count})`,
      line: i,
      ...(part === undefined ? {} : { part }),
      troop: troop.id,
      troopName: troop.name,
      ...(troop.category ? { category: troop.category } : {}),
      tags: troop.tags ?? [],
      count: n,
      ...measures(line, n, cost, troop, figures),
      attributes,
      ...(marks.length ? { marks } : {}),
      figures
    })
    // play.loss.each: every counted item of the line is a unit of its own (destroyed on its own).
    if (ruleset.play!.loss.each && count > 1) return Array.from({ length: count }, (_, part) => unit(part, 1, (report?.cost ?? 0) / count))
    return [unit(undefined, count, report?.cost ?? 0)]
  })
  const figures: Record<string, PlayValue> = {}
  for (const [k, v] of Object.entries(verdict.figures)) if (typeof v === 'number') figures[k] = v
  const title = armyTitle({ name: army.name, listNumber: listNumberOf(army.source) })
  const name = typeof roster.name === 'string' && roster.name.trim() ? roster.name.trim() : title
  return {
    ...(typeof roster.player === 'string' && roster.player.trim() ? { player: roster.player.trim() } : {}),
    name,
    army: title,
    checkCode: checkCodeText,
    ...(legalOf(verdict, fromList) ?? {}),
    points: verdict.points,
    figures,
    units
  }
}

function fromRoster(engine: Engine, roster: Roster, whose: string): Prepared & { loaded: LoadedRuleset } {
  if (typeof roster !== 'object' || roster === null || Array.isArray(roster)) throw new PlayInputError(`${whose} roster is not a roster.`)
  const loaded = rulesetOf(engine, roster, whose)
  const army = armyOf(loaded, roster.army, whose)
  const verdict = engine.check(roster)
  const data = printedData(engine, roster)
  const code = checkCode(roster, data?.version ?? loaded.ruleset.dataVersion)
  return { loaded, side: sideOf(loaded, roster, verdict, army, code, false, whose), facts: { facts: army.facts, year: yearOf(roster) } }
}

/** An army list as a roster: each troop entry one line, at the list's maximum (at least 1 when it sets none). */
function fromList(engine: Engine, list: ArmyListOpponent, whose: string): Prepared & { loaded: LoadedRuleset } {
  const loaded = rulesetOf(engine, list, whose)
  const army = armyOf(loaded, list.army, whose)
  const units = army.options.flatMap((o) => {
    const troop = o.troops.find((t) => loaded.troops.has(t))
    if (!troop) return []
    const count = typeof o.max === 'number' ? o.max : Math.max(o.min ?? 0, 1)
    return count > 0 ? [{ troop, count, option: o.id, ...(o.name ? { name: o.name } : {}) }] : []
  })
  const roster = { format: 'muster-roster', version: 1, ruleset: loaded.ruleset.id, army: army.id, units } as unknown as Roster
  const verdict = engine.check(roster)
  return { loaded, side: sideOf(loaded, roster, verdict, army, null, true), facts: { facts: army.facts } }
}

const shownValue = (v: unknown): string => (typeof v === 'number' ? formatNumber(v) : v === null ? 'unknown' : v === undefined ? '-' : String(v))

/** The pre-battle rows and notes: the play data's rows per side, then the army facts the reference sheet compares. */
function preBattle(loaded: LoadedRuleset, a: Prepared, b: Prepared, validators?: ProjectValidators): PlaySheet['preBattle'] {
  const ruleset = loaded.ruleset
  const play = ruleset.play!
  const rows: PreBattleRow[] = []
  const notes: string[] = [...(play.preBattleNotes ?? [])]
  const contextOf = (p: Prepared) => ({
    figures: p.side.figures,
    points: p.side.points,
    facts: p.facts.facts ?? {},
    units: p.side.units,
    // False for an opponent known only by its army list: a row that needs the roster reads unknown (null).
    roster: p.side.checkCode !== null,
    tables: ruleset.tables ?? {}
  })
  for (const def of play.preBattle ?? []) {
    const formula = compileFormula(def.formula)
    rows.push({ label: def.label, values: [shownValue(formula(contextOf(a))), shownValue(formula(contextOf(b)))] })
  }
  if (ruleset.armyFacts?.length) {
    const blocks = (loadReference(loaded, validators)?.sections ?? []).flatMap((s) => s.blocks.filter((x): x is FactsBlock => x.kind === 'facts'))
    for (const block of blocks) {
      for (const row of factRows(block, ruleset, a.facts, b.facts)) {
        rows.push({ label: row.label, values: [row.mine ?? '-', row.theirs ?? '-'] })
        if (row.favours === 'mine' || row.favours === 'theirs') notes.push(`${(row.favours === 'mine' ? a : b).side.name}: ${row.higher}.`)
        else if (row.favours === 'even') notes.push(`${row.label}: even.`)
      }
      if (block.note) notes.push(block.note)
    }
  }
  return { rows, notes }
}

/**
 * The play sheet of a game: my checked roster against the opponent's roster or army list. Throws a
 * PlayInputError when the two are not of one ruleset, or the ruleset or army is unknown, or the
 * ruleset has no rules of play, or a roster line's troop type is unknown. `validators`: the reference
 * data's (export/load-reference.ts); `whose`: how messages name the two armies ("Your", "side 1's").
 */
export function preparePlaySheet(
  engine: Engine,
  mine: Roster,
  opponent: Roster | ArmyListOpponent,
  validators?: ProjectValidators,
  whose: [string, string] = ['Your', "The opponent's"]
): PlaySheet {
  const a = fromRoster(engine, mine, whose[0])
  const b = 'units' in opponent ? fromRoster(engine, opponent, whose[1]) : fromList(engine, opponent, whose[1])
  if (a.loaded.ruleset.id !== b.loaded.ruleset.id)
    throw new PlayInputError(
      `Your army is for ${a.loaded.ruleset.name} and the opponent's for ${b.loaded.ruleset.name}: both armies of a game play one ruleset.`
    )
  const ruleset = a.loaded.ruleset
  return {
    format: 'muster-play-sheet',
    version: 1,
    ruleset: { id: ruleset.id, name: ruleset.name, shortName: ruleset.shortName ?? ruleset.name, dataVersion: ruleset.dataVersion },
    rules: ruleset.play!,
    tables: (ruleset.tables ?? {}) as Record<string, unknown>,
    sides: [a.side, b.side],
    preBattle: preBattle(a.loaded, a, b, validators)
  }
}
