// The temp files a write makes beside its target (write-file.ts). A temp's name says whose it is,
// `.<name>.muster-<host>-<pid>-<random>.tmp` (host: 8 hex digits of the machine's name): a run killed
// mid-write leaves one behind, and the next write to that target clears it when its writer is surely
// gone: a pid of this machine that no process has. A temp of another machine (a shared folder), or
// of an older Muster (`.<name>.<random>.tmp`, no pid), is cleared only once it is a day old. A
// running writer's temp is never touched.
import { lstatSync, readdirSync, unlinkSync } from 'node:fs'
import { createHash, randomBytes } from './node-crypto'
import { hostname } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { shorten } from '../../src-shared/text'

/** Temps of an older Muster (no pid) and of other machines are cleared once this old: no write takes a day. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000

let host: string | undefined
/** This machine, in a temp's name: the first 8 hex digits of SHA-1 of its host name (worked out when first needed). */
const hostTag = (): string => (host ??= createHash('sha1').update(hostname()).digest('hex').slice(0, 8))

/** The part of a temp's name after `.<target>.`: Muster's own, then an older Muster's. */
const TEMP_TAIL = /^muster-([0-9a-f]{8})-(\d+)-[0-9a-f]{8}\.tmp$/
const OLD_TEMP_TAIL = /^[0-9a-f]{8}\.tmp$/

/** A folder's listing is used again for this long (many files written into one folder list it once), then made afresh. */
const LISTING_KEPT_MS = 60 * 1000
/** At most this many folders' listings are kept; the oldest goes first. */
const LISTINGS_KEPT = 32

/** Hidden temp files each folder held when it was last listed: those killed runs may have left. */
const tempsFound = new Map<string, { at: number; temps: string[] }>()

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Whether a temp of the target (its name less `.<target>.`), last modified at mtimeMs, is a gone writer's. */
export function staleTemp(tail: string, mtimeMs: number, now = Date.now()): boolean {
  const m = TEMP_TAIL.exec(tail)
  if (m) {
    const pid = Number(m[2])
    // A pid is this machine's to ask about; another machine's temp is judged by its age alone.
    if (m[1] === hostTag()) return pid !== process.pid && !alive(pid)
    return now - mtimeMs > STALE_AFTER_MS
  }
  return OLD_TEMP_TAIL.test(tail) && now - mtimeMs > STALE_AFTER_MS
}

/** The hidden temps of a folder, listed at most once a minute however many files it gets. */
function tempsIn(dir: string): string[] {
  const now = Date.now()
  const kept = tempsFound.get(dir)
  if (kept && now - kept.at < LISTING_KEPT_MS) return kept.temps
  let temps: string[]
  try {
    temps = readdirSync(dir).filter((n) => n.startsWith('.') && n.endsWith('.tmp'))
  } catch {
    temps = []
  }
  tempsFound.delete(dir)
  tempsFound.set(dir, { at: now, temps })
  while (tempsFound.size > LISTINGS_KEPT) tempsFound.delete(tempsFound.keys().next().value!)
  return temps
}

/** Removes the temps of this target (`.<stem>.…tmp`) whose writers are gone (see the top of this file). */
function clearStaleTemps(dir: string, stem: string): void {
  const temps = tempsIn(dir)
  const prefix = `.${stem}.`
  for (const name of temps.filter((n) => n.startsWith(prefix))) {
    try {
      const st = lstatSync(join(dir, name))
      if (st.isFile() && staleTemp(name.slice(prefix.length), st.mtimeMs)) unlinkSync(join(dir, name))
    } catch {
      /* gone already, or not ours to remove */
    }
    // looked at once per listing
    temps.splice(temps.indexOf(name), 1)
  }
}

/** The name a target's temps start with: `.<name>.`, a long name shortened to fit (255 bytes less the rest). */
function tempStem(file: string): string {
  const name = basename(file)
  return Buffer.byteLength(name) > 200 ? shorten(name, 40) : name
}

/** A new temp's path for the target, its writer's stale temps cleared first. */
export function newTempFor(file: string): string {
  const stem = tempStem(file)
  clearStaleTemps(dirname(file), stem)
  return join(dirname(file), `.${stem}.muster-${hostTag()}-${process.pid}-${randomBytes(4).toString('hex')}.tmp`)
}
