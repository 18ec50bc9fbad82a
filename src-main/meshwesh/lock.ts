// One sync at a time per catalogue folder (the app and the CLI, or two CLIs): an operating-system
// lock (store/file-lock.ts), taken in one step, that a killed sync lets go of as it dies. The holder
// then names itself in `sync.lock` (lock-info.ts) so a sync that must wait can say who it waits for.
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { tryLock, type HeldLock } from '../store/file-lock'
import { writeFileAtomic } from '../files/write-file'
import { HOLDER_FILE, processRuns, readHolder, type LockHolder } from './lock-info'

/** Another sync holds the catalogue folder: this one does not start. */
export class SyncBusy extends Error {
  constructor(readonly holder: LockHolder | undefined) {
    super(
      `Another sync is running${holder ? ` (process ${holder.pid}${holder.startedAt ? `, started at ${localTime(holder.startedAt)}` : ''})` : ''}; wait for it to finish`
    )
    this.name = 'SyncBusy'
  }
}

/** "2025-03-01 14:05:09", local time. */
function localTime(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const two = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const LOCK_FILE = 'sync.lock.db'

/**
 * The sync lock at once or not at all (null when held), with no name written: for the tidy as the
 * catalogue is opened (catalogue.ts), which holds it for a moment. Throws when the folder cannot hold a lock.
 */
export function tryLockNow(root: string): HeldLock | null {
  return tryLock(join(root, LOCK_FILE))
}

/**
 * Takes the sync lock of the catalogue folder `root`, or throws SyncBusy naming the sync that holds
 * it. Returns the release. Throws (with the reason) when the folder cannot hold a lock at all.
 */
export async function lockSync(root: string): Promise<() => void> {
  mkdirSync(root, { recursive: true })
  let held = tryLockNow(root)
  // The holder names itself a moment after it takes the lock: a short wait for its name (a file
  // naming a process that has ended is a killed sync's, not the holder's). A holder that names
  // none (a start of Muster tidying the catalogue) lets go within moments: the lock is tried again.
  for (let i = 0; !held && i < 40; i++) {
    const holder = readHolder(root)
    if (holder && processRuns(holder.pid)) throw new SyncBusy(holder)
    await pause(50)
    held = tryLockNow(root)
  }
  if (!held) throw new SyncBusy(undefined)
  const lock = held
  const holderFile = join(root, HOLDER_FILE)
  const me: LockHolder = { pid: process.pid, startedAt: new Date().toISOString() }
  try {
    writeFileAtomic(holderFile, JSON.stringify(me) + '\n')
  } catch (e) {
    lock.release()
    throw e
  }
  return () => {
    // Removed while the lock is still held: the next holder's name is never the one removed.
    try {
      const holder = readHolder(root)
      if (holder?.pid === me.pid && holder.startedAt === me.startedAt) rmSync(holderFile, { force: true })
    } finally {
      lock.release()
    }
  }
}
