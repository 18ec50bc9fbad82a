// A player's resubmission against the roster the checker saw last time (the previous JSON report,
// which keeps each submitted roster): what changed, and which changes are not fixes of what the
// checker flagged then (organisers often allow fixes only to flagged problems).
import { basename } from 'node:path/posix'
import type { Issue, Roster } from '../rules/types'
import type { ReadResult } from '../files/read-json'
import type { EventReport, EventRow } from './types'
import type { Submission } from './check-event'
import type { Engine } from '../rules'
import { playerLookup } from '../../src-shared/player-keys'

export interface RosterChange {
  /** Where in the roster (a JSON pointer): compared with the paths the checker flagged. */
  path: string
  text: string
}

type Unit = Record<string, unknown> & { troop?: unknown; count?: unknown; id?: unknown }

const FIELDS = ['army', 'year', 'subFaction', 'edition', 'pointsLimit'] as const
const show = (v: unknown) => (v === undefined ? 'none' : typeof v === 'string' ? v : JSON.stringify(v))
/**
 * A camp as a change names it: "garrisoned by unit 7 (Light Foot)", "none". The garrison is named
 * as unit changes name units (`unitName`), by the id it gives only when no unit has that id.
 */
const campWords = (camp: unknown, unitName: (id: string) => string | undefined) => {
  if (camp === undefined) return 'none'
  const keys = camp && typeof camp === 'object' ? Object.keys(camp) : []
  const garrison = (camp as { garrison?: unknown } | null)?.garrison
  return keys.length === 1 && typeof garrison === 'string' ? `garrisoned by ${unitName(garrison) ?? garrison}` : keys.length === 0 ? 'no garrison' : show(camp)
}

/** A troop type's name as players read it; the id where the data has none. */
export type TroopNames = (troop: string) => string | undefined

/**
 * What changed between two versions of a roster, unit by unit (by id where both have one, else by
 * place), troops named as the ruleset names them.
 */
export function rosterChanges(beforeDoc: object, afterDoc: object, names: TroopNames = () => undefined): RosterChange[] {
  const troop = (id: unknown) => (typeof id === 'string' ? (names(id) ?? id) : show(id))
  const unitWord = (u: Unit) => `${typeof u.count === 'number' ? u.count : '?'} ${troop(u.troop)}`
  // Documents as submitted: checked or not, only their fields are compared.
  const before = beforeDoc as Partial<Roster>
  const after = afterDoc as Partial<Roster>
  const changes: RosterChange[] = []
  for (const f of FIELDS) if (JSON.stringify(before[f]) !== JSON.stringify(after[f])) changes.push({ path: `/${f}`, text: `${f}: ${show(before[f])} -> ${show(after[f])}` })
  const was = (Array.isArray(before.units) ? before.units : []) as Unit[]
  const now = (Array.isArray(after.units) ? after.units : []) as Unit[]
  // The camp (Triumph!): which unit garrisons it, by the id the units carry (the app's are
  // "u<time><n>", meaningless to a reader), named "unit 7 (Light Foot)" as the roster now numbers
  // it; a garrison since removed as "unit 7 removed" numbers it; the id only when no unit has it.
  if (JSON.stringify(before.camp) !== JSON.stringify(after.camp)) {
    const numbered = (units: Unit[], removed = '') => {
      const at = new Map<string, number>()
      units.forEach((u, i) => {
        if (typeof u?.id === 'string' && !at.has(u.id)) at.set(u.id, i)
      })
      return (id: string) => {
        const i = at.get(id)
        return i === undefined ? undefined : `unit ${i + 1} (${troop(units[i].troop)}${removed})`
      }
    }
    const [unitWas, unitNow] = [numbered(was, ', removed'), numbered(now)]
    changes.push({ path: '/camp', text: `camp: ${campWords(before.camp, (id) => unitNow(id) ?? unitWas(id))} -> ${campWords(after.camp, unitNow)}` })
  }
  const matched = new Set<number>()
  // Each earlier unit by its id (the first of an id), looked up once per unit: linear in the units.
  const wasById = new Map<unknown, number>()
  was.forEach((w, j) => {
    if (typeof w?.id === 'string' && !wasById.has(w.id)) wasById.set(w.id, j)
  })
  now.forEach((u, i) => {
    const j = typeof u.id === 'string' ? (wasById.get(u.id) ?? -1) : i < was.length && !matched.has(i) && was[i].troop === u.troop ? i : -1
    if (j < 0 || matched.has(j)) return void changes.push({ path: `/units/${i}`, text: `unit ${i + 1} added: ${unitWord(u)}` })
    matched.add(j)
    const old = was[j]
    for (const key of new Set([...Object.keys(old), ...Object.keys(u)])) {
      if (key === 'id' || key === 'name' || key === 'notes' || JSON.stringify(old[key]) === JSON.stringify(u[key])) continue
      const value = key === 'troop' ? troop : show
      changes.push({ path: `/units/${i}/${key}`, text: `unit ${i + 1} (${troop(u.troop)}) ${key}: ${value(old[key])} -> ${value(u[key])}` })
    }
  })
  was.forEach((w, j) => {
    if (!matched.has(j)) changes.push({ path: '/units', text: `unit ${j + 1} removed: ${unitWord(w)}` })
  })
  const cards = (r: Partial<Roster>) => (Array.isArray(r.battleCards) ? r.battleCards.map((c) => `${c.card}${c.option ? ` on ${c.option}` : ''}${c.count ? ` x${c.count}` : ''}`) : [])
  const [cb, ca] = [cards(before), cards(after)]
  const [inBefore, inAfter] = [new Set(cb), new Set(ca)]
  for (const c of ca.filter((c) => !inBefore.has(c))) changes.push({ path: '/battleCards', text: `battle card added: ${c}` })
  for (const c of cb.filter((c) => !inAfter.has(c))) changes.push({ path: '/battleCards', text: `battle card removed: ${c}` })
  return changes
}

