// Checks a tournament's submitted rosters: each against its ruleset and army list (through the one
// engine), then against the event's own rules (points limit, period, armies, allies, required
// fields, one roster per player). Unreadable files and wrong rulesets are reported, never fatal.
import type { Engine, LoadedRuleset } from '../rules'
import { formatNumber, formatRange, formatRanges, formatYear } from '../rules/messages'
import type { Issue, Roster, Verdict } from '../rules/types'
import type { EventProfile, EventReport, EventRow, Submission } from './types'
import { listMatches } from '../../src-shared/lists'
import { listNumberOf } from '../../src-shared/army-title'
import { groupByLookAlike, groupByPlayer } from '../../src-shared/player-keys'
import { printedDataNote } from '../export'
import { dataTextOfAll } from '../export/layout'
import { amendmentDifferences, eventAmendments, withEventAmendments } from './amendments'

export type { EventProfile, EventReport, EventRow, Submission } from './types'

const eventIssue = (code: string, path: string, rule: string, message: string, severity: Issue['severity'] = 'error'): Issue => ({
  code,
  severity,
  path,
  rule: `event/${rule}`,
  message
})

/**
 * The event's army pool: allowed ids, Meshwesh list numbers and categories (tags), any of which admits
 * an army; null when the event names no pool.
 */
