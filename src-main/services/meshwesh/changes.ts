// What changed in an army list between two fetches, in players' words: "Warband max 6 → 8",
// "new option Light Horse (0–2)", "dates 300–100 BC → 300–50 BC". Pure; labels come from the caller
// (the ruleset's troop names and fact labels, the catalogue's army names).
import type { Army, ArmyOption, DateRange } from '../../rules/types'
import { formatRanges } from '../../../src-shared/years'

export interface ChangeLabels {
  troop: (id: string) => string
  fact: (id: string) => string
  army: (id: string) => string
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
const datesText = (d: DateRange[] | undefined) => (d?.length ? formatRanges(d) : 'any date')

function optionName(o: ArmyOption, labels: ChangeLabels): string {
  return o.name || o.troops.map(labels.troop).join(' or ')
}

/** Options are matched by id (the importer derives it from the troops), then by position among equals. */
function optionChanges(before: ArmyOption[], after: ArmyOption[], labels: ChangeLabels, where = ''): string[] {
  const out: string[] = []
  const left = [...before]
  for (const o of after) {
    const i = left.findIndex((b) => b.id === o.id)
    const name = `${where}${optionName(o, labels)}`
    if (i < 0) {
      out.push(`new option ${name} (${o.min}–${o.max})`)
      continue
    }
    const b = left.splice(i, 1)[0]
    if (b.min !== o.min) out.push(`${name} min ${b.min} → ${o.min}`)
    if (b.max !== o.max) out.push(`${name} max ${b.max} → ${o.max}`)
    if (!same(b.dates, o.dates)) out.push(`${name} dates ${datesText(b.dates)} → ${datesText(o.dates)}`)
    if (!same(b.troops, o.troops)) out.push(`${name} troops ${b.troops.map(labels.troop).join(', ')} → ${o.troops.map(labels.troop).join(', ')}`)
    if (!same(b.battleLine, o.battleLine)) out.push(`${name} battle line ${b.battleLine ?? 'no'} → ${o.battleLine ?? 'no'}`)
    if (!same(b.battleCards, o.battleCards)) out.push(`${name} battle cards changed`)
    if (!same(b.subFactions, o.subFactions) || !same(b.restriction, o.restriction)) out.push(`${name} who may take it changed`)
  }
  for (const b of left) out.push(`option ${where}${optionName(b, labels)} removed`)
  return out
}

function listChange(what: string, before: string[] | undefined, after: string[] | undefined, label: (s: string) => string): string[] {
  const a = new Set(before ?? [])
  const b = new Set(after ?? [])
  const added = [...b].filter((x) => !a.has(x)).map(label)
  const gone = [...a].filter((x) => !b.has(x)).map(label)
  if (!added.length && !gone.length) return []
  return [`${what}: ${[...added.map((x) => `+${x}`), ...gone.map((x) => `−${x}`)].join(', ')}`]
}

export function describeArmyChanges(before: Army, after: Army, labels: ChangeLabels): string[] {
  const out: string[] = []
  if (before.name !== after.name) out.push(`name ${before.name} → ${after.name}`)
  if (!same(before.dates, after.dates)) out.push(`dates ${datesText(before.dates)} → ${datesText(after.dates)}`)
  out.push(...listChange('general', before.generals, after.generals, labels.troop))
  out.push(...optionChanges(before.options, after.options, labels))
  // Allies by contingent ("Gallic allies"), matched by id.
  const contingents = (a: Army) => new Map((a.allies ?? []).flatMap((x) => x.contingents).map((c) => [c.id, c]))
  const [cb, ca] = [contingents(before), contingents(after)]
  for (const [id, c] of ca) {
    const was = cb.get(id)
    if (!was) out.push(`new ally ${c.name}`)
    else if (!same(was, c)) out.push(...optionChanges(was.options, c.options, labels, `${c.name}: `))
  }
  for (const [id, c] of cb) if (!ca.has(id)) out.push(`ally ${c.name} removed`)
  const allyDates = (a: Army) => new Map((a.allies ?? []).map((x) => [x.id, x.dates]))
  const [db, da] = [allyDates(before), allyDates(after)]
  for (const [id, dates] of da) if (db.has(id) && !same(db.get(id), dates)) out.push(`ally option dates ${datesText(db.get(id))} → ${datesText(dates)}`)
  const factIds = new Set([...Object.keys(before.facts ?? {}), ...Object.keys(after.facts ?? {})])
  for (const id of factIds) {
    const text = (a: Army) => (a.facts?.[id] ?? []).map((v) => String(v.value)).join(' or ') || 'none'
    if (!same(before.facts?.[id], after.facts?.[id])) out.push(`${labels.fact(id)} ${text(before)} → ${text(after)}`)
  }
  if (!same(before.battleCards, after.battleCards)) out.push('battle cards changed')
  out.push(...listChange('historical enemies', before.enemies, after.enemies, labels.army))
  out.push(...listChange('related lists', before.related, after.related, labels.army))
  out.push(...listChange('categories', before.categories, after.categories, (s) => s))
  // Something changed that has no words above (a note, the authors' description): say so.
  if (!out.length) out.push('notes or descriptions changed')
  return out
}
