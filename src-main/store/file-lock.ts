// A lock between processes that the operating system lets go of when its holder ends, however it
// ends (a kill, a crash): SQLite's own lock on a file of its own, taken whole in one step. No
// "read who holds it, then write" (two processes can both see a dead holder and both take over), and
// so no stale lock to take over at all. Two connections in one process exclude each other as well.
import Database from 'better-sqlite3'

export interface HeldLock {
  release(): void
}

/**
 * Takes the lock on `file` (made if absent), at once or not at all: null when another holds it.
 * Throws (with SQLite's reason) when the file cannot be made or opened.
 */
export function tryLock(file: string): HeldLock | null {
  const db = new Database(file, { timeout: 0 })
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
