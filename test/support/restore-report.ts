// What restoreLibrary reports when a backup of rosters alone comes back whole.
import type { RestoreReport } from '../../src-main/store'

/** `restored` rosters back, and nothing else: none skipped, no folder renamed, no revision renumbered, no collection, no games. */
export const rostersOnlyRestored = (restored: number): RestoreReport => ({
  restored,
  skipped: [],
  renamedFolders: [],
  renumbered: [],
  collection: { history: 0, added: 0 },
  games: { restored: 0, alreadyThere: 0 }
})
