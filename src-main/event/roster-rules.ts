// The event's own rules for one roster of its ruleset (check-event.ts): one small function a rule, each
// returning the issues it finds, run in the order of ROSTER_RULES. What every rule needs to know of the
// event is worked out once (EventSetting); what it needs of the roster, once a roster (RosterFacts).
import type { LoadedRuleset } from '../rules'
import { formatNumber, formatRange, formatRanges, formatYear } from '../rules/messages'
import type { Army, Edition, Issue, Roster, Verdict } from '../rules/types'
import type { EventProfile } from './types'
import { listMatches } from '../../src-shared/lists'
import { amendmentDifferences, type EventAmendments } from './amendments'

export const eventIssue = (code: string, path: string, rule: string, message: string, severity: Issue['severity'] = 'error'): Issue => ({
  code,
  severity,
  path,
  rule: `event/${rule}`,
  message
})

/** Whether an army (or an ally's list by number) is in the event's pool. */
type Pool = (army: { id: string; tags?: string[]; source?: Record<string, string | number> } | undefined, list?: string) => boolean

/** What the rules know of the event, worked out once for all its rosters. */
export interface EventSetting {
  /** The profile, its allowed and banned armies by the ids in force. */
  event: EventProfile
  loaded: LoadedRuleset | undefined
  /** The event's data edition, when the ruleset has it. */
  edition: Edition | undefined
  amendments: EventAmendments
  /** The event's army pool; null when it names none. */
  pool: Pool | null
  /** The event's period, when it has one. */
  bracket: { from: number; to: number } | null
  /** Armies of the ruleset by Meshwesh list number, to tell which allies come from the pool. */
  byList: Map<string, Army>
}

/** What the rules know of one roster of the event's ruleset. */
export interface RosterFacts {
  roster: Partial<Roster>
  /** The army's id in force (an old id of a superseded list names the list in force). */
  armyId: string | null
  army: Army | undefined
  verdict: Verdict
}

type RosterRule = (e: EventSetting, r: RosterFacts) => Issue[]

/**
 * The event's army pool: allowed ids, Meshwesh list numbers and categories (tags), any of which admits
 * an army; null when the event names no pool.
 */
export function poolOf(event: EventProfile): Pool | null {
  const { allowed, lists, categories } = event.armies ?? {}
  if (!allowed && !lists && !categories) return null
  const cats = new Set((categories ?? []).map((c) => c.toLowerCase()))
  return (army, list) => {
    const code = list ?? (typeof army?.source?.list === 'string' ? army.source.list : undefined)
    return Boolean(
      (army && allowed?.includes(army.id)) || lists?.some((l) => listMatches(l, code)) || (army && army.tags?.some((t) => cats.has(t.toLowerCase())))
    )
  }
}

const pointsLimit: RosterRule = ({ event }, { roster }) =>
  event.pointsLimit !== undefined && typeof roster.pointsLimit === 'number' && roster.pointsLimit !== event.pointsLimit
    ? [
        eventIssue(
          'event-points-limit',
          '/pointsLimit',
          'points-limit',
          `The roster was built to ${formatNumber(roster.pointsLimit)} points; ${event.name} is played at ${formatNumber(event.pointsLimit)}.`,
          'warning'
        )
      ]
    : []

const armyBanned: RosterRule = ({ event }, { armyId, army }) =>
  armyId && event.armies?.banned?.includes(armyId)
    ? [eventIssue('event-army-banned', '/army', 'armies', `${army?.name ?? armyId} is banned at ${event.name}.`)]
    : []

const armyNotAllowed: RosterRule = ({ event, pool }, { armyId, army }) =>
  armyId && pool && !pool(army ?? { id: armyId })
    ? [eventIssue('event-army-not-allowed', '/army', 'armies', `${army?.name ?? armyId} is not one of the armies allowed at ${event.name}.`)]
    : []

const amendments: RosterRule = ({ event, loaded, amendments }, { roster }) => (loaded ? amendmentDifferences(roster, amendments.known, event, loaded) : [])

const edition: RosterRule = ({ event, edition }, { roster }) =>
  edition && typeof roster.edition === 'string' && roster.edition !== edition.id
    ? [
        eventIssue(
          'event-edition',
          '/edition',
          'edition',
          `The roster was built under data edition '${roster.edition}'; ${event.name} checks it under ${edition.name}.`,
          'warning'
        )
      ]
    : []

const named = (c: { name: string; list?: string }) => `${c.name}${c.list ? ` (list ${c.list})` : ''}`
const isAre = (n: number) => (n > 1 ? 'are' : 'is')

/**
 * Allies come from the pool too (a pool of lists or categories; a list of allowed ids names the
 * armies players field, not their allies), and a banned army comes as an ally no more than alone.
 */
