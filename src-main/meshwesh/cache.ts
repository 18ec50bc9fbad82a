// What the last fetches got, kept between syncs so an update asks conditionally and a refresh that
// fails keeps the last good copy (see docs/adr/0015-meshwesh-sync.md). Beside each list's own file
// (catalogue.ts, `fetched/<id>.json`):
//
//   <root>/fetched/bulk.json            the validators of the last `/armyLists` and `/allyArmyLists`
//                                       answers, and the hash of each list the first one held
//   <root>/fetched/allyArmyLists.json   the last `/allyArmyLists` answer (a 304 gives it back)
//   <root>/fetched/extras.json          when the extras (historical enemies, themes) were last refreshed
//   <root>/categories.json              the last answer of each themes route
//
// All are caches, read back with a check: one damaged or lost is as none, and what it held is asked
// for again, unconditionally.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { readJsonFile } from '../files/read-json'
import { writeFileAtomic } from '../files/write-file'
import type { FetchedList, PartRecord } from './catalogue'
import type { Validators } from './http'

/** One list's file, with when its historical enemies were last fetched, and by which run. */
export type CachedList = FetchedList & {
  /** When its historical enemies were last fetched (ISO); none before the first answer. */
  enemiesAt?: string
  /** The run that fetched them: a refresh resumed after an interruption does not ask again. */
  extrasRun?: string
}

export interface BulkState {
  /** The last `/armyLists` answer: its validators, and the hash of each list it held (by id). */
  lists?: { validators: Validators; hashes: Record<string, string> }
  /** The last `/allyArmyLists` answer's validators and hash (the answer is allyArmyLists.json). */
  allies?: PartRecord
}

export interface ExtrasState {
  /**
   * When the last whole refresh of the extras began (ISO). Enemies fetched before it (a list that
   * failed then) are asked for again at the next update.
   */
  refreshedAt?: string
  /** When the themes were last fetched, whether every answer came, and the lists the summary then named. */
  themesAt?: string
  themesComplete?: boolean
  themesLists?: string[]
}

/** The last answers of the themes routes, by path. */
export type ThemesCache = Record<string, { record: PartRecord; value: unknown }>

const MAX_BYTES = 64 * 1024 * 1024

function readObject(file: string): Record<string, unknown> | undefined {
  if (!existsSync(file)) return undefined
  const read = readJsonFile(file, MAX_BYTES)
  return read.ok && read.data !== null && typeof read.data === 'object' && !Array.isArray(read.data) ? (read.data as Record<string, unknown>) : undefined
}

const bulkFile = (root: string) => join(root, 'fetched', 'bulk.json')
const alliesFile = (root: string) => join(root, 'fetched', 'allyArmyLists.json')
const extrasFile = (root: string) => join(root, 'fetched', 'extras.json')
const themesFile = (root: string) => join(root, 'categories.json')

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
const isValidators = (v: unknown): v is Validators =>
  isRecord(v) && (v.etag === undefined || typeof v.etag === 'string') && (v.lastModified === undefined || typeof v.lastModified === 'string')
const isPartRecord = (v: unknown): v is PartRecord => isRecord(v) && isValidators(v.validators) && typeof v.hash === 'string'
const isHashes = (v: unknown): v is Record<string, string> => isRecord(v) && Object.values(v).every((h) => typeof h === 'string')

/** Each part checked on its own: one of the wrong shape is as none, and that route is asked unconditionally. */
export function readBulkState(root: string): BulkState {
  const data = readObject(bulkFile(root)) ?? {}
  const lists = data.lists
  return {
    lists: isRecord(lists) && isValidators(lists.validators) && isHashes(lists.hashes) ? { validators: lists.validators, hashes: lists.hashes } : undefined,
    allies: isPartRecord(data.allies) ? data.allies : undefined
  }
}

export function writeBulkState(root: string, state: BulkState): void {
  writeFileAtomic(bulkFile(root), JSON.stringify(state))
}

/** The last `/allyArmyLists` answer, if it is whole and its hash is the one recorded. */
export function readAllies(root: string, hash: string | undefined, hashOf: (v: unknown) => string): unknown[] | undefined {
  const data = readObject(alliesFile(root))
  const body = data?.body
  return Array.isArray(body) && hash !== undefined && hashOf(body) === hash ? body : undefined
}

export function writeAllies(root: string, body: unknown[]): void {
  writeFileAtomic(alliesFile(root), JSON.stringify({ body }))
}

export function readExtrasState(root: string): ExtrasState {
  const data = readObject(extrasFile(root)) ?? {}
  const text = (v: unknown) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : undefined)
  return {
    refreshedAt: text(data.refreshedAt),
    themesAt: text(data.themesAt),
    themesComplete: data.themesComplete === true,
    themesLists: Array.isArray(data.themesLists) ? data.themesLists.filter((x): x is string => typeof x === 'string') : undefined
  }
}

export function writeExtrasState(root: string, state: ExtrasState): void {
  writeFileAtomic(extrasFile(root), JSON.stringify(state))
}

export function readThemesCache(root: string): ThemesCache {
  const data = readObject(themesFile(root)) ?? {}
  // An answer kept without a sound record is as none (its `value` is checked where it is used).
  return Object.fromEntries(Object.entries(data).filter(([, e]) => isRecord(e) && isPartRecord(e.record))) as ThemesCache
}

export function writeThemesCache(root: string, cache: ThemesCache): void {
  writeFileAtomic(themesFile(root), JSON.stringify(cache))
}