/**
 * The changes a previous row's issues flagged: a change fixes a flagged problem when it is at,
 * within or around a path the checker flagged. An issue about the file rather than the roster (path
 * "", such as "the PDF has no check code", or the last check's own "changed beyond what it flagged")
 * flags nothing; only the roster check's own file-wide refusal (not a roster at all) flags it all.
 * Linear: each change looks up its own path and the paths above it, never every flagged path.
 */
function flaggedBy(issues: Issue[]): (path: string) => boolean {
  const all = issues.some((i) => i.path === '' && i.rule === 'roster-schema' && i.severity === 'error')
  const at = new Set<string>()
  const above = new Set<string>()
  for (const i of issues) {
    if (i.path === '') continue
    at.add(i.path)
    for (let cut = i.path.lastIndexOf('/'); cut > 0; cut = i.path.lastIndexOf('/', cut - 1)) above.add(i.path.slice(0, cut))
  }
  return (path) => {
    if (all || above.has(path)) return true
    for (let p = path; p; p = p.slice(0, p.lastIndexOf('/'))) if (at.has(p)) return true
    return false
  }
}
/** Changes in a message: the first 20, then how many more (the report lists them all under the row). */
const listed = (texts: string[]) => (texts.length > 20 ? `${texts.slice(0, 20).join('; ')}; and ${texts.length - 20} more` : texts.join('; '))
/** A row's file by its own name: a second round's folder may be named differently from the first's. */
const fileName = (file: string) => basename(file.split('\\').join('/'))

/**
 * For each row with a player (or file) in the previous report: its changes since, and a warning for
 * each change that touches nothing the checker flagged then.
 */
