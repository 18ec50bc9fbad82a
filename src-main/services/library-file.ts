// The library file as a command opens it (the CLI's --db, MUSTER_DB, or the default library): for one
// use, closed after; read-only for a command that only reads it, so a library that cannot be written
// can still be read. It loads SQLite: the CLI imports it when a library command runs, never at start.
import { openLibrary, type Db } from '../store'

// What the library refuses with, in the player's words (the CLI's exit codes tell them apart).
export { LibraryError, StoreError } from '../store'

export async function withLibraryFile<T>(path: string, use: (db: Db) => T | Promise<T>, mode: { forReading?: boolean } = {}): Promise<T> {
  const lib = await openLibrary(path, { forReading: mode.forReading === true })
  try {
    return await use(lib.db)
  } finally {
    lib.close()
  }
}
