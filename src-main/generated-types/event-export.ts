// Generated from schemas/event-export.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

import type { EventProfile } from './event'

/**
 * The player's id in the event: p1, p2... in the order they joined.
 *
 * This interface was referenced by `EventExportFile`'s JSON-Schema
 * via the `definition` "playerId".
 */
export type PlayerId = string
/**
 * This interface was referenced by `EventExportFile`'s JSON-Schema
 * via the `definition` "checkCode".
 */
export type CheckCode = string
/**
 * Why the roster is held back from pairing, in players' words.
 *
 * This interface was referenced by `EventExportFile`'s JSON-Schema
 * via the `definition` "reasons".
 */
export type Reasons = string[]

/**
 * An event run in Muster, whole (muster event export): its profile, its players with every roster they submitted by revision, its rounds with their tables and results, and the standings when it was written. For a ranking or an archive. The library backup carries events in the same shape ($defs/event).
 */
export interface EventExportFile {
  format: 'muster-event-export'
  version: 1
  exportedAt: string
  event: ExportedEventFile
  standings: {
    rank: number
    /**
     * As the player's roster names them.
     */
    player: string
    id: PlayerId
    score: number
    /**
     * By tie-break id, in the profile's order.
     */
    tiebreaks: {
      [k: string]: number
    }
    /**
     * The player's army as the standings print it.
     */
    armyTitle?: string
    club?: string
    country?: string
    /**
     * Games won; a bye is none of won, drawn and lost.
     */
    won?: number
    drawn?: number
    lost?: number
    /**
     * Byes had, each scored as the profile's byeScore says once its round is paired; a bye is none of won, drawn and lost. Left out by Musters before it.
     */
    byes?: number
    /**
     * The player has dropped: their results stand.
     */
    dropped?: boolean
  }[]
}
/**
 * This interface was referenced by `EventExportFile`'s JSON-Schema
 * via the `definition` "event".
 */
export interface ExportedEventFile {
  id: string
  name: string
  profile: EventProfile
  createdAt: string
  updatedAt: string
  players: {
    id: PlayerId
    name: string
    club?: string
    country?: string
    fixedTable?: number
    checkCode: CheckCode
    ruleset: string
    army: string
    armyTitle: string
    /**
     * Held: illegal, kept from pairing until fixed or overridden. Dropped: never paired again.
     */
    status: 'active' | 'held' | 'dropped'
    heldReasons?: Reasons
    /**
     * The first round the player could be paired in.
     */
    joinedRound: number
    /**
     * The organiser let a held roster play.
     */
    overridden: boolean
    /**
     * The roster in force: the last revision.
     */
    revision: number
    /**
     * Every roster the player submitted, as checked, oldest first.
     *
     * @minItems 1
     */
    rosters: {
      revision: number
      /**
       * The roster as submitted (schemas/roster.schema.json; kept as it came, the event check said what was wrong).
       */
      roster: {
        [k: string]: unknown
      }
      checkCode: CheckCode
      heldReasons: Reasons
      enteredAt: string
    }[]
  }[]
  rounds: {
    round: number
    pairedAt: string
    tables: {
      table: number
      /**
       * Two players, or one for a bye.
       *
       * @minItems 1
       * @maxItems 2
       */
      players: PlayerId[]
      /**
       * Why they were paired, in players' words.
       */
      why: string
      result: {
        /**
         * Which of the table's players won; null a draw.
         */
        winner: 0 | 1 | null
        /**
         * What each player destroyed, in table order.
         *
         * @minItems 2
         * @maxItems 2
         */
        score?: number[]
        /**
         * The result slip's code it came from.
         */
        slip?: string
      } | null
      resultSource: 'typed' | 'slip' | 'phone' | null
      resultAt: string | null
    }[]
  }[]
}
