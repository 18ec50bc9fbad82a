// Generated from schemas/library-export.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

import type { Roster } from './roster'

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
       * At most MAX_REVISION (src-main/store/rosters.ts), so a restored roster can always be saved again.
       */
      revision: number
      savedAt: string
      message?: string | null
      document: Roster
    }[]
  }[]
}
