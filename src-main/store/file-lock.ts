// A lock between processes that the operating system lets go of when its holder ends, however it
// ends (a kill, a crash): SQLite's own lock on a file of its own, taken whole in one step. No
// "read who holds it, then write" (two processes can both see a dead holder and both take over), and
// so no stale lock to take over at all. Two connections in one process exclude each other as well.
import { createRequire } from 'node:module'

type DatabaseCtor = typeof import('better-sqlite3')
// Loaded when a lock is first taken: most commands take none, and the CLI's start-up stays as small
// as it was (a bundle moved away from node_modules still starts).
let loaded: DatabaseCtor | undefined
const database = (): DatabaseCtor => (loaded ??= createRequire(__filename)('better-sqlite3') as DatabaseCtor)

let nativeBinding: string | undefined
/** The better-sqlite3 build locks open their files with: the app's own (Electron's) where it has one, as its library is opened. */
export function useNativeBinding(path: string | undefined): void {
  nativeBinding = path
}

export interface HeldLock {
  release(): void
}

/**
 * Takes the lock on `file` (made if absent), at once or not at all: null when another holds it.
 * Throws (with SQLite's reason) when the file cannot be made or opened.
 */
export function tryLock(file: string): HeldLock | null {
  const Database = database()
  const db = new Database(file, { timeout: 0, ...(nativeBinding ? { nativeBinding } : {}) })
  try {
    // Exclusive locking mode: the lock taken by BEGIN EXCLUSIVE is kept until the connection closes.
    db.pragma('locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE')
  } catch (e) {
    db.close()
    if ((e as { code?: string }).code === 'SQLITE_BUSY') return null
    throw e
  }
  let held = true
  return {
    release() {
      if (!held) return
      held = false
      db.close()
    }
  }
}
