// Printing: check a roster with the engine, then build the document the user asked for (roster,
// unit cards or quick-reference sheet). The builders are pure; write-pdf.ts renders them.
import { readUnmarked } from '../rules/unmarked'
import type { Engine, LoadedRuleset } from '../rules'
import { armyFactLines } from '../rules/army-facts'
import type { Roster, Verdict } from '../rules/types'
import { buildCardsDoc } from './cards'
import { checkCode } from './check-code'
import { codeData } from '../rules/data-in-force'
import { printedRuleset } from './printed-data'
import type { Paper } from './layout'
import { loadReference } from './load-reference'
import type { ProjectValidators } from '../rules/precompiled'
import type { DocDefinition } from './pdf-types'
import { buildQrsDoc, type QrsArmyList } from './qrs'
import { withinDates } from '../../src-shared/years'
import { armyTitle, listNumberOf } from '../../src-shared/army-title'
import { buildRosterDoc } from './roster'
import { buildRosterText } from './text'
import { printable } from './long-words'
import rosterSchema from '../../schemas/roster.schema.json'
import type { PrintKind } from '../../src-shared/print'

export { buildCardsDoc, cardData, fitCards, type CardsDocInput } from './cards'
export { canonicalJson, canonicalRoster, checkCode, parseCode } from './check-code'
export { printedCheckCode, printedData, printedDataNote } from './printed-data'
export { PAPER, type Paper } from './layout'
export { loadReference, referenceFile } from './load-reference'
export type { DocDefinition } from './pdf-types'
export { buildQrsDoc, type QrsDocInput } from './qrs'
export type { Reference } from './reference'
export { buildRosterDoc, type RosterDocInput } from './roster'
export { buildShoppingListDoc, type ShoppingListDocInput } from './shopping-list'
export { buildRosterText, type RosterTextInput } from './text'

export { PRINT_KINDS as EXPORT_KINDS } from '../../src-shared/print'
export type ExportKind = PrintKind

/** The roster format's limit on units (schemas/roster.schema.json). */
const MAX_UNITS = rosterSchema.properties.units.maxItems

/** A roster that cannot be printed (unknown ruleset or army, not a roster, no reference data). */
export class ExportError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ExportError'
  }
}

export interface Checked {
  roster: Roster
  verdict: Verdict
  loaded: LoadedRuleset
  armyName: string
  armyFacts: Array<[string, string]>
  checkCode: string
  /** What the sheet says after the data version when the data in force is not stock (rules/data-in-force.ts codeData). */
  dataNote?: string
}

/** Checks a roster and finds what printing needs; throws ExportError when it cannot be printed. */
export function checkForPrint(engine: Engine, roster: unknown, what = 'the roster'): Checked {
  if (typeof roster !== 'object' || roster === null || Array.isArray(roster)) throw new ExportError(`${what} is not a roster (a JSON object)`)
  const verdict = engine.check(roster)
  const r = roster as Roster
  const loaded = printedRuleset(engine, r)
  const army = loaded && typeof r.army === 'string' ? loaded.armies.get(r.army) : undefined
  if (!loaded || !army) {
    const why = verdict.issues.find((i) => i.path === '/ruleset' || i.path === '/army') ?? verdict.issues[0]
    throw new ExportError(`cannot print ${what}: ${why?.message ?? 'unknown ruleset or army'}`)
  }
  // A roster past the format's limit on units is not printed (it would be pages of rows that no
  // game uses); the verdict already says what is wrong with it.
  if (Array.isArray(r.units) && r.units.length > MAX_UNITS)
    throw new ExportError(`cannot print ${what}: it has ${r.units.length} units, and a roster has at most ${MAX_UNITS}`)
  // The code covers the data in force for this roster, not only its version label (issue 26).
  const data = codeData(loaded, roster)
  return {
    roster: r,
    verdict,
    loaded,
    // "66a Later Carthaginian": every face of the print names the list as players look it up
    armyName: armyTitle({ name: army.name, listNumber: listNumberOf(army.source) }),
    armyFacts: armyFactLines(loaded.ruleset, army, typeof r.year === 'number' ? r.year : undefined),
    checkCode: checkCode(roster, data.version),
    ...(data.note ? { dataNote: data.note } : {})
  }
}

