// The shapes the stand-in Meshwesh server answers in: the newer format (`dateRanges`), and a list's
// summary with derivedData as the real server computes it on save.
import type { MeshweshJson } from './meshwesh-fixtures'

// The newer format: an option's `dateRange` (one or null) becomes `dateRanges` (array), in place.
function withDateRanges(option: MeshweshJson): MeshweshJson {
  if (!option || typeof option !== 'object' || !('dateRange' in option)) return option
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(option)) {
    if (k === 'dateRange') {
      if (!('dateRanges' in option)) out.dateRanges = v == null ? [] : [v]
    } else out[k] = v
  }
  return out
}

function mapKey(doc: MeshweshJson, key: string, f: (x: MeshweshJson) => MeshweshJson): MeshweshJson {
  return Array.isArray(doc?.[key]) ? { ...doc, [key]: doc[key].map(f) } : doc
}

// A list (or an ally army list) in the newer format: its troop options and ally options. An ally
// army list's own `dateRange` stays, as in the real AllyArmyList model.
export function newShapeList(list: MeshweshJson): MeshweshJson {
  return mapKey(mapKey(list, 'troopOptions', withDateRanges), 'allyOptions', withDateRanges)
}

export function newShapeAllyOptions(options: MeshweshJson[]): MeshweshJson[] {
  return options.map((o) =>
    mapKey(withDateRanges(o), 'allyEntries', (e: MeshweshJson) =>
      e && typeof e.allyArmyList === 'object' && e.allyArmyList ? { ...e, allyArmyList: newShapeList(e.allyArmyList) } : e
    )
  )
}

// derivedData as the real server computes it on save, for an added list that lacks it.
function derivedData(list: MeshweshJson): MeshweshJson {
  if (list.derivedData) return list.derivedData
  const ranges = (Array.isArray(list.dateRanges) ? list.dateRanges : []) as Array<{ startDate: number; endDate: number }>
  const start = ranges.length ? Math.min(...ranges.map((r) => r.startDate)) : null
  const end = ranges.length ? Math.max(...ranges.map((r) => r.endDate)) : null
  let when = ''
  if (start != null && end != null) {
    if (start < 0 && end < 0) when = `${-start} to ${-end} BC`
    else if (start >= 0) when = `${start} to ${end} AD`
    else when = `${-start} BC to ${end} AD`
  }
  return { listStartDate: start, listEndDate: end, extendedName: `${list.name}  ${when}` }
}

export function summaryOf(list: MeshweshJson): MeshweshJson {
  const out: Record<string, unknown> = {}
  for (const k of ['id', 'name', 'keywords']) if (k in list) out[k] = list[k]
  out.derivedData = derivedData(list)
  return out
}
