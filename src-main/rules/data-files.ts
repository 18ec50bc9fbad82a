// Reading the files of a data folder: which folders hold ruleset data, each file read as JSON (a
// user's checked against its schema, the app's own trusted), the army files (read when first asked
// for where they are trusted), and the date a published Meshwesh catalogue folder names.
import type Ajv2020 from 'ajv/dist/2020'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { readJsonFile } from '../files/read-json'
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
  const data = readJson(file)
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

/** An army file: checked against the schema unless trusted, and its id must match the file name. */
function readArmy(ajv: () => Ajv2020, file: string, trusted: boolean): Army {
  const army = checked<Army>(ajv, 'army.schema.json', file, trusted)
  if (`${army.id}.json` !== basename(file)) throw new DataError(displayPath(file), [`army id '${army.id}' does not match the file name`])
  return army
}

/**
 * A folder's army files: a user's read and checked now; the bundled ones, those of a folder Muster
 * checked when it wrote it and that is unchanged since (checked-index.ts), and each file whose bytes
 * an earlier start checked (`known`: checked-cache.ts), read when first asked for and trusted as the
 * bundled data is (they are cross-checked with their ruleset as they are read).
 */
export function readArmies(
  ajv: () => Ajv2020,
  folder: string,
  trusted: boolean,
  known: (file: string) => boolean = () => false
): Array<{ id: string; file: string; army?: Army; read: () => Army }> {
  const dir = join(folder, 'armies')
  if (!isDir(dir)) return []
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
  const all = trusted || matchesCheckedIndex(dir, files)
  return files.map((f) => {
    const file = join(dir, f)
    const lazy = all || known(file)
    const read = () => readArmy(ajv, file, lazy)
    return { id: f.slice(0, -'.json'.length), file, army: lazy ? undefined : read(), read }
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
