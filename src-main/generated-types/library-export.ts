// Generated from schemas/library-export.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

import type { Roster } from './roster'

import type { CollectionFile } from './collection'

import type { ExportedEventFile } from './event-export'

/**
 * A roster or folder id as Muster makes them (UUIDs): letters, digits, dashes and underscores, so an id can never be read as a path.
 */
export type Id = string

/**
 * A whole roster library in one file (muster library backup): every roster with all its revisions, its folder, tags and favourite mark, the collection and the games played. Restored with muster library restore.
 */
export interface LibraryBackup {
  format: 'muster-library'
  version: 1
  exportedAt: string
  folders: {
    id: Id
    /**
     * At most BACKUP_FOLDER_NAME_MAX (src-main/store/rosters.ts), what restores by earlier Musters stored. A restore makes a name the library would not take (control characters, direction overrides, longer than 80 characters, blank) into one it does, and says so.
     */
    name: string
  }[]
  rosters: {
    id: Id
    folderId?: Id | null
    /**
     * As the app sets them: at most 50 tags of at most 100 characters (issue 26: a longer one is refused, not printed whole).
     *
     * @maxItems 50
     */
    tags?: string[]
    favourite?: boolean
    createdAt: string
    deletedAt?: string | null
    /**
     * @minItems 1
     */
    revisions: {
      /**
       * At most BACKUP_REVISION_MAX (src-main/store/rosters.ts), the largest number SQLite holds. A restore numbers a roster's revisions afresh (1, 2, 3... in order) when they go past MAX_REVISION (1,000,000,000), so it can always be saved again, and says so.
       */
      revision: number
      savedAt: string
      message?: string | null
      document: Roster
    }[]
  }[]
  /**
   * The collection (what the player owns), every revision oldest first. Left out by Musters before the collection.
   */
  collection?: {
    revision: number
    savedAt: string
    message?: string | null
    document: CollectionFile
  }[]
  /**
   * The games played at the table (issue 40), each with its sheet and its taps in order. Left out by Musters before games; a restore adds the games the library does not hold (by id).
   */
  games?: {
    id: Id
    ruleset: string
    createdAt: string
    updatedAt: string
    /**
     * When the game was finished; null while it is still being played. A finished game has a result, an unfinished one none.
     */
    finishedAt: string | null
    /**
     * The game's play sheet (src-shared/play/types.ts PlaySheet), self-contained: no ruleset files are needed to score it.
     */
    sheet: {
      format: 'muster-play-sheet'
      version: 1
      /**
       * @minItems 2
       * @maxItems 2
       */
      sides: unknown[]
      [k: string]: unknown
    }
    /**
     * Each side's library roster (side 0 the player's own), null when it came from elsewhere or was deleted. A restore keeps null for a roster the library does not hold.
     *
     * @minItems 2
     * @maxItems 2
     */
    rosterIds: (Id | null)[]
    /**
     * Each side's player, as the players gave them.
     *
     * @minItems 2
     * @maxItems 2
     */
    players: (string | null)[]
    /**
     * The result kept when it was finished: { over, winner, why, code, finishedAt, agreed }.
     */
    result: {
      [k: string]: unknown
    } | null
    /**
     * The game's taps, oldest first, each with when it was saved.
     */
    taps: {
      tap: {
        [k: string]: unknown
      }
      at: string
    }[]
  }[]
  /**
   * The events run in the library (issue 41), each whole: profile, players with their rosters by revision, rounds, tables and results. Left out by Musters before events; a restore adds the events the library does not hold (by id).
   */
  events?: ExportedEventFile[]
  /**
   * Each event's own secret (hex) by event id: the printed result slips' PINs are made from it, so a restore keeps them working (a laptop swapped mid-event). In the backup only, never in an event export or the published page. Left out by Musters before it; an event restored without one gets a new secret, and new PINs.
   */
  eventSecrets?: {
    [k: string]: string
  }
}
