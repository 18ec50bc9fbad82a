// The Meshwesh catalogue on the player's machine (see docs/adr/0015-meshwesh-sync.md):
//
//   <root>/catalogue.json          which published folder is in force, and what it holds (replaced whole, atomically)
//   <root>/c-<run>/<ruleset>/armies/*.json, index.checked
//                                  a published catalogue: a data folder laid over the bundled data
//   <root>/c-<run>/lists.json      what each list of it is, by Meshwesh id (for the next sync's report)
//   <root>/fetched/<id>.json       what the last fetch of each list got (with ETags), kept across runs
//   <root>/fetched/*.json, categories.json
//                                  the bulk answers, the extras' dates, the themes (cache.ts)
//   <root>/run.json                a sync under way: the next sync resumes it (never one already published)
//   <root>/sync.lock, sync.lock.db who is syncing, and the lock itself (lock.ts, lock-info.ts)
//
// Nothing here is fetched: this module only reads and writes those files.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { randomBytes } from '../files/node-crypto'
import { dirname, join } from 'node:path'
import { readJsonFile } from '../files/read-json'
import { writeFileAtomic } from '../files/write-file'
import type { Validators } from './http'
import { tryLockNow } from './lock'

export const POINTER = 'catalogue.json'
/** In a published folder: what each list of it is (CatalogueEntry by Meshwesh id). */
const LISTS = 'lists.json'

/** One list of the published catalogue. */
export interface CatalogueEntry {
  /** Muster's army id. */
  army: string
  name: string
  /** "66a". */
  list: string
  /** Hash of the army file as published, to tell a changed list from an unchanged one. */
  hash: string
  fetched: string
  /** Set when Meshwesh no longer serves the list: the date it was first missed. */
  removed?: string
}

export interface CataloguePointer {
  format: 'muster-meshwesh-catalogue'
  version: 1
  /** Folder under the root holding the published data. */
  folder: string
  publishedAt: string
  baseUrl: string
  ruleset: string
  /** The sync run that published it: that run is over, never resumed. */
  run: string
  /** The folder it replaced, kept until the next publish (a running app may still read it); null for none. */
  replaced: string | null
  lists: Record<string, CatalogueEntry>
}

/** A part of one list as last fetched: its validators and a hash of the body. */
export interface PartRecord {
  validators: Validators
  hash: string
}

/** What the last fetch of one list got. */
export interface FetchedList {
  id: string
  /** The run that last fetched new content of it (a resumed run counts such a list as downloaded). */
  run: string
  fetchedAt: string
  parts: Record<string, PartRecord>
  list: unknown
  allyOptions?: unknown
  enemies: string[]
  associated: string[]
}

export interface RunState {
  run: string
  startedAt: string
  baseUrl: string
}

const MAX_BYTES = 64 * 1024 * 1024

function readJson<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined
  const read = readJsonFile(file, MAX_BYTES)
  return read.ok ? (read.data as T) : undefined
}

/** The pointer as stored: small, since every start of Muster reads it; the lists are in the folder's lists.json. */
type StoredPointer = Omit<CataloguePointer, 'lists' | 'run' | 'replaced'> & { count: number; run?: string; replaced?: string | null }

function readStoredPointer(root: string): StoredPointer | undefined {
  const p = readJson<StoredPointer>(join(root, POINTER))
  return p?.format === 'muster-meshwesh-catalogue' && typeof p.folder === 'string' && /^c-[\w-]+$/.test(p.folder) && existsSync(join(root, p.folder))
    ? p
    : undefined
}

/** The catalogue in force with what it holds; undefined before the first sync. */
export function readPointer(root: string): CataloguePointer | undefined {
  const p = readStoredPointer(root)
  if (!p) return undefined
  const { count: _count, ...rest } = p
  // A pointer of an older Muster names no run: its folder (c-<run>-<time>) does.
  const run = typeof p.run === 'string' ? p.run : (/^c-(.+)-[^-]+$/.exec(p.folder)?.[1] ?? '')
  return { ...rest, run, replaced: p.replaced ?? null, lists: readJson<Record<string, CatalogueEntry>>(join(root, p.folder, LISTS)) ?? {} }
}

/** Whether `run` is the run of the catalogue in force (published: over, not to be resumed). */
export function isPublishedRun(pointer: CataloguePointer | undefined, run: string): boolean {
  return pointer !== undefined && run !== '' && (pointer.run === run || pointer.folder.startsWith(`c-${run}-`))
}

const tidied = new Set<string>()

/** The published catalogue's data folder, to lay over the bundled data; undefined before the first sync. */
export function catalogueDataDir(root: string): string | undefined {
  const p = readStoredPointer(root)
  if (!p) return undefined
  // Opened for use: once per process, what killed publishes left goes.
  if (!tidied.has(root)) {
    tidied.add(root)
    tidyOpened(root, p)
  }
  return join(root, p.folder)
}

