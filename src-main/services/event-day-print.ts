// Event day's printed sheets and published page (issue 41), part of the one use case services/event-day.ts:
// the standings, a round's pairings (a wall sheet) or its per-table result slips as PDF (event/day-sheets.ts,
// event/result-slips.ts, rendered by export/write-pdf.ts), and the event as one self-contained HTML page
// (event/publish-page.ts) with each player's list as their roster sheet words it. The IPC door and
// `muster event print|publish` call these; a round not paired is refused in words (EventDayError).
import type { Engine } from '../rules'
import type { Db } from '../store/open'
import * as events from '../store/events'
import type { EventProfile } from '../event/check-event'
import { standings } from '../event/standings'
import { type DaySheetModel, roundOf } from '../event/day-sheet-model'
import { pairingsDoc, standingsDoc } from '../event/day-sheets'
import { slipsDoc } from '../event/result-slips'
import { eventPins } from './event-result-pins'
import { listAnchor, publishPage } from '../event/publish-page'
import type { ListArticle } from '../event/roster-html'
import { checkForPrint, ExportError, sheetInput } from '../export'
import { rosterSheet } from '../export/roster-content'
import { renderPdf } from '../export/write-pdf'
import type { Paper } from '../export/layout'
import { fileStem } from '../../src-shared/text'
import { formatNumber } from '../../src-shared/words'
import { asEventPlayers, eventStandings } from './event-day-results'
import { refuse } from './event-day-error'

export type EventSheet = ({ kind: 'standings' } | { kind: 'pairings'; round?: number } | { kind: 'slips'; round?: number }) & {
  /** A4 unless said (the paper the roster sheets print on). */
  paper?: Paper
}

interface Loaded {
  model: DaySheetModel
  profile: EventProfile
  stored: events.StoredPlayer[]
}

function load(engine: Engine, db: Db, id: string): Loaded {
  const event = events.getEvent<EventProfile>(db, id)
  const profile = event.profile
  const stored = events.eventPlayers(db, id)
  return {
    profile,
    stored,
    model: {
      name: event.name,
      ...(profile.date ? { date: profile.date } : {}),
      rulesetName: engine.ruleset(profile.ruleset)?.ruleset.name ?? profile.ruleset,
      players: new Map(
        stored.map((p) => [p.id, { id: p.id, name: p.name, club: p.club, country: p.country, armyTitle: p.armyTitle, status: p.status }] as const)
      ),
      rounds: events.asRoundRecords(events.eventRounds(db, id)),
      // The one standings view every door shows (the app's, the CLI's): never counted apart here.
      standings: eventStandings(db, id)
    }
  }
}

/** The event's name as a file name's start: "spring-cup". */
const slugOf = (name: string) => fileStem(name, 'event')

function pairedRound(model: DaySheetModel, round: number | undefined) {
  const r = roundOf(model, round)
  if (r) return r
  const paired = model.rounds.length
  return refuse(
    round === undefined
      ? 'no round is paired yet: pair round 1 first'
      : `round ${round} is not paired yet (${paired ? `the event has paired ${paired === 1 ? 'round 1' : `rounds 1-${paired}`}` : 'no round is paired yet'})`
  )
}

/** Each player's score going into a round: the standings of the rounds before it (none before round 1, where all are level). */
function scoresBefore(loaded: Loaded, round: number): Map<string, string> {
  if (round === 1) return new Map()
  const before = loaded.model.rounds.filter((r) => r.round < round)
  return new Map(standings(asEventPlayers(loaded.stored), before, loaded.profile).map((r) => [r.player, formatNumber(r.score)]))
}

/** Standings, a round's pairings (default: the latest round) or its per-table result slips, as PDF bytes (`round`: the round printed). */
export async function eventDayPdf(engine: Engine, db: Db, id: string, sheet: EventSheet): Promise<{ fileName: string; pdf: Uint8Array; round?: number }> {
  const loaded = load(engine, db, id)
  const { model, profile } = loaded
  const paper = sheet.paper ?? 'a4'
  const slug = slugOf(model.name)
  if (sheet.kind === 'standings') return { fileName: `${slug}-standings.pdf`, pdf: await renderPdf(standingsDoc(model, paper, profile.rounds)) }
  const round = pairedRound(model, sheet.round)
  if (sheet.kind === 'pairings')
    return {
      fileName: `${slug}-round-${round.round}-pairings.pdf`,
      pdf: await renderPdf(pairingsDoc(model, round, scoresBefore(loaded, round.round), paper)),
      round: round.round
    }
  const pin = eventPins(db, id)
  const slips = slipsDoc(model, round, paper, pin ? (table) => pin(round.round, table) : undefined)
  return { fileName: `${slug}-round-${round.round}-slips.pdf`, pdf: await renderPdf(slips), round: round.round }
}

/** A player's list as the published page shows it: their roster sheet's words, or why it cannot be shown. */
function listOf(engine: Engine, p: events.StoredPlayer): ListArticle {
  const base = { anchor: listAnchor(p.id), player: p.name, armyTitle: p.armyTitle }
  try {
    return { ...base, sheet: rosterSheet(sheetInput(checkForPrint(engine, p.roster, `${p.name}'s roster`))) }
  } catch (e) {
    if (!(e instanceof ExportError)) throw e
    return { ...base, sheet: { unshown: `Muster cannot show this list: ${e.message}` } }
  }
}

/** The event as one self-contained HTML page: standings, pairings of every round, each player's list. */
export function publishEventPage(engine: Engine, db: Db, id: string): { html: string; fileName: string } {
  const { model, profile, stored } = load(engine, db, id)
  // The players the standings show (one held back who never sat is not in the event's record), by name.
  const shown = new Set(model.standings.map((r) => r.id))
  const players = stored.filter((p) => shown.has(p.id)).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }))
  const lists = new Map(players.map((p) => [p.id, listOf(engine, p)]))
  const html = publishPage({ model, lists, plannedRounds: profile.rounds, publishedOn: new Date().toISOString().slice(0, 10) })
  return { html, fileName: `${slugOf(model.name)}.html` }
}
