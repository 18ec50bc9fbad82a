// Small Meshwesh army lists made up here, in the shapes the real API serves (see
// ../shared/reference/meshwesh-api.md), for tests that must run on any clone: the real lists
// (../shared/fixtures/meshwesh) ship beside the project, not in it. writeMeshweshFolder lays them
// out as the loopback server (meshwesh-server.ts, its `fixtures` option) and `import-armies
// --from-meshwesh` read them: summary.json, then armyLists/<id>, <id>.allyOptions.json and
// <id>_thematicCategories. Names, dates and troops are test data, not history.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { MeshweshJson } from './meshwesh-server'

/** A database-like `_id` (24 hex digits), distinct per n and kind. */
const oid = (n: number, kind: number) => (0x5fb1b9e1e1af06001770000n + BigInt(kind * 0x10000 + n)).toString(16).padStart(24, '0')

const entry = (n: number, code: string) => ({ _id: oid(n, 7), troopTypeCode: code, dismountTypeCode: null, note: null })

/** The id of synthetic list n (1, 2, …). */
export const syntheticId = (n: number): string => oid(n, 1)

/**
 * Synthetic list n: a plain Triumph! army (warband, riders, skirmishers), list number 900 + n with
 * sublist 'a', dated 300 BC to 100 AD. `over` replaces any field.
 */
export function syntheticList(n: number, over: Record<string, unknown> = {}): MeshweshJson {
  const name = `Test Kingdom ${String.fromCharCode(64 + n)}`
  return {
    derivedData: { listStartDate: -300, listEndDate: 100, extendedName: `${name}  300 BC to 100 AD` },
    keywords: [],
    sortId: 900 + n,
    sublistId: 'a',
    name,
    invasionRatings: [{ _id: oid(n, 2), value: 2, note: null }],
    maneuverRatings: [{ _id: oid(n, 3), value: 1, note: null }],
    homeTopographies: [{ values: ['Arable'], _id: oid(n, 4), note: '' }],
    listId: 900 + n,
    dateRanges: [{ _id: oid(n, 5), startDate: -300, endDate: 100 }],
    troopOptions: [
      {
        _id: oid(n, 6),
        min: 8,
        max: 12,
        dateRange: null,
        troopEntries: [entry(n, 'WBD')],
        description: 'Warriors',
        note: '',
        core: 'all',
        battleCardEntries: []
      },
      { _id: oid(n, 8), min: 2, max: 4, dateRange: null, troopEntries: [entry(n, 'JCV')], description: 'Riders', note: '', core: '', battleCardEntries: [] },
      { _id: oid(n, 9), min: 0, max: 4, dateRange: null, troopEntries: [entry(n, 'SKM')], description: 'Slingers', note: '', core: '', battleCardEntries: [] }
    ],
    troopEntriesForGeneral: [{ _id: oid(n, 10), troopEntries: [entry(n, 'JCV'), entry(n, 'WBD')] }],
    allyOptions: [],
    battleCardEntries: [],
    showTroopOptionDescriptions: true,
    status: 'published',
    id: syntheticId(n),
    ...over
  }
}

/** Writes lists as the server's folder (and import-armies' input): summary.json and armyLists/. Returns `dir`. */
export function writeMeshweshFolder(
  dir: string,
  lists: MeshweshJson[],
  themes: Array<{ id: string; name: string }> = [{ id: oid(0, 11), name: 'Test Theme' }]
): string {
  mkdirSync(join(dir, 'armyLists'), { recursive: true })
  writeFileSync(join(dir, 'summary.json'), JSON.stringify(lists.map((l) => ({ id: l.id, name: l.name, keywords: l.keywords, derivedData: l.derivedData }))))
  for (const list of lists) {
    writeFileSync(join(dir, 'armyLists', list.id), JSON.stringify(list))
    writeFileSync(join(dir, 'armyLists', `${list.id}.allyOptions.json`), JSON.stringify(list.allyOptions ?? []))
    writeFileSync(join(dir, 'armyLists', `${list.id}_thematicCategories`), JSON.stringify(themes))
  }
  return dir
}
