// After a sync: what it did to the player's rosters. The library's own data-change recheck runs
// (services/library-data.ts: new results stored, changed rosters marked "data changed", as the app
// does at start), and the report names the changed lists that rosters of the library use.
import type { Engine } from '../../rules'
import type { Db, DocumentChecks } from '../../store'
import { everyRoster, recheckForNewData, type LibraryImpact } from '../library-data'
import { countOf, nounFor } from '../../../src-shared/words'
import { ORIGIN, type ListRef, type SyncReport } from './sync'

export interface SyncImpact {
  /** Changed or removed lists that some roster of the library is built on. */
  listsUsed: Array<ListRef & { rosters: number }>
  /** Rosters whose points or verdict the new catalogue changes: before and after. */
  rosters: LibraryImpact[]
  /** "Meshwesh changed 3 lists you use: 2 rosters now cost differently, 1 is now illegal." */
  summary: string
}

export function syncImpact(db: Db, engine: Engine, checks: DocumentChecks, fingerprint: string, report: SyncReport, ruleset: string): SyncImpact {
  const uses = new Map<string, number>()
  for (const r of everyRoster(db)) if (r.ruleset === ruleset) uses.set(r.army, (uses.get(r.army) ?? 0) + 1)
  const listsUsed = [...report.changed, ...report.removed]
    .filter((l) => uses.has(l.army))
    .map((l) => ({ army: l.army, name: l.name, list: l.list, rosters: uses.get(l.army)! }))
  const { impacts } = recheckForNewData(db, engine, checks, fingerprint)
  const cost = impacts.filter((i) => i.before.points !== i.after.points).length
  const illegal = impacts.filter((i) => i.before.valid && !i.after.valid).length
  const legal = impacts.filter((i) => i.before.valid === false && i.after.valid).length
  const effects = [
    cost ? `${countOf(cost, 'roster', 'rosters')} now ${nounFor(cost, 'costs', 'cost')} differently` : '',
    illegal ? `${countOf(illegal, 'roster is', 'rosters are')} now illegal` : '',
    legal ? `${countOf(legal, 'roster is', 'rosters are')} now legal` : ''
  ].filter(Boolean)
  const summary = listsUsed.length
    ? `${ORIGIN} changed ${countOf(listsUsed.length, 'list', 'lists')} you use: ${effects.length ? effects.join(', ') : 'no roster changes its points or verdict'}.`
    : impacts.length
      ? `${countOf(impacts.length, 'roster', 'rosters')} of your library check differently now.`
      : `None of the changed lists is used by a roster in your library.`
  return { listsUsed, rosters: impacts, summary }
}
