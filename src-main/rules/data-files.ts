// Reading the files of a data folder: which folders hold ruleset data, each file read as JSON (a
// user's checked against its schema, the app's own trusted), the army files (read when first asked
// for where they are trusted), and the date a published Meshwesh catalogue folder names.
import type Ajv2020 from 'ajv/dist/2020'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join, relative, sep } from 'node:path'
import { parseJsonBytes, readJsonFile } from '../files/read-json'
import { readRegularFile } from '../files/read-file'
import { checkedHash, statOf, type CheckedArmyCache, type FileStat } from './checked-cache'
import { matchesCheckedIndex } from './checked-index'
import { projectRoot } from './paths'
import { DataError } from './registry'
import { describeAjvErrors, schemaId } from './schemas'
import type { Army } from './types'

export function displayPath(file: string): string {
  const rel = relative(projectRoot(), file)
  return rel.startsWith('..') ? file : rel
}

/** Far above any ruleset or army file; the cap only stops a runaway file in a user's data folder. */
const MAX_DATA_BYTES = 50 * 1024 * 1024

function readJson(file: string): unknown {
  const read = readJsonFile(file, MAX_DATA_BYTES)
  if (!read.ok) throw new DataError(displayPath(read.place), [read.message])
  return read.data
}

function readTrustedJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch (e) {
    throw new DataError(displayPath(file), [`cannot be read: ${(e as Error).message}`])
  }
}

/**
 * A data file, checked against its schema unless it is the app's own (`trusted`): the bundled data
 * ships with the app and the tests check every file of it (test/unit/schemas-and-data.test.ts), so a
 * start does not compile and run those schemas again; a user's data folder is always checked.
 */
export function checked<T>(ajv: () => Ajv2020, schemaFile: string, file: string, trusted: boolean): T {
  // Files Muster ships or wrote itself after checking them: read as plain JSON, at JSON.parse's speed.
  if (trusted) return readTrustedJson(file) as T
  return validated<T>(ajv, schemaFile, file, readJson(file))
}

/** Data of `file` checked against its schema. */
function validated<T>(ajv: () => Ajv2020, schemaFile: string, file: string, data: unknown): T {
  const validate = ajv().getSchema(schemaId(schemaFile))
  if (!validate) throw new Error(`schema ${schemaFile} is not registered`)
  if (!validate(data)) throw new DataError(displayPath(file), describeAjvErrors(validate.errors))
  return data as T
}

export const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory()

/** What a ruleset folder, or a folder laid over one, holds: any of these makes a folder ruleset data. */
export const holdsRulesetData = (folder: string): boolean =>
  existsSync(join(folder, 'ruleset.json')) || existsSync(join(folder, 'costs.json')) || isDir(join(folder, 'armies')) || isDir(join(folder, 'editions'))

/** The ruleset folders inside a data folder; a folder that is itself a ruleset folder counts too. */
export function rulesetFolders(dataDir: string): string[] {
  if (!isDir(dataDir)) throw new DataError(dataDir, ['is not a folder'])
  if (existsSync(join(dataDir, 'ruleset.json')) || existsSync(join(dataDir, 'costs.json')) || isDir(join(dataDir, 'armies'))) return [dataDir]
  return readdirSync(dataDir)
    .sort()
    .map((name) => join(dataDir, name))
    .filter(isDir)
}

/** An army read from `file`, whose id must match the file name. */
function namedLike(army: Army, file: string): Army {
  if (`${army.id}.json` !== basename(file)) throw new DataError(displayPath(file), [`army id '${army.id}' does not match the file name`])
  return army
}

/** An army file: checked against the schema unless trusted, and its id must match the file name. */
function readArmy(ajv: () => Ajv2020, file: string, trusted: boolean): Army {
  return namedLike(checked<Army>(ajv, 'army.schema.json', file, trusted), file)
}

/** An army file's bytes, read once, with the checks any user's file gets (a regular file, capped). */
function armyBytes(file: string): Buffer {
  const read = readRegularFile(file, MAX_DATA_BYTES)
  if (!read.ok) throw new DataError(displayPath(read.place), [read.message])
  return read.bytes
}