const allies: RosterRule = ({ event, pool, byList }, { army, verdict }) => {
  if (!army) return []
  const issues: Issue[] = []
  const allyPool = event.armies?.lists || event.armies?.categories
  const notInPool = (path: string, lists: Array<{ name: string; list?: string }>) =>
    eventIssue(
      'event-ally-not-in-pool',
      path,
      'armies',
      `${lists.map(named).join(' and ')} ${isAre(lists.length)} not among the armies allowed at ${event.name}: allies come from the same pool.`
    )
  const reported = new Set<string>()
  for (const u of verdict.units ?? []) {
    const ally = u.ally ? army.allies?.find((a) => a.id === u.ally) : undefined
    if (!ally || ally.internal || reported.has(ally.id)) continue
    reported.add(ally.id)
    const path = `/units/${u.index}/option`
    const banned = ally.contingents.filter((c) => c.list && byList.get(c.list) && event.armies?.banned?.includes(byList.get(c.list)!.id))
    if (banned.length)
      issues.push(
        eventIssue('event-ally-banned', path, 'armies', `${banned.map(named).join(' and ')} ${isAre(banned.length)} banned at ${event.name}, as allies too.`)
      )
    if (!allyPool || !pool) continue
    // An ally list this Muster does not have can only be matched by its number; by category it is unknown.
    const unknown = ally.contingents.filter((c) => !(c.list && byList.get(c.list)) && !event.armies?.lists?.some((l) => listMatches(l, c.list)))
    const outside = ally.contingents.filter((c) => c.list && byList.get(c.list) && !pool(byList.get(c.list), c.list))
    if (outside.length) issues.push(notInPool(path, outside))
    if (unknown.length && event.armies?.categories) {
      issues.push(
        eventIssue(
          'event-ally-pool-unknown',
          path,
          'armies',
          `${unknown.map(named).join(' and ')}: this Muster does not have ${unknown.length > 1 ? 'those lists' : 'that list'}, so cannot tell whether ${unknown.length > 1 ? 'they are' : 'it is'} in the pool of ${event.name}; an organiser decides.`,
          'warning'
        )
      )
    } else if (unknown.length) issues.push(notInPool(path, unknown))
  }
  return issues
}

/** Battle cards the event allows or bans. */
const battleCards: RosterRule = ({ event }, { roster }) =>
  (Array.isArray(roster.battleCards) ? roster.battleCards : []).flatMap((c, i) => {
    const code = typeof c?.card === 'string' ? c.card : undefined
    if (!code) return []
    if (event.battleCards?.banned?.includes(code))
      return [eventIssue('event-card-banned', `/battleCards/${i}/card`, 'battle-cards', `Battle card ${code} is banned at ${event.name}.`)]
    if (event.battleCards?.allowed && !event.battleCards.allowed.includes(code))
      return [
        eventIssue(
          'event-card-not-allowed',
          `/battleCards/${i}/card`,
          'battle-cards',
          `Battle card ${code} is not one of those allowed at ${event.name} (${event.battleCards.allowed.join(', ') || 'none'}).`
        )
      ]
    return []
  })

const armyPeriod: RosterRule = ({ bracket }, { army }) =>
  bracket && army && !army.dates.some((d) => d.to >= bracket.from && d.from <= bracket.to)
    ? [
        eventIssue(
          'event-army-out-of-period',
          '/army',
          'dates',
          `${army.name} (${formatRanges(army.dates)}) is outside the event's period, ${formatRange(bracket)}.`
        )
      ]
    : []

const yearPeriod: RosterRule = ({ bracket }, { roster }) =>
  bracket && typeof roster.year === 'number' && (roster.year < bracket.from || roster.year > bracket.to)
    ? [
        eventIssue(
          'event-year-out-of-period',
          '/year',
          'dates',
          `The roster is set in ${formatYear(roster.year)}, outside the event's period, ${formatRange(bracket)}.`
        )
      ]
    : []

const noAllies: RosterRule = ({ event }, { verdict }) => {
  const allied = event.allies === false ? (verdict.units ?? []).find((u) => u.ally) : undefined
  return allied
    ? [
        eventIssue(
          'event-allies-not-allowed',
          `/units/${allied.index}`,
          'allies',
          `${event.name} allows no allied contingents; unit ${allied.index + 1} (${allied.troopName}) is allied.`
        )
      ]
    : []
}

/** The event's rules for a well-formed roster of its ruleset, in the order the report lists what they find. */
export const ROSTER_RULES: RosterRule[] = [pointsLimit, armyBanned, armyNotAllowed, amendments, edition, allies, battleCards, armyPeriod, yearPeriod, noAllies]

/** The fields the event needs, checked on any well-formed roster (of its ruleset or not). */
export const requiredFields = ({ event }: EventSetting, { roster }: Pick<RosterFacts, 'roster'>): Issue[] =>
  (event.requiredFields ?? []).flatMap((field) => {
    const value = roster[field]
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
      ? [eventIssue('event-missing-field', `/${field}`, 'required-fields', `${event.name} needs the roster's ${field === 'player' ? 'player name' : field}.`)]
      : []
  })