/** What every face of one checked roster is built from. */
// Roles an older file marks on no unit are printed as the check reads them (unmarked.ts).
export const sheetInput = (checked: Checked) => ({
  roster: printable(readUnmarked(checked.loaded.ruleset, checked.roster).roster),
  verdict: checked.verdict,
  ruleset: checked.loaded.ruleset,
  armyName: checked.armyName,
  armyFacts: checked.armyFacts,
  checkCode: checked.checkCode,
  dataNote: checked.dataNote
})

/** A roster as plain text (text.ts), checked as for printing, with the check code its PDF prints. */
export function rosterText(engine: Engine, roster: unknown): Checked & { text: string } {
  const checked = checkForPrint(engine, roster)
  return { ...checked, text: buildRosterText(sheetInput(checked)) }
}

export interface ExportOptions {
  kind: ExportKind
  paper?: Paper
  /** Opponent roster (quick-reference sheet only): rows and columns for the match-up. */
  opponent?: unknown
  /**
   * Or an army list of the roster's ruleset, by id (quick-reference sheet only): the troops it can
   * field (in the roster's year, when the list was fielded then) and its army facts.
   */
  opponentArmy?: string
  /** Roster file name, printed in the `muster verify` hint. */
  fileName?: string
  /** Roster sheet only: the units (by index) that stand in for figures the player does not own, marked as proxies. */
  proxies?: ReadonlySet<number>
}

export interface BuiltExport extends Checked {
  doc: DocDefinition
}

/** The roster sheet of a roster checked for printing (what buildExport makes for kind 'roster'). */
export function rosterSheetDoc(
  checked: Checked,
  options: Pick<ExportOptions, 'paper' | 'fileName' | 'proxies'> & { validators?: ProjectValidators } = {}
): DocDefinition {
  const base = { ...sheetInput(checked), paper: options.paper ?? 'a4', reference: loadReference(checked.loaded, options.validators) }
  return buildRosterDoc({ ...base, fileName: options.fileName, proxies: options.proxies })
}

/** The document definition for one roster. */
export function buildExport(engine: Engine, roster: unknown, options: ExportOptions): BuiltExport {
  const checked = checkForPrint(engine, roster)
  if (options.kind === 'roster') return { ...checked, doc: rosterSheetDoc(checked, { ...options, validators: engine.validators }) }
  const paper = options.paper ?? 'a4'
  const { loaded } = checked
  const reference = loadReference(loaded, engine.validators)
  const base = { ...sheetInput(checked), paper, reference }
  if (options.kind === 'cards') return { ...checked, doc: buildCardsDoc(base) }
  if (!reference) throw new ExportError(`${loaded.ruleset.name} has no quick-reference data (data/rulesets/${loaded.ruleset.id}/reference.json)`)
  let opponent: Checked | undefined
  if (options.opponent !== undefined) {
    opponent = checkForPrint(engine, options.opponent, 'the opponent roster')
    if (opponent.loaded.ruleset.id !== loaded.ruleset.id) {
      throw new ExportError(`the opponent roster is for ${opponent.loaded.ruleset.name}, not ${loaded.ruleset.name}`)
    }
  }
  const factsOf = (c: Checked) => c.loaded.armies.get(String(c.roster.army))?.facts
  let enemyList: QrsArmyList | undefined
  if (options.opponentArmy !== undefined && !opponent) {
    const army = loaded.armies.has(options.opponentArmy) ? loaded.armies.get(options.opponentArmy) : undefined
    if (!army) throw new ExportError(`${loaded.ruleset.name} has no army list '${options.opponentArmy}' (muster rulesets --json lists them)`)
    const year = typeof checked.roster.year === 'number' && withinDates(checked.roster.year, army.dates) ? checked.roster.year : undefined
    enemyList = { army, ...(year !== undefined ? { year } : {}) }
  }
  return {
    ...checked,
    doc: buildQrsDoc({
      ...base,
      reference,
      facts: factsOf(checked),
      opponent: opponent && { roster: printable(opponent.roster), verdict: opponent.verdict, armyName: opponent.armyName, facts: factsOf(opponent) },
      enemyList
    })
  }
}
