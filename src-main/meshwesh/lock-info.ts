// Who holds the sync lock (lock.ts): `sync.lock` in the catalogue folder, {pid, startedAt} as JSON,
// written by the holder once it has the lock and removed as it lets go: words for the sync that has
// to wait ("process N, started at …"). The lock itself is SQLite's (sync.lock.db), which a killed holder cannot leave behind;
// this file it can, so a holder is believed only while its process runs.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export const HOLDER_FILE = 'sync.lock'

export interface LockHolder {
  pid: number
  /** ISO time. */
  startedAt: string
}

/** The holder the file names, if it names one (an older Muster wrote the bare process id). */
export function readHolder(root: string): LockHolder | undefined {
  const file = join(root, HOLDER_FILE)
  try {
    if (!existsSync(file)) return undefined
    const text = readFileSync(file, 'utf8').trim()
    const data = (/^\d+$/.test(text) ? { pid: Number(text), startedAt: '' } : JSON.parse(text)) as Partial<LockHolder>
    return Number.isInteger(data.pid) && data.pid! > 0 ? { pid: data.pid!, startedAt: typeof data.startedAt === 'string' ? data.startedAt : '' } : undefined
  } catch {
    return undefined
  }
}

/** Whether a process of that id runs on this machine. */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}
