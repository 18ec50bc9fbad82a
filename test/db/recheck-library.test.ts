// The library rechecked with the data in force now (new army lists, new rules data): the rosters whose
// points or verdict changed since they were saved, before and after; the library's stored results are
// updated only when asked, and the rosters themselves never change.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { libraryHandlers } from '../../src-main/ipc/library-handlers'
import { createEngine } from '../../src-main/rules'
import { createAjv } from '../../src-main/rules/schemas'
import { getDocument, getRosterRow, listRevisions, listRosters, openLibrary, type Library, type RosterDocument } from '../../src-main/store'
import { checkCode } from '../../src-main/export/check-code'
import { dataFingerprint } from '../../src-main/rules/data-fingerprint'
import { tempFolders } from '../support/tmp'
import { repoRoot } from '../support/engine'
import { hussite } from '../support/fixtures-hussite'
import { wrgLegio } from '../support/fixtures-roman'

const tmp = tempFolders('muster-recheck-lib-')
/** A test's own library file, closed after it whatever happens. */
async function withLibrary(test: (lib: Library) => Promise<void>): Promise<void> {
  const lib = await openLibrary(join(tmp(), 'library.sqlite'))
  try {
    await test(lib)
  } finally {
    lib.close()
  }
}

const roman = wrgLegio

