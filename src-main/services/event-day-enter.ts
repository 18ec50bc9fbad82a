// Rosters entered into an event (issue 41), part of the one use case services/event-day.ts (which
// re-exports these): each player registered by the roster's `player` field and checked by the event
// check itself (event/check-event.ts); an illegal one held back with its reasons until fixed or
// overridden; a player's new roster a new revision of theirs. One change (store/events.ts changeEvent).
import type { Engine } from '../rules'
import type { Roster } from '../rules/types'
import * as events from '../store/events'
import type { Db } from '../store/open'
import { checkEvent, type EventProfile, type EventRow, type Submission } from '../event/check-event'
import type { PlayerStatus } from '../event/day-types'
import { printedCheckCode } from '../export/printed-data'
import { checkCode } from '../export/check-code'
import { rowArmyTitle } from '../../src-shared/army-title'
import { playerLookup } from '../../src-shared/player-keys'
import { refuse } from './event-day-error'

export interface Entered {
  player: string
  id: string
  status: PlayerStatus
  revision: number
  reasons?: string[]
}

export interface EnterReport {
  entered: Entered[]
}

/** Why the event check holds a roster back (none: legal). One roster per player is the event's to keep by replacing: a second is a new revision, not a reason. */
const heldReasonsOf = (row: EventRow): string[] => row.issues.filter((i) => i.severity === 'error' && i.code !== 'event-duplicate-player').map((i) => i.message)

/** What the event check's row makes of a roster: the player row's fields and why it is held (none: legal). */
function enteredOf(engine: Engine, profile: EventProfile, row: EventRow, name: string): events.EnteredRoster {
  const doc = row.document as Roster
  const heldReasons = heldReasonsOf(row)
  // What the roster does not say (club, country) the profile's players list may.
  const listed = profile.players ? playerLookup(profile.players, (p) => p.name)(name) : undefined
  return {
    name,
    club: listed?.club ?? null,
    country: listed?.country ?? null,
    ruleset: row.ruleset ?? '',
    army: row.army ?? '',
    armyTitle: row.army ? rowArmyTitle(row) : '',
    roster: row.document,
    // A roster of a ruleset this Muster does not know has no printed code (it is held: wrong ruleset);
    // the record still names it by one, over the profile's data version, which no slip can carry.
    checkCode: printedCheckCode(engine, doc) ?? checkCode(doc, profile.dataVersion ?? ''),
    heldReasons
  }
}

/**
 * Rosters entered, all or none (a file that cannot be read or names no player refuses the batch):
 * each player registered by the roster's `player` field, checked against the event; an illegal one
 * held back with its reasons; a player's new roster replaces their last (a new revision), whether
 * entered before or in this batch (players are matched by name against both). A player who joins
 * after a round is paired plays from the next round.
 */
export function enterRosters(engine: Engine, db: Db, id: string, submissions: Submission[]): EnterReport {
  const profile = events.getEvent<EventProfile>(db, id).profile
  const report = checkEvent(engine, profile, submissions)
  return events.changeEvent(db, id, ({ players, rounds }, write) => {
    const out: EnterReport = { entered: [] }
    const refused: Array<{ file: string; reason: string }> = []
    const known = players.map((p) => ({ id: p.id, name: p.name, status: p.status, revision: p.revision }))
    for (const row of report.rows) {
      if (!row.readable || row.document === undefined) {
        refused.push({ file: row.file, reason: row.issues.find((i) => i.severity === 'error')?.message ?? 'not a roster' })
        continue
      }
      const name = row.player?.trim()
      if (!name) {
        refused.push({ file: row.file, reason: "the roster names no player: its 'player' field says who fields it" })
        continue
      }
      const entered = enteredOf(engine, profile, row, name)
      const held = entered.heldReasons.length > 0
      const was = playerLookup(known, (p) => p.name)(name)
      if (was) {
        const status: PlayerStatus = was.status === 'dropped' ? 'dropped' : held ? 'held' : 'active'
        was.revision = write.replaceRoster(was.id, entered, status)
        was.status = status
        out.entered.push({ player: was.name, id: was.id, status, revision: was.revision, ...(held ? { reasons: entered.heldReasons } : {}) })
      } else {
        const status: PlayerStatus = held ? 'held' : 'active'
        const playerId = write.addPlayer(entered, status, rounds.length + 1)
        known.push({ id: playerId, name, status, revision: 1 })
        out.entered.push({ player: name, id: playerId, status, revision: 1, ...(held ? { reasons: entered.heldReasons } : {}) })
      }
    }
    // A file that gives no player is bad input: the whole batch is refused, so nothing is half entered.
    if (refused.length)
      refuse(`${refused[0].file}: ${refused[0].reason}${refused.length > 1 ? ` (and ${refused.length - 1} more)` : ''}: no roster was entered`)
    return out
  })
}

/** A player whose standing under a changed profile is not what it was: their status now, and why they are held. */
export interface Rechecked {
  player: string
  status: PlayerStatus
  reasons?: string[]
}

const sameReasons = (a: string[] = [], b: string[] = []) => a.length === b.length && a.every((r, i) => r === b[i])

/**
 * Every player's current roster checked again under `profile` (a profile changed: an army banned, a
 * lower points limit), by the very check entering it does, inside the caller's change. A held roster
 * now legal is active; an active one now illegal is held, with its reasons. A player the organiser
 * overrode stays active: the override is their word on this roster (it ends when the roster is
 * replaced), and the new reasons are kept beside it for the record. A dropped player stays dropped;
 * their reasons follow the new rules too, so a reinstatement holds them as the rules now say.
 * Answers the players (not dropped) whose status or reasons changed, in the event's order.
 */
export function recheckPlayers(engine: Engine, profile: EventProfile, players: events.StoredPlayer[], write: events.EventWriter): Rechecked[] {
  const report = checkEvent(
    engine,
    profile,
    players.map((p) => ({ file: p.name, data: p.roster }))
  )
  const out: Rechecked[] = []
  players.forEach((p, i) => {
    const reasons = heldReasonsOf(report.rows[i])
    const status: PlayerStatus = p.status === 'dropped' ? 'dropped' : reasons.length && !p.overridden ? 'held' : 'active'
    if (status === p.status && sameReasons(reasons, p.heldReasons)) return
    write.setHeld(p.id, status, reasons)
    if (status !== 'dropped') out.push({ player: p.name, status, ...(reasons.length ? { reasons } : {}) })
  })
  return out
}
