// A player's resubmission against the roster the checker saw last time (the previous JSON report,
// which keeps each submitted roster): what changed, and which changes are not fixes of what the
// checker flagged then (organisers often allow fixes only to flagged problems).
import { basename } from 'node:path/posix'
import type { Issue, Roster } from '../rules/types'
import type { ReadResult } from '../files/read-json'
import type { EventReport, EventRow } from './types'
import type { Submission } from './check-event'
import type { Engine } from '../rules'
import { groupByPlayer } from '../../src-shared/player-keys'
import { rosterOnListInForce } from '../rules/roster-on-list'
import { engineWords, FIELD_WORDS, fieldValue, valueWords, type RosterWords } from './roster-words'

export interface RosterChange {
  /** Where in the roster (a JSON pointer): compared with the paths the checker flagged. */
  path: string
  /** Where the unit was in the earlier roster, where that differs in meaning (a unit moved): the flagged paths are the earlier roster's. */
  previousPath?: string
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

/** A unit's fields that are not its content: an edit of them is no change, and units are matched without them. */
const IGNORED = new Set(['id', 'name', 'notes'])
/** A value as a string that does not depend on the order its objects' keys were written in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`
  }
  return v === undefined ? 'undefined' : JSON.stringify(v)
}
/** A unit's content: its troop, options, attributes and count, all but its id, name and notes. */
const content = (u: Unit) => canonical(Object.fromEntries(Object.entries(u).filter(([k]) => !IGNORED.has(k))))

/**
 * Which earlier unit each unit now is (its index in `was`, or -1: added), so that a roster only
 * reordered, re-exported or rebuilt (ids new or gone) has no changes, and an edited unit is a change,
 * not a removal and an addition. In turn, each pass over what the last left unmatched:
 * 1. by id, where both have one (the first unit of an id);
 * 2. by content (troop, options, attributes, count): the k-th unit now of a content is the k-th
 *    earlier one of it;
 * 3. by troop, in order: the k-th unit of a troop left is the k-th earlier one of that troop left
 *    (an edited unit, wherever it moved).
 * Linear in the units: each pass reads each unit once and looks it up in a Map.
 */
function matchUnits(was: Unit[], now: Unit[]): number[] {
  const match: number[] = now.map(() => -1)
  const taken = new Set<number>()
  const wasById = new Map<string, number>()
  was.forEach((w, j) => {
    if (typeof w?.id === 'string' && !wasById.has(w.id)) wasById.set(w.id, j)
  })
  now.forEach((u, i) => {
    const j = typeof u?.id === 'string' ? wasById.get(u.id) : undefined
    if (j === undefined || taken.has(j)) return
    match[i] = j
    taken.add(j)
  })
  if (taken.size === was.length || taken.size === now.length) return match
  const pass = (key: (u: Unit) => string) => {
    const queues = new Map<string, number[]>()
    was.forEach((w, j) => {
      if (taken.has(j)) return
      const k = key(w)
      const q = queues.get(k)
      if (q) q.push(j)
      else queues.set(k, [j])
    })
    const next = new Map<string, number>()
    now.forEach((u, i) => {
      if (match[i] >= 0) return
      const k = key(u)
      const q = queues.get(k)
      const at = next.get(k) ?? 0
      if (!q || at >= q.length) return
      next.set(k, at + 1)
      match[i] = q[at]
      taken.add(q[at])
    })
  }
  pass((u) => (u && typeof u === 'object' ? content(u) : canonical(u)))
  pass((u) => canonical(u?.troop))
  return match
}

/** A troop type's name as players read it; the id where the data has none. */
export type TroopNames = (troop: string) => string | undefined

/** From one version to the next, as a report shows it. */
const ARROW = ' → '

/**
 * What changed between two versions of a roster, unit by unit (matched by id, else by content, else
 * by troop: `matchUnits`; a unit only moved is no change), named as the ruleset and the army list
 * name them (`names`: roster-words.ts engineWords; or the troop types' names only), years in BC/AD.
 */
export function rosterChanges(beforeDoc: object, afterDoc: object, names: TroopNames | RosterWords = () => undefined): RosterChange[] {
  const words: RosterWords = typeof names === 'function' ? { troop: names } : names
  const troop = (id: unknown) => (typeof id === 'string' ? (words.troop(id) ?? id) : show(id))
  // A unit's field and its values: an option by its name, an attribute by its label and its value's.
  const fieldName = (key: string) => (key === 'option' || key === 'count' || key === 'troop' ? key : (words.attribute?.(key) ?? key))
  const fieldText = (key: string, v: unknown) =>
    key === 'troop' ? troop(v) : valueWords(v, (s) => (key === 'option' ? words.option?.(s) : words.value?.(key, s)))
  const unitWord = (u: Unit) => `${typeof u.count === 'number' ? u.count : '?'} ${troop(u.troop)}`
  // Documents as submitted: checked or not, only their fields are compared.
  const before = beforeDoc as Partial<Roster>
  const after = afterDoc as Partial<Roster>
  const changes: RosterChange[] = []
  for (const f of FIELDS)
    if (JSON.stringify(before[f]) !== JSON.stringify(after[f]))
      changes.push({ path: `/${f}`, text: `${FIELD_WORDS[f]}: ${fieldValue(f, before[f], words)}${ARROW}${fieldValue(f, after[f], words)}` })
  const was = (Array.isArray(before.units) ? before.units : []) as Unit[]
  const now = (Array.isArray(after.units) ? after.units : []) as Unit[]
  // Each unit now with the unit it was: see `matchUnits`. A change's path is where the unit is now;
  // whether it fixes what was flagged is asked where the unit was (the flagged paths are the old roster's).
  const match = matchUnits(was, now)
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
    // The same unit garrisoning under a new id (a roster re-exported or rebuilt) is no change.
    const garrison = (camp: unknown) =>
      camp && typeof camp === 'object' && Object.keys(camp).length === 1 && typeof (camp as { garrison?: unknown }).garrison === 'string'
        ? (camp as { garrison: string }).garrison
        : undefined
    const firstWith = (units: Unit[], id: string | undefined) => (id === undefined ? -1 : units.findIndex((u) => u?.id === id))
    const [then, nowAt] = [firstWith(was, garrison(before.camp)), firstWith(now, garrison(after.camp))]
    // The earlier garrison named where that unit is now, under whatever id it has now.
    const movedTo = then < 0 ? -1 : match.indexOf(then)
    const unitThen = (id: string) => (movedTo >= 0 && id === garrison(before.camp) ? `unit ${movedTo + 1} (${troop(now[movedTo].troop)})` : undefined)
    if (!(then >= 0 && nowAt >= 0 && match[nowAt] === then))
      changes.push({
        path: '/camp',
        text: `camp: ${campWords(before.camp, (id) => unitThen(id) ?? unitNow(id) ?? unitWas(id))}${ARROW}${campWords(after.camp, unitNow)}`
      })
  }
  const matched = new Set<number>()
  now.forEach((u, i) => {
    const j = match[i]
    if (j < 0) return void changes.push({ path: `/units/${i}`, text: `unit ${i + 1} added: ${unitWord(u)}` })
    matched.add(j)
    const old = was[j]
    for (const key of new Set([...Object.keys(old), ...Object.keys(u)])) {
      if (IGNORED.has(key) || canonical(old[key]) === canonical(u[key])) continue
      changes.push({
        path: `/units/${i}/${key}`,
        previousPath: `/units/${j}/${key}`,
        text: `unit ${i + 1} (${troop(u.troop)}) ${fieldName(key)}: ${fieldText(key, old[key])}${ARROW}${fieldText(key, u[key])}`
      })
    }
  })
  was.forEach((w, j) => {
    if (!matched.has(j)) changes.push({ path: '/units', text: `unit ${j + 1} removed: ${unitWord(w)}` })
  })
  const cards = (r: Partial<Roster>) =>
    Array.isArray(r.battleCards)
      ? r.battleCards.map(
          (c) => `${words.card?.(c.card) ?? c.card}${c.option ? ` on ${words.option?.(c.option) ?? c.option}` : ''}${c.count ? ` ×${c.count}` : ''}`
        )
      : []
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

/** Words for a roster: the first's where it has them, else the second's (the earlier roster's army). */
function bothWords(now: RosterWords, then: RosterWords): RosterWords {
  type Namer = (...args: string[]) => string | undefined
  const either =
    (k: keyof RosterWords): Namer =>
    (...args) =>
      (now[k] as Namer | undefined)?.(...args) ?? (then[k] as Namer | undefined)?.(...args)
  return {
    troop: either('troop'),
    army: either('army'),
    subFaction: either('subFaction'),
    edition: either('edition'),
    option: either('option'),
    attribute: either('attribute'),
    value: either('value'),
    card: either('card')
  }
}

/** A roster's army as the list in force names it ('' when it names none). */
const armyOf = (doc: unknown): string => (typeof (doc as { army?: unknown } | null)?.army === 'string' ? (doc as { army: string }).army : '')

/**
 * Each named row now with its player's earlier roster: the player's last one of the same army, else
 * (a player who changed army) their last one of an army they no longer bring. One earlier roster is
 * compared with one row at most, so a player with two submissions has each compared with its own
 * army's, never one with the other.
 */
function previousByPlayer(
  rows: EventRow[],
  before: EventRow[],
  documents: Map<string, unknown>,
  onListInForce: (d: object) => object
): Map<EventRow, EventRow> {
  const army = (doc: unknown) => (doc && typeof doc === 'object' ? armyOf(onListInForce(doc)) : '')
  const groups = groupByPlayer([...before.map((r) => ({ r, now: false })), ...rows.map((r) => ({ r, now: true }))], (x) => x.r.player)
  const out = new Map<EventRow, EventRow>()
  for (const group of groups) {
    // Earlier rosters last first: "last" is the latest row of the earlier report.
    const earlier = group
      .filter((x) => !x.now && x.r.document)
      .map((x) => x.r)
      .reverse()
    const taken = new Set<EventRow>()
    const current = group.filter((x) => x.now).map((x) => x.r)
    const armiesNow = new Set(current.map((row) => army(documents.get(row.file))))
    const unmatched: EventRow[] = []
    for (const row of current) {
      const a = army(documents.get(row.file))
      const same = a ? earlier.find((e) => !taken.has(e) && army(e.document) === a) : undefined
      if (same) {
        out.set(row, same)
        taken.add(same)
      } else unmatched.push(row)
    }
    // A player who changed army: their last roster of an army they no longer bring.
    for (const row of unmatched) {
      const other = earlier.find((e) => !taken.has(e) && !armiesNow.has(army(e.document)))
      if (!other) continue
      out.set(row, other)
      taken.add(other)
    }
  }
  return out
}

/**
 * For each row with a player (or file) in the previous report: its changes since, and a warning for
 * each change that touches nothing the checker flagged then.
 */
export function compareWithPrevious(
  report: EventReport,
  previous: EventReport,
  submissions: Submission[],
  engine?: Pick<Engine, 'ruleset' | 'armyContext'>
): void {
  // Both read as the list in force, as the check reads them: a roster on a superseded list's old id and
  // its resubmission on the new one differ in ids only, which is no change to show the organiser.
  const onListInForce = (d: object): object => {
    const rs = (d as Partial<Roster>).ruleset
    const loaded = typeof rs === 'string' ? engine?.ruleset(rs) : undefined
    return loaded ? rosterOnListInForce(loaded, d).roster : d
  }
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
  const byPath = new Map(unnamed(previous.rows).map((r) => [r.file, r]))
  const byName = new Map(
    unnamed(previous.rows)
      .filter((r) => oneBefore(r.file))
      .map((r) => [fileName(r.file), r])
  )
  const ofPlayer = previousByPlayer(report.rows, previous.rows, documents, onListInForce)
  const previousOf = (row: EventRow) =>
    row.player ? ofPlayer.get(row) : (byPath.get(row.file) ?? (oneNow(row.file) ? byName.get(fileName(row.file)) : undefined))
  for (const row of report.rows) {
    const old = previousOf(row)
    const doc = documents.get(row.file)
    if (!old || !old.document || !doc || typeof doc !== 'object') continue
    // Named as the roster now is, else as it was (an army changed: its old options are the old list's).
    const changes = rosterChanges(
      onListInForce(old.document as object),
      onListInForce(doc),
      bothWords(engineWords(engine, doc), engineWords(engine, old.document))
    )
    const flagged = flaggedBy(old.issues)
    const unflagged = changes.filter((c) => !flagged(c.previousPath ?? c.path))
    row.resubmission = { previousFile: old.file, previousValid: old.valid, changes: changes.map((c) => c.text), unflagged: unflagged.map((c) => c.text) }
    if (unflagged.length) {
      const issue: Issue = {
        code: 'event-change-not-flagged',
        severity: 'warning',
        path: unflagged.length === 1 ? unflagged[0].path : '',
        rule: 'event/resubmission',
        message: `Changed since the last check, beyond what it flagged: ${listed(unflagged.map((c) => c.text))}.`
      }
      row.issues.push(issue)
    }
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A row as compareWithPrevious reads it: a file, a player or none, a verdict and issues with paths. */
const comparableRow = (r: unknown) =>
  isObject(r) &&
  typeof r.file === 'string' &&
  (r.player === undefined || r.player === null || typeof r.player === 'string') &&
  typeof r.valid === 'boolean' &&
  Array.isArray(r.issues) &&
  r.issues.every((i) => isObject(i) && typeof i.path === 'string')

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
  if (rows.some((r) => r.readable !== false) && !rows.some((r) => r.document !== undefined))
    return refuse('this report was saved by an older Muster and keeps none of the rosters it checked, so there is nothing to compare with')
  return { ok: true, report: data as unknown as EventReport }
}