/** An army from bytes read once: parsed when trusted, else parsed strictly and checked against the schema. */
function armyFromBytes(ajv: () => Ajv2020, file: string, bytes: Buffer, trusted: boolean): Army {
  if (trusted) {
    try {
      return namedLike(JSON.parse(bytes.toString('utf8')) as Army, file)
    } catch (e) {
      if (e instanceof DataError) throw e
      throw new DataError(displayPath(file), [`cannot be read: ${(e as Error).message}`])
    }
  }
  const read = parseJsonBytes(file, bytes, MAX_DATA_BYTES)
  if (!read.ok) throw new DataError(displayPath(read.place), [read.message])
  return namedLike(validated<Army>(ajv, 'army.schema.json', file, read.data), file)
}

/** The checked army cache (checked-cache.ts) and the place a folder's files are read into (their ruleset and its data version). */
export interface ArmyTrust {
  cache: CheckedArmyCache
  place: string
}

/** One army file of a folder: read already (`army`), or to be read when first asked for. */
export interface ArmyFile {
  id: string
  file: string
  army?: Army
  read: () => Army
  /** Set when it was checked whole now, for the cache: the place it was read into, its stat before the read and the hash of the bytes checked. */
  checked?: { place: string; stat: FileStat; hash: string }
}

/**
 * A folder's army files: a user's read and checked now; the bundled ones, those of a folder Muster
 * checked when it wrote it and that is unchanged since (checked-index.ts), and each file whose bytes
 * an earlier start checked as this list of this ruleset (`trust`: checked-cache.ts), read when first
 * asked for and trusted as the bundled data is (they are cross-checked with their ruleset as they are
 * read). A file trusted by the cache is hashed again as it is read, and checked when its bytes are not
 * the ones trusted. `trust` is asked for only when a folder has files to check.
 */
export function readArmies(ajv: () => Ajv2020, folder: string, trusted: boolean, trust: () => ArmyTrust | undefined = () => undefined): ArmyFile[] {
  const dir = join(folder, 'armies')
  if (!isDir(dir)) return []
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
  // `dir + sep + f`, not join(): join normalises each of a catalogue's ~700 paths, which cost a start ms
  const prefix = dir + sep
  if (trusted || matchesCheckedIndex(dir, files))
    return files.map((f) => ({ id: f.slice(0, -'.json'.length), file: prefix + f, read: () => readArmy(ajv, prefix + f, true) }))
  const known = files.length ? trust() : undefined
  return files.map((f) => {
    const id = f.slice(0, -'.json'.length)
    const file = prefix + f
    const read = () => readArmy(ajv, file, false)
    if (!known) return { id, file, army: read(), read }
    if (known.cache.knows(file, known.place))
      return {
        id,
        file,
        read: () => {
          const bytes = armyBytes(file)
          return armyFromBytes(ajv, file, bytes, known.cache.trusts(file, known.place, bytes))
        }
      }
    let stat: FileStat | undefined
    try {
      stat = statOf(file)
    } catch {
      // gone: the read below says so
    }
    const bytes = armyBytes(file)
    const army = armyFromBytes(ajv, file, bytes, false)
    return { id, file, army, read, ...(stat ? { checked: { place: known.place, stat, hash: checkedHash(known.place, file, bytes) } } : {}) }
  })
}

/** The date a published Meshwesh catalogue folder was published (its root's catalogue.json names it), else undefined. */
export function catalogueDate(dataDir: string): string | undefined {
  const pointer = join(dirname(dataDir), 'catalogue.json')
  if (!existsSync(pointer)) return undefined
  try {
    const p = JSON.parse(readFileSync(pointer, 'utf8')) as { format?: unknown; folder?: unknown; publishedAt?: unknown }
    if (p.format !== 'muster-meshwesh-catalogue' || p.folder !== basename(dataDir) || typeof p.publishedAt !== 'string') return undefined
    return p.publishedAt.slice(0, 10)
  } catch {
    return undefined
  }
}
