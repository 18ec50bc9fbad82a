// An open Triumph! event of 48 points, and the bundled legal example entered for each player named:
// the event-check tests of player names (look-alikes, the same player twice).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { checkEvent, type EventProfile } from '../../src-main/event/check-event'
import { bundledEngine, repoRoot } from './engine'

export const openEvent: EventProfile = { format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph', pointsLimit: 48 }
export const legal = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Record<string, unknown>
/** The event's report of one legal roster per player, in order (p0.muster.json, p1...). */
export const checked = (players: string[]) =>
  checkEvent(
    bundledEngine(),
    openEvent,
    players.map((player, i) => ({ file: `p${i}.muster.json`, data: { ...legal(), player } }))
  )
