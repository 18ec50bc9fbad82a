// The library against new rules data (army lists fetched or imported, a Muster update): every
// roster rechecked against the result stored when it was saved; those whose points or verdict
// changed are marked "data changed", and their new results stored. One use case for the app's
// start-up check and for `muster meshwesh sync`.
import * as store from '../store'
import type { Engine } from '../rules'
import type { Verdict } from '../rules/types'
import type { DocumentChecks } from '../store'

/** The library's key for the fingerprint of the data it was last checked with. */
export const DATA_FINGERPRINT = 'data-fingerprint'

export interface LibraryImpact {
  id: string
  name: string
  army: string
  before: { points: number | null; valid: boolean | null; dataVersion: string | null }
  after: { points: number; valid: boolean; dataVersion: string; errors: string[] }
  /** Under other values (both sides checked now): the problems they bring and the ones they clear, in words. */
  added?: string[]
  gone?: string[]
}

/** Every roster of the library (not the trash), a page at a time. */
export function* everyRoster(db: store.Db): Generator<store.RosterRow> {
  for (let offset = 0; ; offset += 1000) {
    const { rows, total } = store.listRosters(db, { limit: 1000, offset })
    yield* rows
    if (offset + rows.length >= total || rows.length === 0) return
  }
}

export const errorsOf = (v: Verdict) => v.issues.filter((i) => i.severity === 'error').map((i) => i.message)
export const sameResult = (points: number, valid: boolean, now: { points: number; valid: boolean }) =>
  Math.abs(points - now.points) < 1e-9 && valid === now.valid

/**
 * The data in force now against the results the library stored when each roster was saved: those
 * that differ, and those it never stored a result for (nothing to compare them with).
 */
export function impactOfData(db: store.Db, engine: Engine): { impacts: LibraryImpact[]; unchecked: string[] } {
  const impacts: LibraryImpact[] = []
  const unchecked: string[] = []
  for (const r of everyRoster(db)) {
    if (r.points === null || r.valid === null) {
      unchecked.push(r.id)
      continue
    }
    const now = engine.check(store.getDocument(db, r.id))
    if (sameResult(r.points, r.valid, now)) continue
    impacts.push({
      id: r.id,
      name: r.name,
      army: r.army,
      before: { points: r.points, valid: r.valid, dataVersion: r.dataVersion },
      after: { points: now.points, valid: now.valid, dataVersion: now.dataVersion ?? '', errors: errorsOf(now).slice(0, 3) }
    })
  }
  return { impacts, unchecked }
}

/** The rosters' stored results brought up to date with the data in force, in one transaction. */
export function refreshResults(db: store.Db, checks: DocumentChecks, ids: string[]): number {
  return store.writeTransaction(db, () => {
    for (const rosterId of ids) store.refreshSummary(db, rosterId, checks.summarise!(store.getDocument(db, rosterId)))
    return ids.length
  })
}

/**
 * When the data's fingerprint differs from the one the library last saw: every roster rechecked, the
 * new results stored, those that changed marked and returned. Nothing happens when it is the same.
 */
export function recheckForNewData(db: store.Db, engine: Engine, checks: DocumentChecks, fingerprint: string): { changed: boolean; impacts: LibraryImpact[] } {
  const seen = store.getMeta(db, DATA_FINGERPRINT)
  // Never seen: a new library has nothing to recheck, one from an older Muster may (its results
  // were stored before this check existed).
  const changed = seen === undefined ? store.listRosters(db, { limit: 1 }).total > 0 : seen !== fingerprint
  const { impacts, unchecked } = changed ? impactOfData(db, engine) : { impacts: [], unchecked: [] }
  // The new results are stored at once, so the list shows what the data says now; the report says
  // what they were, and the marks stay until each roster is saved or the player clears them.
  if (seen !== fingerprint)
    store.writeTransaction(db, () => {
      refreshResults(db, checks, [...impacts.map((i) => i.id), ...unchecked])
      store.markDataChanged(
        db,
        impacts.map((i) => i.id)
      )
      store.setMeta(db, DATA_FINGERPRINT, fingerprint)
    })
  return { changed, impacts }
}

/** Every roster's latest document, named as a recheck report names it (`library:<first 8 of its id>`). */
export function recheckSources(db: store.Db): Array<{ file: string; name: string; data: unknown }> {
  return [...everyRoster(db)].map((row) => ({ file: `library:${row.id.slice(0, 8)}`, name: row.name, data: store.getDocument(db, row.id) }))
}
