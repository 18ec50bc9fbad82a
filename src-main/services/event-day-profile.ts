// An event's profile (issue 41), part of the one use case services/event-day.ts (which re-exports
// these): checked the one way at creation and at every change (its schema, a ruleset this Muster
// knows, a scoring that can score), the event made with its first rosters in one change, and the
// profile changed later (rounds already paired stay as they were; the standings follow the new
// scoring and tie-breaks at once, as they are worked out from the results each time).
import type { Engine } from '../rules'
import { projectAjv } from '../rules/schemas'
import { listWords } from '../rules/messages'
import * as events from '../store/events'
import { writeTransaction, type Db } from '../store/open'
import type { EventProfile, Submission } from '../event/check-event'
import { scoringProblem } from '../event/standings'
import { playerLookup } from '../../src-shared/player-keys'
import { eventProfileProblem } from './event-input'
import { refuse } from './event-day-error'
import { enterRosters, recheckPlayers, type EnterReport } from './event-day-enter'
import { eventDayState } from './event-day-state'
import type { EventDayState } from './event-day-types'

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * What is wrong with `data` as an event profile, in one line; null when it is one. Without an engine
 * the ruleset is not checked (a caller that has none: the event cannot be paired until it is known).
 */
export function profileProblem(data: unknown, engine?: Engine): string | null {
  if (isRecord(data) && data.format === 'muster-roster') return 'this is a roster, not an event profile (an event profile has format muster-event)'
  const problem = eventProfileProblem(projectAjv(), data)
  if (problem) return problem
  const profile = data as EventProfile
  if (engine && !engine.ruleset(profile.ruleset))
    return `Muster knows no ruleset '${profile.ruleset}': its rulesets are ${listWords([...engine.registry.rulesets.keys()], 'and')}`
  return scoringProblem(profile.scoring)
}

const checked = (data: unknown, engine?: Engine): EventProfile => {
  const problem = profileProblem(data, engine)
  return problem ? refuse(problem) : (data as EventProfile)
}

/**
 * The event made from its profile, its id. Give the engine: without it the ruleset is not checked
 * (an event of a ruleset Muster does not know could never be paired).
 */
export function createEvent(db: Db, profile: unknown, engine?: Engine): string {
  const p = checked(profile, engine)
  return events.createEvent(db, p.name, p)
}

/**
 * The event made from its profile with `submissions`' rosters entered in the same change: all or
 * nothing, so a batch refused leaves no empty event behind. Its id, and what was entered.
 */
export function createEventWith(engine: Engine, db: Db, profile: unknown, submissions?: Submission[]): { id: string; entered?: EnterReport } {
  const p = checked(profile, engine)
  return writeTransaction(db, () => {
    const id = events.createEvent(db, p.name, p)
    return submissions?.length ? { id, entered: enterRosters(engine, db, id, submissions) } : { id }
  })
}

/**
 * The event's profile changed, checked as at creation; its name follows the profile's. Rounds paired
 * stay as they were; players' clubs and countries follow the profile's players list where it names
 * them; every player's roster is checked again under the new rules in the same change (held or
 * active again, event-day-enter.ts recheckPlayers), and the state answered says who changed
 * (`recheck`). The ruleset stays once players are entered: their rosters were checked against it.
 */
export function updateEventProfile(engine: Engine, db: Db, id: string, profile: unknown): EventDayState {
  const p = checked(profile, engine)
  const recheck = events.changeEvent(db, id, ({ event, players }, write) => {
    const was = event.profile as EventProfile
    if (p.ruleset !== was.ruleset && players.length)
      refuse(
        `the ruleset cannot change once players are entered (${players.length === 1 ? '1 player is' : `${players.length} players are`} entered with ${was.ruleset} rosters): make a new event for ${p.ruleset}`
      )
    write.setProfile(p.name, p)
    if (p.players) {
      const listed = playerLookup(p.players, (x) => x.name)
      for (const player of players) {
        const place = listed(player.name)
        if (place && (place.club !== player.club || place.country !== player.country)) write.setPlace(player.id, place.club ?? null, place.country ?? null)
      }
    }
    return recheckPlayers(engine, p, players, write)
  })
  return { ...eventDayState(db, id), recheck }
}
