// What a data change does to a roster: its verdict before and after (another edition of the ruleset,
// or an updated data folder laid over the data), compared. Pure: the caller checks both ways.
import type { Issue, Verdict } from './types'

/** Issues that say a roster names something the data no longer has (an option, a card, a troop, the army). */
const GONE_FROM_DATA = new Set(['unknown-army', 'unknown-troop', 'troop-not-in-army', 'option-unknown', 'battle-card-unknown', 'battle-card-not-offered', 'battle-card-option-unknown', 'unknown-edition', 'sub-faction-unknown'])

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

export function compareVerdicts(file: string, name: string | null, before: Verdict, after: Verdict): RosterImpact {
  const was = new Map(before.issues.map((i) => [key(i), i]))
  const now = new Map(after.issues.map((i) => [key(i), i]))
  const added = after.issues.filter((i) => !was.has(key(i))).map((i) => ({ ...i, missing: GONE_FROM_DATA.has(i.code) }))
  const gone = before.issues.filter((i) => !now.has(key(i)))
  const reworded = after.issues.flatMap((i) => {
    const old = was.get(key(i))
    return old && old.message !== i.message ? [{ before: old, after: i }] : []
  })
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