/**
 * The tidy as the catalogue is opened. `seen` is the pointer the opener read, which a sync may have
 * replaced since: it only says whether there is anything to look at (at most starts nothing, and no
 * lock is taken). What goes is decided under the sync lock, from the pointer as it is then.
 */
export function tidyOpened(root: string, seen: Pick<StoredPointer, 'folder' | 'replaced'>): void {
  try {
    if (seen.replaced !== undefined && staleFolders(root, seen).length > 0) tidyCatalogue(root, false)
  } catch {
    // left for next time
  }
}

/** Publishes: the folder's lists.json first, then the pointer, replaced whole, names the folder. */
export function writePointer(root: string, pointer: CataloguePointer): void {
  const { lists, ...rest } = pointer
  writeFileAtomic(join(root, pointer.folder, LISTS), JSON.stringify(lists) + '\n')
  const stored: StoredPointer = { ...rest, count: Object.keys(lists).length }
  writeFileAtomic(join(root, POINTER), JSON.stringify(stored, null, 1) + '\n')
}

const fetchedFile = (root: string, id: string) => join(root, 'fetched', `${id}.json`)

export function readFetched(root: string, id: string): FetchedList | undefined {
  const f = readJson<FetchedList>(fetchedFile(root, id))
  const sound =
    f &&
    f.id === id &&
    typeof f.run === 'string' &&
    typeof f.fetchedAt === 'string' &&
    f.parts &&
    typeof f.parts === 'object' &&
    Array.isArray(f.enemies) &&
    Array.isArray(f.associated) &&
    f.list &&
    typeof f.list === 'object'
  return sound ? f : undefined
}

/**
 * Kept whole (a temp file renamed into place) but not flushed to disk, and written without blocking:
 * a cache, read back with a check (readFetched), so a copy lost in a power cut is simply fetched again.
 */
export async function writeFetched(root: string, entry: FetchedList): Promise<void> {
  const file = fetchedFile(root, entry.id)
  // node:fs/promises when a sync first writes, not at every start that reads the catalogue (loading it costs ~1 ms)
  const { mkdir, rename, rm, writeFile } = process.getBuiltinModule('node:fs/promises')
  await mkdir(dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    await writeFile(temp, JSON.stringify(entry))
    await rename(temp, file)
  } catch (e) {
    await rm(temp, { force: true })
    throw e
  }
}

export function readRun(root: string): RunState | undefined {
  return readJson<RunState>(join(root, 'run.json'))
}

export function writeRun(root: string, run: RunState): void {
  mkdirSync(root, { recursive: true })
  writeFileAtomic(join(root, 'run.json'), JSON.stringify(run) + '\n')
}

export function clearRun(root: string): void {
  rmSync(join(root, 'run.json'), { force: true })
}

/** Catalogue folders other than those kept (the one in force and the one it replaced). */
export function removeStaleFolders(root: string, keep: Array<string | null | undefined>): void {
  if (!existsSync(root)) return
  for (const name of readdirSync(root)) {
    if (name.startsWith('c-') && !keep.includes(name)) rmSync(join(root, name), { recursive: true, force: true })
  }
}

/**
 * Removes what killed publishes and syncs left: catalogue folders that are neither in force nor the
 * one it replaced (a running app may still read that one), and the cache's half-written temp files.
 * Only under the sync lock: a caller that does not hold it (`locked` false) takes it here, and does
 * nothing when a sync holds it (the folder a sync writes is in force nowhere yet). The pointer is read
 * under the lock, so a sync that published a moment ago has its folder kept. A pointer that cannot be
 * read, or one of an older Muster (which does not say what it replaced), leaves everything as it is.
 * Best effort: what cannot be removed now (a read-only folder, a file held open) is left for next time.
 */
export function tidyCatalogue(root: string, locked: boolean): void {
  if (!existsSync(root)) return
  if (locked) return tidyHeld(root)
  let held: ReturnType<typeof tryLockNow>
  try {
    held = tryLockNow(root)
  } catch {
    return // a folder that cannot hold a lock (read-only): left as it is
  }
  if (!held) return // a sync runs; it tidies as it starts
  try {
    tidyHeld(root)
  } finally {
    held.release()
  }
}

/** Catalogue folders other than the one `stored` puts in force and the one it replaced. */
function staleFolders(root: string, stored: Pick<StoredPointer, 'folder' | 'replaced'> | undefined): string[] {
  return readdirSync(root).filter((n) => n.startsWith('c-') && n !== stored?.folder && n !== stored?.replaced)
}

function tidyHeld(root: string): void {
  try {
    const stored = readStoredPointer(root)
    // A pointer there but unreadable: which folder is in force is unknown, so none is touched.
    if (!stored && existsSync(join(root, POINTER))) return
    if (stored && stored.replaced === undefined) return
    for (const name of staleFolders(root, stored)) rmSync(join(root, name), { recursive: true, force: true })
    if (existsSync(join(root, 'fetched')))
      for (const name of readdirSync(join(root, 'fetched'))) if (name.endsWith('.tmp')) rmSync(join(root, 'fetched', name), { force: true })
  } catch {
    // left for next time
  }
}
