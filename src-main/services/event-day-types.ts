// Event day's shapes as the doors hand them out (issue 41): the app's IPC contract (ipc/event-day-contract.ts)
// and the CLI's --json read the same. Pure types; the service (services/event-day.ts) makes them.
import type { PlayerStatus, TableResult, StandingView } from '../event/day-types'
import type { ResultSource, StoredTable } from '../store/events'

export type { PlayerStatus, TableResult, ResultSource }

/** An event of the library, as its list shows it. */
export interface EventDaySummary {
  id: string
  name: string
  ruleset: string
  /** Players not dropped (active or held), as the event's page counts them. */
  players: number
  rounds: number
  /** Round N's tables all have results (0: none paired yet). */
  roundsComplete: number
  updatedAt: string
}

/** A player of the event as the organiser sees them. */
export interface EventDayPlayer {
  id: string
  name: string
  club?: string
  country?: string
  status: PlayerStatus
  /** Why the roster is held back, in players' words (held only). */
  heldReasons?: string[]
  /** The organiser paired a held roster all the same. */
  overridden: boolean
  ruleset: string
  army: string
  armyTitle: string
  checkCode: string
  revision: number
  joinedRound: number
}

/** A table as the library keeps it (store/events.ts), its players by NAME as their rosters give them (two, or one for a bye), with its result PIN: printed on its result slip, asked by the phones' results page (none for a bye). */
export type EventDayTable = StoredTable & { pin?: string }

export interface EventDayRound {
  round: number
  pairedAt: string
  tables: EventDayTable[]
  /** Tables of two still without a result. */
  open: number
}

/** A standings row as every view shows it (event/day-types.ts StandingView, made by event/standings-view.ts). */
export type EventDayStanding = StandingView

/** The whole event as the event-day screen shows it. */
export interface EventDayState {
  id: string
  name: string
  /** The profile it was made from (schemas/event.schema.json). */
  profile: unknown
  players: EventDayPlayer[]
  rounds: EventDayRound[]
  standings: EventDayStanding[]
  /** What the organiser can do next, in words: "Pair round 3", or why not ("round 2 has 3 tables without a result"). */
  next: { canPair: boolean; why: string }
  /**
   * What the standings stand after: the latest round that counts in them (a result in, or a bye, which
   * scores once its round is paired), and how many of its tables of two have a result ("after round 3:
   * 4 of 6 results in"; "after round 3: 0 of 8 results in" when only its bye counts yet).
   */
  standingsAfter: { round: number; resultsIn: number; tables: number } | null
  /** Tie-break ids in the profile's order, with their labels for column heads. */
  tiebreaks: Array<{ id: string; label: string }>
  /**
   * Only in the answer to a profile change (updateEventProfile): the players (not dropped) whose roster,
   * checked again under the new rules, changed status (held <-> active) or reasons; empty: no one.
   * An overridden player stays active, the new reasons kept for the record.
   */
  recheck?: Array<{ player: string; status: PlayerStatus; reasons?: string[] }>
}

/** What a results page served to the players' phones says of itself. */
export interface ResultsServing {
  eventId: string
  /** The page's link, with its secret token. */
  url: string
  /** A QR code of the link as a PNG data URL. */
  qr: string
  lan: boolean
}
