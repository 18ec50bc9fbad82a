// Checks a tournament's submitted rosters: each against its ruleset and army list (through the one
// engine), then against the event's own rules (points limit, period, armies, allies, required
// fields, one roster per player). Unreadable files and wrong rulesets are reported, never fatal.
// The rules are steps: the notes on the profile (EVENT_NOTES), the rules of one roster
// (roster-rules.ts), the rules across rosters (player-rules.ts).
import type { Engine, LoadedRuleset } from '../rules'
import { formatRange } from '../rules/messages'
import type { Issue, Roster, Verdict } from '../rules/types'
import type { EventProfile, EventReport, EventRow, Submission } from './types'
import { listMatches } from '../../src-shared/lists'
import { listNumberOf } from '../../src-shared/army-title'
import { groupByPlayer } from '../../src-shared/player-keys'
import { printedDataNote } from '../export'
import { dataTextOfAll } from '../export/layout'
import { eventAmendments, withEventAmendments } from './amendments'
import { eventIssue, poolOf, requiredFields, ROSTER_RULES, type EventSetting } from './roster-rules'
import { duplicatePlayers, lookAlikePlayers } from './player-rules'

export type { EventProfile, EventReport, EventRow, Submission } from './types'

/** The profile's allowed and banned armies by the ids in force: an old id of a superseded list names the list in force (rules/list-twins.ts). */
function armiesInForce(event: EventProfile, loaded: LoadedRuleset | undefined): EventProfile {
  const { allowed, banned } = event.armies ?? {}
  if (!loaded || (!allowed?.some((id) => loaded.armies.aliasOf(id)) && !banned?.some((id) => loaded.armies.aliasOf(id)))) return event
  const inForce = (ids: string[] | undefined) => ids && [...new Set(ids.map((id) => loaded.armies.canonical(id)))]
  return { ...event, armies: { ...event.armies, ...(allowed ? { allowed: inForce(allowed) } : {}), ...(banned ? { banned: inForce(banned) } : {}) } }
}

/** What the rules know of the event, worked out once. */
function settingOf(profile: EventProfile, loaded: LoadedRuleset | undefined): EventSetting {
  const event = armiesInForce(profile, loaded)
  return {
    event,
    loaded,
    edition: event.edition && loaded?.editions.has(event.edition) ? loaded.editions.get(event.edition)! : undefined,
    amendments: eventAmendments(event, loaded),
    pool: poolOf(event),
    bracket: event.dates ? { from: event.dates.from ?? -5000, to: event.dates.to ?? 2000 } : null,
    byList: new Map([...(loaded?.armies.values() ?? [])].flatMap((a) => (typeof a.source?.list === 'string' ? [[a.source.list, a] as const] : [])))
  }
}

type EventNote = (s: EventSetting) => string | undefined

const rulesetUnknown: EventNote = ({ event, loaded }) =>
  loaded ? undefined : `The event's ruleset '${event.ruleset}' is not known to this Muster: every roster is checked against its own ruleset only.`

const dataVersion: EventNote = ({ event, loaded }) =>
  loaded && event.dataVersion && event.dataVersion !== loaded.ruleset.dataVersion
    ? `The event names ${loaded.ruleset.name} data version ${event.dataVersion}; this Muster has ${loaded.ruleset.dataVersion}. Rosters were checked against ${loaded.ruleset.dataVersion}.`
    : undefined

/** An edition the ruleset lacks is said once, and rosters are checked under the ruleset's own values. */
const editionMissing: EventNote = ({ event, loaded, edition }) => {
  if (!loaded || !event.edition || edition) return undefined
  const known = [...loaded.editions.keys()]
  return `The event names ${loaded.ruleset.name} data edition '${event.edition}', which this Muster does not have${known.length ? ` (it has ${known.join(', ')})` : ''}: rosters were checked under the ruleset's own values.`
}

/** The optional rules the event plays, over each roster's own choice (an id the ruleset lacks is said once). */
const amendmentsUnknown: EventNote = ({ amendments }) => amendments.note

// What the profile names that this Muster's data lacks: most often a typing slip, said once.
const armiesUnknown: EventNote = ({ event, loaded }) => {
  const ids = loaded ? [...(event.armies?.allowed ?? []), ...(event.armies?.banned ?? [])].filter((id) => !loaded.armies.has(id)) : []
  return ids.length
    ? `The event names ${ids.length > 1 ? 'armies' : 'army'} ${ids.map((i) => `'${i}'`).join(', ')}, which ${loaded!.ruleset.name} in this Muster does not have.`
    : undefined
}

const listsUnknown: EventNote = ({ event, loaded }) => {
  const armies = [...(loaded?.armies.values() ?? [])]
  const lists = loaded
    ? (event.armies?.lists ?? []).filter((l) => !armies.some((a) => listMatches(l, typeof a.source?.list === 'string' ? a.source.list : undefined)))
    : []
  return lists.length ? `No army in this Muster has list number ${lists.join(', ')} (it may be one you have not imported).` : undefined
}

const categoriesUnknown: EventNote = ({ event, loaded }) => {
  const tags = new Set([...(loaded?.armies.values() ?? [])].flatMap((a) => a.tags.map((t) => t.toLowerCase())))
  const cats = loaded ? (event.armies?.categories ?? []).filter((c) => !tags.has(c.toLowerCase())) : []
  return cats.length ? `No army in this Muster has the categor${cats.length > 1 ? 'ies' : 'y'} ${cats.map((c) => `'${c}'`).join(', ')}.` : undefined
}

