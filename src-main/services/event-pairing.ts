// An event's submissions to first-round pairings, one function for `muster pair` and the app's Event
// check screen: the rosters are checked and their players told apart by the event check itself
// (checkEvent); each roster of the event's ruleset becomes a pairing entry (its army list's dates,
// historical enemies and categories); those that cannot be read, of another ruleset or of an army
// this Muster lacks are listed as not paired, in the event check's own words. The pairing itself is
// ./pairing.ts, the report ./pair-report.ts.
import type { Engine } from '../rules'
import { checkEvent, type EventProfile, type EventReport, type EventRow, type Submission } from '../event/check-event'
import { pairEntries, type PairingEntry } from '../event/pairing'
import { pairReport, type NotExamined, type PairReport } from './pair-report'

/** Everything an error issue says, but that the player sent two rosters (pairing decides that itself). */
const legalButForDuplicates = (row: EventRow) => row.readable && !row.issues.some((i) => i.severity === 'error' && i.code !== 'event-duplicate-player')

/** The pairing entries of a checked event: one per roster of the event's ruleset; the others, not examined, with the reason. */
export function pairingEntries(engine: Engine, event: EventProfile, checked: EventReport): { entries: PairingEntry[]; notExamined: NotExamined[] } {
  const loaded = engine.ruleset(event.ruleset)
  const entries: PairingEntry[] = []
  const notExamined: NotExamined[] = []
  for (const row of checked.rows) {
    const army = row.ruleset === event.ruleset && row.army ? loaded?.armies.get(row.army) : undefined
    if (!row.readable || !army || !row.army) {
      // the event check's own words: unreadable, another ruleset, an unknown army, not a roster
      const why = row.issues.find((i) => i.code === 'unreadable' || i.code === 'event-wrong-ruleset') ?? row.issues.find((i) => i.severity === 'error')
      notExamined.push({ file: row.file, player: row.player, reason: why?.message ?? `not a roster of ${checked.event.rulesetName}` })
      continue
    }
    const data = (row.document ?? {}) as { year?: unknown }
    entries.push({
      key: row.file,
      player: row.player,
      ruleset: event.ruleset,
      army: army.id,
      armyName: army.name,
      ...(typeof army.source?.list === 'string' ? { list: army.source.list } : {}),
      ...(typeof data.year === 'number' ? { year: data.year } : {}),
      dates: army.dates,
      // by the ids in force: an enemy named by a superseded list's old id is that list (rules/list-twins.ts)
      ...(army.enemies ? { enemies: army.enemies.map((id) => loaded!.armies.canonical(id)) } : {}),
      ...(army.categories ? { categories: army.categories } : {}),
      tags: army.tags,
      legal: legalButForDuplicates(row)
    })
  }
  return { entries, notExamined }
}

export interface EventPairing {
  /** The event check the pairing was made from. */
  checked: EventReport
  /** How many rosters could be paired (0: none of the event's ruleset; the report then has no tables). */
  paired: number
  report: PairReport
}

/** Checks the submissions against the event and proposes the first round's pairings (see ./pairing.ts). */
export function pairSubmissions(engine: Engine, event: EventProfile, submissions: Submission[]): EventPairing {
  const checked = checkEvent(engine, event, submissions)
  const { entries, notExamined } = pairingEntries(engine, event, checked)
  return { checked, paired: entries.length, report: pairReport(checked, pairEntries(entries), notExamined) }
}