describe('recheck the library', () => {
  it('lists the rosters the new data changes, and updates the stored results only when asked', () =>
    withLibrary(async (lib) => {
      const saved = libraryHandlers(lib.db, createEngine(), createAjv())
      const zizka = await saved.createRoster(hussite)
      const legio = await saved.createRoster(roman)
      expect(await saved.libraryImpact()).toEqual([])
      // new data: a costs.json pricing Heavy Foot at 4
      const data = tmp()
      mkdirSync(join(data, 'triumph'))
      writeFileSync(join(data, 'triumph', 'costs.json'), JSON.stringify({ ruleset: 'triumph', costs: { 'heavy-foot': 4 } }))
      const now = libraryHandlers(lib.db, createEngine({ dataDirs: [data] }), createAjv())
      const impacts = await now.libraryImpact()
      // 12 Heavy Foot x (4 - 3) = +12: 48 -> 60, over the limit; the WRG roster is untouched
      expect(impacts).toEqual([
        {
          id: zizka.id,
          name: 'Zizka',
          army: 'early-hussite-221a',
          before: { points: 48, valid: true, dataVersion: '1.4.0' },
          after: { points: 60, valid: false, dataVersion: '1.4.0', errors: ['The army costs 60 points, 12 over its 48-point limit.'] }
        }
      ])
      expect(getRosterRow(lib.db, zizka.id)).toMatchObject({ points: 48, valid: true, revision: 1 })
      expect(await now.refreshSummaries(impacts.map((i) => i.id))).toBe(1)
      expect(getRosterRow(lib.db, zizka.id)).toMatchObject({ points: 60, valid: false, revision: 1 })
      expect(getDocument(lib.db, zizka.id)).toEqual(hussite)
      expect(getRosterRow(lib.db, legio.id).points).toBe(roman.units[0].count * 100 + 24 * 8)
      expect(await now.libraryImpact()).toEqual([])
    }))

  it('at start, marks and reports the rosters new data changed, once, and only when the data changed', () =>
    withLibrary(async (lib) => {
      const data = tmp()
      const fingerprint = () => dataFingerprint([data])
      const before = libraryHandlers(lib.db, createEngine({ dataDirs: [data] }), createAjv(), { dataFingerprint: fingerprint })
      // A new library: nothing to compare with, nothing to recheck.
      expect(await before.dataUpdate()).toEqual({ changed: false, impacts: [] })
      const zizka = await before.createRoster(hussite)
      const legio = await before.createRoster(roman)
      // Renamed: a new revision that keeps its stored result (a name changes no verdict).
      await before.renameRoster(legio.id, 'Legio II')
      expect(getRosterRow(lib.db, legio.id)).toMatchObject({ revision: 2, valid: true, points: 292 })
      // One stored without a result (as an older Muster did on rename): nothing to compare it with.
      const unchecked = await before.createRoster({ ...hussite, name: 'Unchecked' })
      lib.db.prepare('UPDATE rosters SET points = NULL, valid = NULL WHERE id = ?').run(unchecked.id)
      expect(await before.dataUpdate()).toEqual({ changed: false, impacts: [] })
      // Army lists imported meanwhile (here a cost table): the next start finds the change.
      mkdirSync(join(data, 'triumph'))
      writeFileSync(join(data, 'triumph', 'costs.json'), JSON.stringify({ ruleset: 'triumph', costs: { 'heavy-foot': 4 } }))
      const after = libraryHandlers(lib.db, createEngine({ dataDirs: [data] }), createAjv(), { dataFingerprint: fingerprint })
      const found = await after.dataUpdate()
      expect(found.changed).toBe(true)
      expect(found.impacts.map((i) => [i.name, i.before.points, i.after.points])).toEqual([['Zizka', 48, 60]])
      // Stored at once, so the list shows what the data says now, and marked; the unchecked roster
      // gets its result quietly (it did not change: it had none).
      expect(getRosterRow(lib.db, zizka.id)).toMatchObject({ dataChanged: true, points: 60, valid: false, revision: 1 })
      expect(getRosterRow(lib.db, unchecked.id)).toMatchObject({ dataChanged: false, points: 60, valid: false })
      expect(listRosters(lib.db, { dataChanged: true }).rows.map((r) => r.name)).toEqual(['Zizka'])
      // Renaming keeps the mark (and the search still finds it by army and troop); bringing the result
      // up to date keeps it too.
      await after.renameRoster(zizka.id, 'Zizka')
      expect((await after.searchRosters('hussite wagons', {})).rows.map((r) => r.name)).toContain('Zizka')
      expect(await after.refreshSummaries([zizka.id])).toBe(1)
      expect(getRosterRow(lib.db, zizka.id)).toMatchObject({ dataChanged: true, revision: 2 })
      // Asked again (the window reloaded): the data is as the library last saw it.
      expect(await after.dataUpdate()).toEqual({ changed: false, impacts: [] })
      // Saving the roster again takes its mark off; so does Clear marks.
      await after.saveRoster(zizka.id, { ...hussite, units: hussite.units.slice(0, 3).concat({ troop: 'heavy-foot', count: 9 }) })
      expect(getRosterRow(lib.db, zizka.id)).toMatchObject({ dataChanged: false, points: 48 })
      // A mark it had stays when the values change nothing of it (Meshwesh's table: factors, not costs)
      lib.db.prepare('UPDATE rosters SET data_changed = 1 WHERE id = ?').run(zizka.id)
      expect(await after.useValues({ ruleset: 'triumph', edition: 'meshwesh-current' })).toEqual({ switched: 2, changed: 0 })
      expect(listRosters(lib.db, { dataChanged: true }).rows.map((r) => r.id)).toEqual([zizka.id])
      // Both Hussite rosters cost 3 more under the 2018 sheet: both marked.
      expect(await after.useValues({ ruleset: 'triumph', edition: 'qrs-2018' })).toEqual({ switched: 2, changed: 2 })
      expect(await after.clearDataMarks()).toBe(2)
      expect(listRosters(lib.db, { dataChanged: true }).total).toBe(0)
    }))

  it("rechecks a ruleset's rosters under other values, and switches them, marking those that change", () =>
    withLibrary(async (lib) => {
      const h = libraryHandlers(lib.db, createEngine(), createAjv())
      const zizka = await h.createRoster(hussite)
      const legio = await h.createRoster(roman)
      // The 2018 sheet: War Wagons 4 a stand. 3 War Wagons x (4 - 3) = +3: 48 -> 51, 3 over the limit.
      const impacts = await h.libraryImpact({ ruleset: 'triumph', edition: 'qrs-2018' })
      expect(impacts).toEqual([
        {
          id: zizka.id,
          name: 'Zizka',
          army: 'early-hussite-221a',
          before: { points: 48, valid: true, dataVersion: '1.4.0' },
          after: { points: 51, valid: false, dataVersion: '1.4.0', errors: ['The army costs 51 points, 3 over its 48-point limit.'] },
          added: ['The army costs 51 points, 3 over its 48-point limit.'],
          gone: []
        }
      ])
      // Under the current Meshwesh table War Wagons cost what they do now: no roster changes.
      expect(await h.libraryImpact({ ruleset: 'triumph', edition: 'meshwesh-current' })).toEqual([])
      expect(() => h.libraryImpact({ ruleset: 'triumph', edition: 'no-such' })).toThrow("Triumph! has no values 'no-such'")
      // A Triumph! roster without War Wagons, whose stored result is stale (40): it switches, but the
      // 2018 sheet changes nothing of it, so it is not marked (compared with how it checks, not the store).
      const stale = await h.createRoster({
        ...(JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as RosterDocument),
        name: 'Stale'
      })
      lib.db.prepare('UPDATE rosters SET points = 40 WHERE id = ?').run(stale.id)
      expect(await h.useValues({ ruleset: 'triumph', edition: 'qrs-2018' })).toEqual({ switched: 2, changed: 1 })
      expect(getRosterRow(lib.db, stale.id)).toMatchObject({ dataChanged: false, points: 48, revision: 2 })
      expect(getDocument(lib.db, zizka.id)).toEqual({ ...hussite, edition: 'qrs-2018' })
      expect(getRosterRow(lib.db, zizka.id)).toMatchObject({ points: 51, valid: false, revision: 2, dataChanged: true })
      expect(listRevisions(lib.db, zizka.id)[0].message).toBe('values: Quick-reference sheet v1.0 (July 2018)')
      expect(getRosterRow(lib.db, legio.id)).toMatchObject({ revision: 1, dataChanged: false })
      // Already on those values: nothing to switch. Back to the ruleset's own: 51 -> 48.
      expect(await h.useValues({ ruleset: 'triumph', edition: 'qrs-2018' })).toEqual({ switched: 0, changed: 0 })
      await h.trashRoster(stale.id)
      expect((await h.libraryImpact({ ruleset: 'triumph', edition: null }))[0]).toMatchObject({
        before: { points: 51 },
        after: { points: 48, valid: true },
        added: [],
        gone: ['The army costs 51 points, 3 over its 48-point limit.']
      })
      expect(await h.useValues({ ruleset: 'triumph', edition: null })).toEqual({ switched: 1, changed: 1 })
      expect(getDocument(lib.db, zizka.id)).toEqual(hussite)
    }))

  it('a roster saved as a file records the data version it was checked against, and keeps its check code', () =>
    withLibrary(async (lib) => {
      const engine = createEngine()
      const h = libraryHandlers(lib.db, engine, createAjv())
      const zizka = await h.createRoster(hussite)
      const file = JSON.parse((await h.exportRoster(zizka.id)).text) as RosterDocument
      const dataVersion = engine.ruleset('triumph')!.ruleset.dataVersion
      expect(file).toEqual({ ...hussite, dataVersion })
      // The print-out's code covers the data version apart: the recorded one changes nothing.
      expect(checkCode(file, dataVersion)).toBe(checkCode(hussite, dataVersion))
      expect((await h.exportPdf(zizka.id, 'roster', 'a4')).checkCode).toBe(checkCode(file, dataVersion))
    }))
})