const cardsUnknown: EventNote = ({ event, loaded }) => {
  const codes = new Set((loaded?.ruleset.battleCards ?? []).map((c) => c.code))
  const cards = loaded ? [...(event.battleCards?.allowed ?? []), ...(event.battleCards?.banned ?? [])].filter((c) => !codes.has(c)) : []
  return cards.length ? `${loaded!.ruleset.name} has no battle card ${cards.join(', ')}.` : undefined
}

/** The report's notes on the profile, in order. */
const EVENT_NOTES: EventNote[] = [rulesetUnknown, dataVersion, editionMissing, amendmentsUnknown, armiesUnknown, listsUnknown, categoriesUnknown, cardsUnknown]

const unreadableRow = (file: string, error: string): EventRow => ({
  file,
  player: null,
  name: null,
  ruleset: null,
  army: null,
  armyName: null,
  points: null,
  limit: null,
  valid: false,
  readable: false,
  issues: [eventIssue('unreadable', '', 'file', error)]
})

/** One submission checked: by the engine (at the event's limit and edition, with its amendments, if of its ruleset), then by the event's rules. */
function rowOf(engine: Engine, setting: EventSetting, s: Submission): EventRow {
  if ('error' in s) return unreadableRow(s.file, s.error)
  const { event, loaded, edition, amendments } = setting
  const roster = (typeof s.data === 'object' && s.data !== null && !Array.isArray(s.data) ? s.data : {}) as Partial<Roster>
  const rs = typeof roster.ruleset === 'string' ? roster.ruleset : null
  // A roster of the event's ruleset is checked at the event's limit; any other only against its own.
  const ours = rs === event.ruleset
  const limited =
    ours && (event.pointsLimit !== undefined || edition)
      ? { ...roster, ...(event.pointsLimit !== undefined ? { pointsLimit: event.pointsLimit } : {}), ...(edition ? { edition: edition.id } : {}) }
      : s.data
  const rosterRuleset = rs ? engine.ruleset(rs) : undefined
  // An old id of a list a Meshwesh catalogue's list of the same number supersedes is that list (rules/list-twins.ts).
  const armyId = typeof roster.army === 'string' ? (rosterRuleset?.armies.canonical(roster.army) ?? roster.army) : null
  const army = rosterRuleset && armyId ? rosterRuleset.armies.get(armyId) : undefined
  const verdict: Verdict = engine.check(ours ? withEventAmendments(limited as object, amendments.known, rosterRuleset, army) : limited)
  const wrongRuleset =
    rs && rs !== event.ruleset
      ? [
          eventIssue(
            'event-wrong-ruleset',
            '/ruleset',
            'ruleset',
            `This roster is for ${rosterRuleset?.ruleset.name ?? rs}; ${event.name} plays ${loaded?.ruleset.name ?? event.ruleset}.`
          )
        ]
      : []
  const wellFormed = verdict.issues.every((i) => i.rule !== 'roster-schema')
  const facts = { roster, armyId, army, verdict }
  const issues: Issue[] = [
    ...wrongRuleset,
    ...verdict.issues,
    ...(ours && wellFormed ? ROSTER_RULES.flatMap((rule) => rule(setting, facts)) : []),
    ...(wellFormed ? requiredFields(setting, facts) : [])
  ]
  return {
    file: s.file,
    player: typeof roster.player === 'string' && roster.player.trim() ? roster.player.trim() : null,
    name: typeof roster.name === 'string' ? roster.name : null,
    ruleset: rs,
    army: armyId,
    armyName: army?.name ?? null,
    ...(listNumberOf(army?.source) ? { listNumber: listNumberOf(army?.source) } : {}),
    points: verdict.points,
    limit: verdict.limit,
    valid: false,
    readable: true,
    issues,
    document: s.data
  }
}

export function checkEvent(engine: Engine, profile: EventProfile, submissions: Submission[], now = new Date()): EventReport {
  const loaded = engine.ruleset(profile.ruleset)
  const setting = settingOf(profile, loaded)
  const { event, bracket } = setting
  const notes = EVENT_NOTES.flatMap((note) => note(setting) ?? [])
  const rows = submissions.map((s) => rowOf(engine, setting, s))
  const byPlayer = groupByPlayer(rows, (row) => row.player)
  duplicatePlayers(byPlayer)
  lookAlikePlayers(rows, byPlayer)
  for (const row of rows) row.valid = row.readable && !row.issues.some((i) => i.severity === 'error')
  const legal = rows.filter((r) => r.valid).length
  const unreadable = rows.filter((r) => !r.readable).length
  return {
    event: {
      name: event.name,
      ...(event.date ? { date: event.date } : {}),
      ruleset: event.ruleset,
      rulesetName: loaded?.ruleset.name ?? event.ruleset,
      pointsLimit: event.pointsLimit ?? loaded?.ruleset.defaultPointsLimit ?? null,
      dates: bracket ? formatRange(bracket) : null,
      dataVersion: loaded?.ruleset.dataVersion ?? '',
      // As the sheets say it, noting data that is not stock (a --data overlay, an imported list) for any roster of the event's ruleset.
      ...(loaded
        ? {
            dataLabel: dataTextOfAll(loaded.ruleset, [
              printedDataNote(engine, { ruleset: event.ruleset } as Roster),
              ...rows.map((r, i) =>
                r.readable && r.ruleset === event.ruleset ? printedDataNote(engine, (submissions[i] as { data: Roster }).data) : undefined
              )
            ])
          }
        : {})
    },
    generatedAt: now.toISOString(),
    notes,
    summary: { submissions: rows.length, legal, illegal: rows.length - legal - unreadable, unreadable, players: byPlayer.length },
    rows
  }
}