export function compareWithPrevious(report: EventReport, previous: EventReport, submissions: Submission[], engine?: Pick<Engine, 'ruleset'>): void {
  const documents = new Map(submissions.flatMap((s) => ('data' in s ? [[s.file, s.data] as const] : [])))
  // Who a row is: its player; else its file, by path, or by its own name where that name is one file
  // in both checks (two folders may each hold a list.json).
  const unnamed = (rows: EventRow[]) => rows.filter((r) => !r.player)
  const onlyOne = (rows: EventRow[]) => {
    const counts = new Map<string, number>()
    for (const r of unnamed(rows)) counts.set(fileName(r.file), (counts.get(fileName(r.file)) ?? 0) + 1)
    return (file: string) => counts.get(fileName(file)) === 1
  }
  const [oneBefore, oneNow] = [onlyOne(previous.rows), onlyOne(report.rows)]
  const byPlayer = playerLookup(previous.rows, (r) => r.player)
  const byPath = new Map(unnamed(previous.rows).map((r) => [r.file, r]))
  const byName = new Map(unnamed(previous.rows).filter((r) => oneBefore(r.file)).map((r) => [fileName(r.file), r]))
  const previousOf = (row: EventRow) => (row.player ? byPlayer(row.player) : (byPath.get(row.file) ?? (oneNow(row.file) ? byName.get(fileName(row.file)) : undefined)))
  for (const row of report.rows) {
    const old = previousOf(row)
    const doc = documents.get(row.file)
    if (!old || !old.document || !doc || typeof doc !== 'object') continue
    const rulesetId = (doc as { ruleset?: unknown }).ruleset
    const troops = typeof rulesetId === 'string' ? engine?.ruleset(rulesetId)?.troops : undefined
    const changes = rosterChanges(old.document as object, doc, (id) => troops?.get(id)?.name)
    const flagged = flaggedBy(old.issues)
    const unflagged = changes.filter((c) => !flagged(c.path))
    row.resubmission = { previousFile: old.file, previousValid: old.valid, changes: changes.map((c) => c.text), unflagged: unflagged.map((c) => c.text) }
    if (unflagged.length) {
      const issue: Issue = { code: 'event-change-not-flagged', severity: 'warning', path: unflagged.length === 1 ? unflagged[0].path : '', rule: 'event/resubmission', message: `Changed since the last check, beyond what it flagged: ${listed(unflagged.map((c) => c.text))}.` }
      row.issues.push(issue)
    }
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A row as compareWithPrevious reads it: a file, a player or none, a verdict and issues with paths. */
const comparableRow = (r: unknown) =>
  isObject(r) && typeof r.file === 'string' && (r.player === undefined || r.player === null || typeof r.player === 'string') && typeof r.valid === 'boolean' && Array.isArray(r.issues) && r.issues.every((i) => isObject(i) && typeof i.path === 'string')

/**
 * The previous check's report as read (strict JSON, like any user file), checked enough to compare
 * with, for the CLI's --previous and the app alike. Anything else is refused in words, never a crash
 * halfway through comparing. `how` says how to make a report where the refusal is read (CLI or app).
 */
export function asPreviousReport(place: string, read: ReadResult, how: string): { ok: true; report: EventReport } | { ok: false; message: string } {
  if (!read.ok) return { ok: false, message: `${read.place}: ${read.message}` }
  const refuse = (what: string) => ({ ok: false as const, message: `${place}: ${what} (${how})` })
  const data = read.data
  // The two other Muster files an organiser holds, named, since either is easy to pick by mistake.
  if (isObject(data) && data.format === 'muster-event') return refuse('this is the event profile, not the report of a check')
  if (isObject(data) && data.format === 'muster-roster') return refuse('this is a roster, not the report of a check')
  if (!isObject(data) || !isObject(data.event) || !Array.isArray(data.rows) || !data.rows.every(comparableRow)) return refuse('not a Muster event report')
  const rows = data.rows as EventRow[]
  // Reports before rosters were kept have readable rows without them: nothing to compare with.
  if (rows.some((r) => r.readable !== false) && !rows.some((r) => r.document !== undefined)) return refuse('this report was saved by an older Muster and keeps none of the rosters it checked, so there is nothing to compare with')
  return { ok: true, report: data as unknown as EventReport }
}
