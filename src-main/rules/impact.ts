// What a data change does to a roster: its verdict before and after (another edition of the ruleset,
// or an updated data folder laid over the data), compared. Pure: the caller checks both ways.
import type { Issue, Verdict } from './types'

/** Issues that say a roster names something the data no longer has (an option, a card, a troop, the army). */
const GONE_FROM_DATA = new Set([
  'unknown-army',
  'unknown-troop',
  'troop-not-in-army',
  'option-unknown',
  'battle-card-unknown',
  'battle-card-not-offered',
  'battle-card-option-unknown',
  'unknown-edition',
  'sub-faction-unknown'
])

export interface Side {
  valid: boolean
  points: number
  edition: string | null
  dataVersion: string | null
}

export interface RosterImpact {
  file: string
  name: string | null
  before: Side
  after: Side
  /** Issues the change brings (by code, place and rule); `missing` marks those naming what the data no longer has. */
  added: Array<Issue & { missing: boolean }>
  /** Issues the change clears. */
  gone: Issue[]
  /** Issues at the same place whose words changed (e.g. "49 points, 1 over" now "50 points, 2 over"). */
  reworded: Array<{ before: Issue; after: Issue }>
  changed: boolean
}

const key = (i: Issue) => `${i.code} ${i.path} ${i.rule}`
const side = (v: Verdict): Side => ({ valid: v.valid, points: v.points, edition: v.edition?.id ?? null, dataVersion: v.dataVersion ?? null })

const byKey = (issues: Issue[]) => {
  const map = new Map<string, Issue[]>()
  for (const i of issues) map.set(key(i), [...(map.get(key(i)) ?? []), i])
  return map
}

export function compareVerdicts(file: string, name: string | null, before: Verdict, after: Verdict): RosterImpact {
  // Issues with the same code, place and rule are paired in order; the ones left over are added or gone.
  const was = byKey(before.issues)
  const now = byKey(after.issues)
  const added: RosterImpact['added'] = []
  const gone: Issue[] = []
  const reworded: RosterImpact['reworded'] = []
  for (const k of new Set([...was.keys(), ...now.keys()])) {
    const a = was.get(k) ?? []
    const b = now.get(k) ?? []
    for (let n = 0; n < Math.max(a.length, b.length); n++) {
      if (n >= a.length) added.push({ ...b[n], missing: GONE_FROM_DATA.has(b[n].code) })
      else if (n >= b.length) gone.push(a[n])
      else if (a[n].message !== b[n].message) reworded.push({ before: a[n], after: b[n] })
    }
  }
  const changed = before.valid !== after.valid || Math.abs(before.points - after.points) > 1e-9 || added.length > 0 || gone.length > 0 || reworded.length > 0
  return { file, name, before: side(before), after: side(after), added, gone, reworded, changed }
}

export interface ImpactSummary {
  rosters: number
  changed: number
  nowIllegal: number
  nowLegal: number
  pointsChanged: number
  unreadable: number
}

export function summarise(impacts: RosterImpact[], unreadable: number): ImpactSummary {
  return {
    rosters: impacts.length,
    changed: impacts.filter((i) => i.changed).length,
    nowIllegal: impacts.filter((i) => i.before.valid && !i.after.valid).length,
    nowLegal: impacts.filter((i) => !i.before.valid && i.after.valid).length,
    pointsChanged: impacts.filter((i) => Math.abs(i.before.points - i.after.points) > 1e-9).length,
    unreadable
  }
}
