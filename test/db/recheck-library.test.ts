// The library rechecked with the data in force now (new army lists, new rules data): the rosters whose
// points or verdict changed since they were saved, before and after; the library's stored results are
// updated only when asked, and the rosters themselves never change.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { libraryHandlers } from '../../src-main/ipc/library-handlers'
import { createEngine } from '../../src-main/rules'
import { createAjv } from '../../src-main/rules/schemas'
import { getDocument, getRosterRow, openLibrary, type RosterDocument } from '../../src-main/store'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-recheck-lib-')

// Early Hussite: War Wagons 3 (one the general) x 3 = 9, Bad Horse 1 x 3 = 3, Heavy Foot 12 x 3 = 36: 48.
const hussite: RosterDocument = {
  format: 'muster-roster', version: 1, name: 'Zizka', ruleset: 'triumph', army: 'early-hussite-221a', year: 1419,
  units: [{ troop: 'war-wagons', count: 1, general: true }, { troop: 'war-wagons', count: 2 }, { troop: 'bad-horse', count: 1 }, { troop: 'heavy-foot', count: 12 }]
}
const roman: RosterDocument = { format: 'muster-roster', version: 1, name: 'Legio', ruleset: 'wrg-1969', army: 'early-imperial-roman', units: [{ troop: 'general', count: 1 }, { troop: 'heavy-infantry', count: 24, status: 'regular', class: 'B' }] }

describe('recheck the library', () => {
  it('lists the rosters the new data changes, and updates the stored results only when asked', async () => {
    const lib = await openLibrary(join(tmp(), 'library.sqlite'))
    try {
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
      expect(impacts).toEqual([{ id: zizka.id, name: 'Zizka', army: 'early-hussite-221a', before: { points: 48, valid: true, dataVersion: '1.0.0' }, after: { points: 60, valid: false, dataVersion: '1.0.0', errors: ['The army costs 60 points, 12 over its 48-point limit.'] } }])
      expect(getRosterRow(lib.db, zizka.id)).toMatchObject({ points: 48, valid: true, revision: 1 })
      expect(await now.refreshSummaries(impacts.map((i) => i.id))).toBe(1)
      expect(getRosterRow(lib.db, zizka.id)).toMatchObject({ points: 60, valid: false, revision: 1 })
      expect(getDocument(lib.db, zizka.id)).toEqual(hussite)
      expect(getRosterRow(lib.db, legio.id).points).toBe(roman.units[0].count * 100 + 24 * 8)
      expect(await now.libraryImpact()).toEqual([])
    } finally {
      lib.close()
    }
  })
})
