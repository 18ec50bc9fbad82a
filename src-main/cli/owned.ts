// The player's collection as the CLI reads it: the library's (--db, MUSTER_DB, else the default
// library), read and never written, for the commands that use what the player owns (`muster new
// --from-collection`, `muster export --pdf roster --mark-proxies`).
import { existsSync } from 'node:fs'
import { shorten } from '../../src-shared/text'
import { libraryPath } from '../services/user-data'
import type { CollectionItem } from '../services/collection'

export async function readOwnedItems(db: string | undefined): Promise<{ ok: true; items: CollectionItem[] } | { ok: false; message: string }> {
  const path = db ?? libraryPath()
  // Not made by a command that only reads it.
  if (!existsSync(path)) return { ok: false, message: `no library at ${shorten(path)}: your collection lives in the library (give it with --db or MUSTER_DB)` }
  const { withLibraryFile } = await import('../services/library-file')
  const { ownedItems } = await import('../services/collection')
  return { ok: true, items: await withLibraryFile(path, ownedItems, { forReading: true }) }
}
