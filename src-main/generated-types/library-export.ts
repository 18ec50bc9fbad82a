// Generated from schemas/library-export.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

import type { Roster } from './roster'

import type { CollectionFile } from './collection'

/**
 * A roster or folder id as Muster makes them (UUIDs): letters, digits, dashes and underscores, so an id can never be read as a path.
 */
export type Id = string

/**
 * A whole roster library in one file (muster library backup): every roster with all its revisions, its folder, tags and favourite mark. Restored with muster library restore.
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
}