function poolOf(
  event: EventProfile
): ((army: { id: string; tags?: string[]; source?: Record<string, string | number> } | undefined, list?: string) => boolean) | null {
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

/** The profile's allowed and banned armies by the ids in force: an old id of a superseded list names the list in force (rules/list-twins.ts). */
function armiesInForce(event: EventProfile, loaded: LoadedRuleset | undefined): EventProfile {
  const { allowed, banned } = event.armies ?? {}
  if (!loaded || (!allowed?.some((id) => loaded.armies.aliasOf(id)) && !banned?.some((id) => loaded.armies.aliasOf(id)))) return event
  const inForce = (ids: string[] | undefined) => ids && [...new Set(ids.map((id) => loaded.armies.canonical(id)))]
  return { ...event, armies: { ...event.armies, ...(allowed ? { allowed: inForce(allowed) } : {}), ...(banned ? { banned: inForce(banned) } : {}) } }
}

export function checkEvent(engine: Engine, profile: EventProfile, submissions: Submission[], now = new Date()): EventReport {
  const loaded = engine.ruleset(profile.ruleset)
  const event = armiesInForce(profile, loaded)
  const notes: string[] = []
  if (!loaded) notes.push(`The event's ruleset '${event.ruleset}' is not known to this Muster: every roster is checked against its own ruleset only.`)
  if (loaded && event.dataVersion && event.dataVersion !== loaded.ruleset.dataVersion) {
    notes.push(
      `The event names ${loaded.ruleset.name} data version ${event.dataVersion}; this Muster has ${loaded.ruleset.dataVersion}. Rosters were checked against ${loaded.ruleset.dataVersion}.`
    )
  }
  const bracket = event.dates ? { from: event.dates.from ?? -5000, to: event.dates.to ?? 2000 } : null
  const pool = poolOf(event)
  // An edition the ruleset lacks is said once, and rosters are checked under the ruleset's own values.
  const edition = event.edition && loaded?.editions.has(event.edition) ? loaded.editions.get(event.edition)! : undefined
  if (loaded && event.edition && !edition) {
    const known = [...loaded.editions.keys()]
    notes.push(
      `The event names ${loaded.ruleset.name} data edition '${event.edition}', which this Muster does not have${known.length ? ` (it has ${known.join(', ')})` : ''}: rosters were checked under the ruleset's own values.`
    )
  }
  // The optional rules the event plays, over each roster's own choice (an id the ruleset lacks is said once).
  const amendments = eventAmendments(event, loaded)
  if (amendments.note) notes.push(amendments.note)
  // What the profile names that this Muster's data lacks: most often a typing slip, said once.
  if (loaded) {
    const armies = [...loaded.armies.values()]
    const ids = [...(event.armies?.allowed ?? []), ...(event.armies?.banned ?? [])].filter((id) => !loaded.armies.has(id))
    if (ids.length)
      notes.push(
        `The event names ${ids.length > 1 ? 'armies' : 'army'} ${ids.map((i) => `'${i}'`).join(', ')}, which ${loaded.ruleset.name} in this Muster does not have.`
      )
    const lists = (event.armies?.lists ?? []).filter((l) => !armies.some((a) => listMatches(l, typeof a.source?.list === 'string' ? a.source.list : undefined)))
    if (lists.length) notes.push(`No army in this Muster has list number ${lists.join(', ')} (it may be one you have not imported).`)
    const tags = new Set(armies.flatMap((a) => a.tags.map((t) => t.toLowerCase())))
    const cats = (event.armies?.categories ?? []).filter((c) => !tags.has(c.toLowerCase()))
    if (cats.length) notes.push(`No army in this Muster has the categor${cats.length > 1 ? 'ies' : 'y'} ${cats.map((c) => `'${c}'`).join(', ')}.`)
    const codes = new Set((loaded.ruleset.battleCards ?? []).map((c) => c.code))
    const cards = [...(event.battleCards?.allowed ?? []), ...(event.battleCards?.banned ?? [])].filter((c) => !codes.has(c))
    if (cards.length) notes.push(`${loaded.ruleset.name} has no battle card ${cards.join(', ')}.`)
  }
  // Armies of the pool, by Meshwesh list number, to tell which allies come from it.
  const byList = new Map([...(loaded?.armies.values() ?? [])].flatMap((a) => (typeof a.source?.list === 'string' ? [[a.source.list, a] as const] : [])))
  const rows: EventRow[] = submissions.map((s) => {
    if ('error' in s) {
      return {
        file: s.file,
        player: null,
        name: null,
        ruleset: null,
        army: null,
        armyName: null,
        points: null,
        limit: null,
        valid: false,
        readable: false,
        issues: [eventIssue('unreadable', '', 'file', s.error)]
      }
    }
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
    const issues: Issue[] = [...verdict.issues]
    if (rs && rs !== event.ruleset) {
      issues.unshift(
        eventIssue(
          'event-wrong-ruleset',
          '/ruleset',
          'ruleset',
          `This roster is for ${rosterRuleset?.ruleset.name ?? rs}; ${event.name} plays ${loaded?.ruleset.name ?? event.ruleset}.`
        )
      )
    }
    const wellFormed = verdict.issues.every((i) => i.rule !== 'roster-schema')
    const eventRules = ours && wellFormed
    if (eventRules && event.pointsLimit !== undefined && typeof roster.pointsLimit === 'number' && roster.pointsLimit !== event.pointsLimit) {
      issues.push(
        eventIssue(
          'event-points-limit',
          '/pointsLimit',
          'points-limit',
          `The roster was built to ${formatNumber(roster.pointsLimit)} points; ${event.name} is played at ${formatNumber(event.pointsLimit)}.`,
          'warning'
        )
      )
    }
    if (eventRules && armyId && event.armies?.banned?.includes(armyId))
      issues.push(eventIssue('event-army-banned', '/army', 'armies', `${army?.name ?? armyId} is banned at ${event.name}.`))
    if (eventRules && armyId && pool && !pool(army ?? { id: armyId })) {
      issues.push(eventIssue('event-army-not-allowed', '/army', 'armies', `${army?.name ?? armyId} is not one of the armies allowed at ${event.name}.`))
    }
    if (eventRules && loaded) issues.push(...amendmentDifferences(roster, amendments.known, event, loaded))
    if (eventRules && edition && typeof roster.edition === 'string' && roster.edition !== edition.id) {
      issues.push(
        eventIssue(
          'event-edition',
          '/edition',
          'edition',
          `The roster was built under data edition '${roster.edition}'; ${event.name} checks it under ${edition.name}.`,
          'warning'
        )
      )
    }
    // Allies come from the pool too (a pool of lists or categories; a list of allowed ids names the
    // armies players field, not their allies), and a banned army comes as an ally no more than alone.
    const allyPool = event.armies?.lists || event.armies?.categories
    if (eventRules && army) {
      const reported = new Set<string>()
      for (const u of verdict.units ?? []) {
        const ally = u.ally ? army.allies?.find((a) => a.id === u.ally) : undefined
        if (!ally || ally.internal || reported.has(ally.id)) continue
        reported.add(ally.id)
        const named = (c: { name: string; list?: string }) => `${c.name}${c.list ? ` (list ${c.list})` : ''}`
        const banned = ally.contingents.filter((c) => c.list && byList.get(c.list) && event.armies?.banned?.includes(byList.get(c.list)!.id))
        if (banned.length)
          issues.push(
            eventIssue(
              'event-ally-banned',
              `/units/${u.index}/option`,
              'armies',
              `${banned.map(named).join(' and ')} ${banned.length > 1 ? 'are' : 'is'} banned at ${event.name}, as allies too.`
            )
          )
        if (!allyPool || !pool) continue
        // An ally list this Muster does not have can only be matched by its number; by category it is unknown.
        const unknown = ally.contingents.filter((c) => !(c.list && byList.get(c.list)) && !event.armies?.lists?.some((l) => listMatches(l, c.list)))
        const outside = ally.contingents.filter((c) => c.list && byList.get(c.list) && !pool(byList.get(c.list), c.list))
        if (outside.length)
          issues.push(
            eventIssue(
              'event-ally-not-in-pool',
              `/units/${u.index}/option`,
              'armies',
              `${outside.map(named).join(' and ')} ${outside.length > 1 ? 'are' : 'is'} not among the armies allowed at ${event.name}: allies come from the same pool.`
            )
          )
        if (unknown.length && event.armies?.categories) {
          issues.push(
            eventIssue(
              'event-ally-pool-unknown',
              `/units/${u.index}/option`,
              'armies',
              `${unknown.map(named).join(' and ')}: this Muster does not have ${unknown.length > 1 ? 'those lists' : 'that list'}, so cannot tell whether ${unknown.length > 1 ? 'they are' : 'it is'} in the pool of ${event.name}; an organiser decides.`,
              'warning'
            )
          )
        } else if (unknown.length) {
          issues.push(
            eventIssue(
              'event-ally-not-in-pool',
              `/units/${u.index}/option`,
              'armies',
              `${unknown.map(named).join(' and ')} ${unknown.length > 1 ? 'are' : 'is'} not among the armies allowed at ${event.name}: allies come from the same pool.`
            )
          )
        }
      }
    }
    // Battle cards the event allows or bans.
    const cards = eventRules && Array.isArray(roster.battleCards) ? roster.battleCards : []
    cards.forEach((c, i) => {
      const code = typeof c?.card === 'string' ? c.card : undefined
      if (!code) return
      if (event.battleCards?.banned?.includes(code))
        issues.push(eventIssue('event-card-banned', `/battleCards/${i}/card`, 'battle-cards', `Battle card ${code} is banned at ${event.name}.`))
      else if (event.battleCards?.allowed && !event.battleCards.allowed.includes(code))
        issues.push(
          eventIssue(
            'event-card-not-allowed',
            `/battleCards/${i}/card`,
            'battle-cards',
            `Battle card ${code} is not one of those allowed at ${event.name} (${event.battleCards.allowed.join(', ') || 'none'}).`
          )
        )
    })
    if (eventRules && bracket && army && !army.dates.some((d) => d.to >= bracket.from && d.from <= bracket.to)) {
      issues.push(
        eventIssue(
          'event-army-out-of-period',
          '/army',
          'dates',
          `${army.name} (${formatRanges(army.dates)}) is outside the event's period, ${formatRange(bracket)}.`
        )
      )
    }
    if (eventRules && bracket && typeof roster.year === 'number' && (roster.year < bracket.from || roster.year > bracket.to)) {
      issues.push(
        eventIssue(
          'event-year-out-of-period',
          '/year',
          'dates',
          `The roster is set in ${formatYear(roster.year)}, outside the event's period, ${formatRange(bracket)}.`
        )
      )
    }
    if (eventRules && event.allies === false) {
      const allied = (verdict.units ?? []).find((u) => u.ally)
      if (allied)
        issues.push(
          eventIssue(
            'event-allies-not-allowed',
            `/units/${allied.index}`,
            'allies',
            `${event.name} allows no allied contingents; unit ${allied.index + 1} (${allied.troopName}) is allied.`
          )
        )
    }
    for (const field of wellFormed ? (event.requiredFields ?? []) : []) {
      const value = roster[field]
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
        issues.push(
          eventIssue('event-missing-field', `/${field}`, 'required-fields', `${event.name} needs the roster's ${field === 'player' ? 'player name' : field}.`)
        )
      }
    }
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
  })

  // One roster per player: every submission of a player who sent several is flagged, naming the others.
  // Names compared by their keys (src-shared/player-keys.ts): a look-alike or invisible character makes no other player.
  const byPlayer = groupByPlayer(rows, (row) => row.player)
  for (const same of byPlayer) {
    if (same.length < 2) continue
    for (const row of same) {
      // The others by file, five at most (a folder of one player's thousand files stays a short line).
      const others: string[] = []
      for (const r of same) if (r !== row && others.length < 5) others.push(r.file)
      const more = same.length - 1 - others.length
      row.issues.push(
        eventIssue(
          'event-duplicate-player',
          '/player',
          'one-roster-per-player',
          `${row.player} submitted ${same.length} rosters; also ${others.join(', ')}${more ? ` and ${more} more` : ''}.`
        )
      )
    }
  }
  // Players whose names are only drawn alike ("MaIlory" with a capital I, "Mal1ory", "Mallory"; but
  // also Amie and Arnie): a warning on each of their rows, for an organiser to tell whether they are
  // two players. Each player named by their first row; five at most, as above.
  const playerOf = new Map<EventRow, EventRow>()
  for (const same of byPlayer) for (const row of same) playerOf.set(row, same[0])
  for (const alike of groupByLookAlike(rows, (row) => row.player)) {
    const players = [...new Set(alike.map((row) => playerOf.get(row)!))]
    if (players.length < 2) continue
    for (const row of alike) {
      const own = playerOf.get(row)
      const others: string[] = []
      for (const p of players) {
        if (others.length === 5) break
        if (p !== own) others.push(`'${p.player}' (file ${p.file})`)
      }
      const more = players.length - 1 - others.length
      row.issues.push(
        eventIssue(
          'event-lookalike-player',
          '/player',
          'one-roster-per-player',
          `${row.player} looks like the same player as ${others.join(', ')}${more ? ` and ${more} more` : ''}: check they are ${players.length > 2 ? 'different players' : 'two players'}.`,
          'warning'
        )
      )
    }
  }
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
