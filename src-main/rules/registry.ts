// Loads every ruleset folder (bundled data/rulesets, then each user --data folder on top), checks
// each file against its schema and cross-checks ids, so the engine only ever sees sound data.
// A user's files are read and checked at once, so a bad data folder is refused at start. The army
// files of the bundled data are read when first asked for (ArmyLoader): `muster validate` of one roster
// reads its own army list, not all of them; iterating a ruleset's armies reads them all.
import { createHash } from 'node:crypto'
import type Ajv2020 from 'ajv/dist/2020'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { readJsonFile } from '../files/read-json'
import { basename, dirname, join, relative } from 'node:path'
import { bundledDataDir, projectRoot } from './paths'
import { formulaProblem } from './formula'
import { describeAjvErrors, schemaId } from './schemas'
import type { Army, ArmyOption, BattleCardEntry, Constraint, CostTable, Edition, Ruleset, Selector, TroopType } from './types'
import { editionProblems } from './editions'
import { undeclaredFacts } from './army-facts'
import { matchesCheckedIndex } from './checked-index'
import type { Era } from '../generated-types/eras'
import { armyRules } from './army-rules'
import { amendmentProblems } from './amendment-data'
import { ArmyLoader } from './army-loader'
import { twinFinder } from './list-twins'
import { playProblems } from './play-checks'

export { ArmyLoader }

export interface LoadedRuleset {
  ruleset: Ruleset
  troops: Map<string, TroopType>
  /** Its army lists by id: the bundled ones read from their files when first asked for (ArmyLoader). */
  armies: ArmyLoader
  /** Folders this ruleset's files were read from (bundled first). */
  sources: string[]
  /** Which costs.json priced it, if any. */
  costTable?: string
  /** Its data editions by id (editions/*.json), each the differences from these values. */
  editions: Map<string, Edition>
  /** Set on a ruleset as an edition has it (editions.ts applyEdition); absent: the ruleset's own values. */
  edition?: { id: string; name: string }
  /** Army ids read from a data folder other than the bundled one (a Meshwesh catalogue, the user's, --data). */
  fromUserData: Set<string>
  /**
   * The files in force that are not the bundled data's (rules/data-in-force.ts codeData): a check code
   * and a printed sheet must say when rules other than the stock ones were used. A ruleset, cost
   * table or edition file that is a byte-for-byte copy of the bundled one is not listed; an army
   * file names the bundled one it lies over (`over`), compared when a code is made.
   */
  overrides: DataOverrides
}

/** Where one file of the data in force came from, when not from the bundled data. */
export interface DataOrigin {
  file: string
  /** Set when it came from a published Meshwesh catalogue: the date it was published (YYYY-MM-DD). */
  catalogue?: string
  /** The bundled file it lies over, if any: a copy of it, or of its rules (army-rules.ts), changes nothing (told when asked, not at start). */
  over?: string
  /**
   * SHA-256 (hex) of the data as it was parsed when the registry read it (stably written: dataDigest;
   * of an army list, its rules only: armyDigest), so a check code covers the data in force, not what the file holds later. Set when the file is
   * read; an army read lazily has it once it is first asked for.
   */
  digest?: string
}

export interface DataOverrides {
  /** The ruleset.json in force, when a data folder's replaced (or added) it. */
  ruleset?: DataOrigin
  /** Cost tables (costs.json) applied, in order. */
  costs: DataOrigin[]
  /** Army files in force from a folder other than the bundled one, by army id. */
  armies: Map<string, DataOrigin>
  /** Edition files from a folder other than the bundled one, by edition id. */
  editions: Map<string, DataOrigin>
}

/** A named span of years armies are grouped by (data/eras.json; the type comes from its schema). */
export type { Era }

export interface Registry {
  rulesets: Map<string, LoadedRuleset>
  /** Named periods for browsing armies (data/eras.json). */
  eras: Era[]
  /**
   * What was left out of the user's data, and why, for the app and the CLI to say (user-data.ts
   * withoutDamagedCatalogue): an edition named like one Muster ships (issue 26), a folder that is not
   * ruleset data (issue 38).
   */
  warnings: string[]
}

export class DataError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[]
  ) {
    super(`${file}: ${problems.join('; ')}`)
    this.name = 'DataError'
  }
}

function displayPath(file: string): string {
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
function checked<T>(ajv: () => Ajv2020, schemaFile: string, file: string, trusted: boolean): T {
  // Files Muster ships or wrote itself after checking them: read as plain JSON, at JSON.parse's speed.
  if (trusted) return readTrustedJson(file) as T
  const data = readJson(file)
  const validate = ajv().getSchema(schemaId(schemaFile))
  if (!validate) throw new Error(`schema ${schemaFile} is not registered`)
  if (!validate(data)) throw new DataError(displayPath(file), describeAjvErrors(validate.errors))
  return data as T
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory()

/** What a ruleset folder, or a folder laid over one, holds: any of these makes a folder ruleset data. */
const holdsRulesetData = (folder: string): boolean =>
  existsSync(join(folder, 'ruleset.json')) || existsSync(join(folder, 'costs.json')) || isDir(join(folder, 'armies')) || isDir(join(folder, 'editions'))

/** The ruleset folders inside a data folder; a folder that is itself a ruleset folder counts too. */
function rulesetFolders(dataDir: string): string[] {
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
 * A folder's army files: a user's read and checked now; the bundled ones, and those of a folder Muster
 * checked when it wrote it and that is unchanged since (checked-index.ts), read when first asked for
 * and trusted as the bundled data is (they are cross-checked with their ruleset as they are read).
 */
function readArmies(ajv: () => Ajv2020, folder: string, trusted: boolean): Array<{ id: string; army?: Army; read: () => Army }> {
  const dir = join(folder, 'armies')
  if (!isDir(dir)) return []
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
  const lazy = trusted || matchesCheckedIndex(dir, files)
  return files.map((f) => {
    const read = () => readArmy(ajv, join(dir, f), lazy)
    return { id: f.slice(0, -'.json'.length), army: lazy ? undefined : read(), read }
  })
}

/** The date a published Meshwesh catalogue folder was published (its root's catalogue.json names it), else undefined. */
function catalogueDate(dataDir: string): string | undefined {
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

/** JSON with object keys sorted and no white space: two files that parse to the same data give the same text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * A data file's content as a check code covers it (rules/data-in-force.ts): the parsed JSON, stably
 * written, so white space, key order and line endings change nothing; the bytes as they are when
 * the file does not parse; a note of it when it cannot be read.
 */
export function dataText(file: string): string {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return `unreadable ${file}`
  }
  try {
    return stableJson(JSON.parse(text))
  } catch {
    return text
  }
}

/** The digest a check code covers of parsed data (DataOrigin.digest). */
export const dataDigest = (data: unknown): string => createHash('sha256').update(stableJson(data)).digest('hex')

/**
 * The digest a check code covers of an army list: its rules only (army-rules.ts NOT_RULES leaves out
 * its bookkeeping and its authors' words), so two copies of one list fetched on other days, or one
 * with and one without the authors' notes, give one code.
 */
export const armyDigest = (army: unknown): string => dataDigest(armyRules(army))

/** The same digest of a file read now (dataText): for a file the registry did not parse. An army file's, of its rules when it parses. */
export function fileDigest(file: string, army = false): string {
  if (army) {
    try {
      return armyDigest(JSON.parse(readFileSync(file, 'utf8')))
    } catch {
      // unreadable or not JSON: by its text, as any other file
    }
  }
  return createHash('sha256').update(dataText(file)).digest('hex')
}

/** Whether a file holds the same data as another (a copy of a bundled file, even reformatted, changes nothing). */
export function sameBytes(file: string, other: string | undefined): boolean {
  if (!other || !existsSync(other)) return false
  try {
    if (statSync(file).size === statSync(other).size && readFileSync(file).equals(readFileSync(other))) return true
    return dataText(file) === dataText(other)
  } catch {
    return false
  }
}

const emptyOverrides = (): DataOverrides => ({ costs: [], armies: new Map(), editions: new Map() })

/**
 * The rulesets of the bundled data with each user data folder laid over it. `ajv` (the project's
 * schemas, schemas.ts) is asked for only when a user's file is to be checked.
 */
export function loadRegistry(ajvOrMake: Ajv2020 | (() => Ajv2020), userDataDirs: string[] = []): Registry {
  const ajv = typeof ajvOrMake === 'function' ? ajvOrMake : () => ajvOrMake
  const rulesets = new Map<string, LoadedRuleset>()
  /** Rulesets a user's ruleset.json replaced: every army of theirs is read and cross-checked at once. */
  const userRulesets = new Set<string>()
  const pendingArmies: Array<{
    rulesetId: string
    folder: string
    trusted: boolean
    catalogue?: string
    armies: Array<{ id: string; army?: Army; read: () => Army }>
  }> = []
  const pendingCosts: Array<{ file: string; table: CostTable; origin?: DataOrigin }> = []
  const pendingEditions: Array<{ file: string; edition: Edition; origin?: DataOrigin }> = []
  const warnings: string[] = []
  /** The bundled data's folder of each ruleset, to tell a copy of a bundled file from a change. */
  const bundledFolders = new Map<string, string>()
  const bundledFile = (rulesetId: string, ...parts: string[]): string | undefined => {
    const folder = bundledFolders.get(rulesetId)
    return folder ? join(folder, ...parts) : undefined
  }

  for (const [n, dataDir] of [bundledDataDir(), ...userDataDirs].entries()) {
    // Only the first, the app's own bundled data, is trusted; any folder a user names is checked, even the same one.
    const trusted = n === 0
    const catalogue = trusted ? undefined : catalogueDate(dataDir)
    const origin = (file: string): DataOrigin => ({ file, ...(catalogue ? { catalogue } : {}) })
    for (const folder of rulesetFolders(dataDir)) {
      const rulesetFile = join(folder, 'ruleset.json')
      let rulesetId = basename(folder)
      if (existsSync(rulesetFile)) {
        const ruleset = checked<Ruleset>(ajv, 'ruleset.schema.json', rulesetFile, trusted)
        rulesetId = ruleset.id
        if (!trusted) userRulesets.add(ruleset.id)
        if (trusted) bundledFolders.set(ruleset.id, folder)
        const overrides = rulesets.get(ruleset.id)?.overrides ?? emptyOverrides()
        if (trusted) overrides.ruleset = undefined
        else if (!sameBytes(rulesetFile, bundledFile(ruleset.id, 'ruleset.json'))) overrides.ruleset = { ...origin(rulesetFile), digest: dataDigest(ruleset) }
        rulesets.set(ruleset.id, {
          ruleset,
          troops: new Map(ruleset.troopTypes.map((t) => [t.id, t])),
          armies: rulesets.get(ruleset.id)?.armies ?? new ArmyLoader(),
          sources: [...(rulesets.get(ruleset.id)?.sources ?? []), folder],
          editions: rulesets.get(ruleset.id)?.editions ?? new Map(),
          fromUserData: rulesets.get(ruleset.id)?.fromUserData ?? new Set(),
          overrides
        })
      } else if (!rulesets.has(rulesetId) && folder !== dataDir) {
        // Not data of any ruleset known (issue 38, and its review): a player's `backup` folder, a
        // copy of a ruleset's folder kept aside (`triumph-backup/armies`, an empty `old/editions`), a
        // Meshwesh catalogue copied in. No ruleset.json and not named after a ruleset: left out,
        // saying so, never a reason to refuse all the data. Faults in the files of a folder that
        // loads (named after its ruleset, or with its ruleset.json) stay errors, as they are read.
        const known = [...rulesets.keys()].sort().join(', ')
        warnings.push(
          holdsRulesetData(folder)
            ? `${displayPath(folder)}: no ruleset.json here and no ruleset '${rulesetId}' to add to, so it looks like a copy of ruleset data; it is left out. Move it out of the data folder, or name the folder after the ruleset it adds to (one of: ${known})`
            : `${displayPath(folder)}: not a ruleset folder (no ruleset.json, costs.json, armies or editions in it), so it is left out; move it out of the data folder to stop this warning`
        )
        continue
      } else if (!rulesets.has(rulesetId)) {
        throw new DataError(displayPath(folder), [`no ruleset.json here and no ruleset '${rulesetId}' to add to`])
      } else {
        rulesets.get(rulesetId)!.sources.push(folder)
      }
      pendingArmies.push({ rulesetId, folder, trusted, ...(catalogue ? { catalogue } : {}), armies: readArmies(ajv, folder, trusted) })
      const editionsDir = join(folder, 'editions')
      if (isDir(editionsDir)) {
        for (const f of readdirSync(editionsDir)
          .filter((f) => f.endsWith('.json'))
          .sort()) {
          const file = join(editionsDir, f)
          const edition = checked<Edition>(ajv, 'edition.schema.json', file, trusted)
          pendingEditions.push({ file, edition, ...(trusted ? {} : { origin: { ...origin(file), digest: dataDigest(edition) } }) })
        }
      }
      const costsFile = join(folder, 'costs.json')
      if (existsSync(costsFile)) {
        const table = checked<CostTable>(ajv, 'costs.schema.json', costsFile, trusted)
        pendingCosts.push({
          file: costsFile,
          table,
          ...(trusted || sameBytes(costsFile, bundledFile(rulesetId, 'costs.json')) ? {} : { origin: { ...origin(costsFile), digest: dataDigest(table) } })
        })
      }
    }
  }

  const bundledArmyIds = new Map<string, Set<string>>()
  for (const { rulesetId, folder, armies, trusted, catalogue } of pendingArmies) {
    const target = rulesets.get(rulesetId)!.armies
    const { fromUserData, overrides } = rulesets.get(rulesetId)!
    const fromBundled = bundledArmyIds.get(rulesetId) ?? new Set<string>()
    bundledArmyIds.set(rulesetId, fromBundled)
    for (const { id, army, read } of armies) {
      if (trusted) fromUserData.delete(id)
      else fromUserData.add(id)
      const armyOrigin: DataOrigin | undefined = trusted
        ? undefined
        : {
            file: join(folder, 'armies', `${id}.json`),
            ...(catalogue ? { catalogue } : {}),
            ...(fromBundled.has(id) ? { over: bundledFile(rulesetId, 'armies', `${id}.json`) } : {}),
            ...(army ? { digest: armyDigest(army) } : {})
          }
      if (armyOrigin) overrides.armies.set(id, armyOrigin)
      else overrides.armies.delete(id)
      if (trusted) fromBundled.add(id)
      if (army) target.add(army)
      // a list read when first asked for: its digest is taken as it is parsed
      else if (armyOrigin)
        target.addUnread(id, () => {
          const read2 = read()
          armyOrigin.digest ??= armyDigest(read2)
          return read2
        })
      else target.addUnread(id, read)
    }
  }
  for (const { file, table, origin } of pendingCosts) {
    applyCosts(rulesets, file, table)
    if (origin) rulesets.get(table.ruleset)!.overrides.costs.push(origin)
  }
  // After the cost tables: an edition's differences are over the values in force.
  /** Edition ids of the bundled data: an edition of a user's folder never silently replaces one (issue 26). */
  const bundledEditions = new Map<string, string>()
  for (const { file, edition, origin } of pendingEditions) {
    const target = rulesets.get(edition.ruleset)
    if (!target) throw new DataError(displayPath(file), [`is an edition of unknown ruleset '${edition.ruleset}'`])
    // A bundled edition's card formulas are compiled by the tests, not at every start (as the ruleset's, crossCheck).
    const problems = editionProblems(target, edition, { formulas: origin !== undefined })
    if (`${edition.id}.json` !== basename(file)) problems.push(`edition id '${edition.id}' does not match the file name`)
    const shipped = bundledEditions.get(`${edition.ruleset}/${edition.id}`)
    if (origin && shipped && !sameBytes(file, shipped)) {
      // Left out, saying so, never used silently; and not a reason to refuse all the data (a player
      // who had such an edition before issue 26 could not start Muster at all).
      warnings.push(
        `${displayPath(file)}: edition '${edition.id}' has the id of an edition Muster ships, and would change it under the same name, so it is left out and Muster's own is used: give yours another id (and file name), such as '${edition.id}-own'`
      )
      continue
    }
    if (problems.length) throw new DataError(displayPath(file), problems)
    if (!origin) bundledEditions.set(`${edition.ruleset}/${edition.id}`, file)
    else if (!shipped) target.overrides.editions.set(edition.id, origin)
    target.editions.set(edition.id, edition)
  }
  for (const loaded of rulesets.values()) {
    const armies = loaded.armies
    if (loaded.ruleset.armiesFrom) {
      const from = rulesets.get(loaded.ruleset.armiesFrom)
      if (!from) throw new DataError(loaded.ruleset.id, [`armiesFrom names unknown ruleset '${loaded.ruleset.armiesFrom}'`])
      for (const id of from.armies.keys()) {
        if (armies.has(id)) continue
        const override = from.overrides.armies.get(id)
        if (override) loaded.overrides.armies.set(id, override)
        if (from.armies.isUnread(id)) armies.addUnread(id, () => from.armies.get(id)!)
        else armies.add(from.armies.get(id)!)
      }
    }
    if (userRulesets.has(loaded.ruleset.id) || (loaded.ruleset.armiesFrom && userRulesets.has(loaded.ruleset.armiesFrom))) {
      // A user's ruleset.json (or the one it takes its armies from): every army is checked against it now.
      armies.readAll()
      crossCheck(loaded)
    } else {
      // The armies read so far (a user's) now, each bundled one when it is read.
      const compiledFormulas = new WeakSet<object>()
      crossCheck(loaded, armies.readSoFar(), compiledFormulas)
      armies.onRead = (army) => crossCheck(loaded, [army], compiledFormulas)
    }
  }
  // One list per list number: a catalogue's list supersedes a bundled one of the same number, found when first needed (issue 39).
  for (const loaded of rulesets.values()) loaded.armies.findTwinsWith(twinFinder(loaded))
  const eras = checked<{ eras: Era[] }>(ajv, 'eras.schema.json', join(bundledDataDir(), '..', 'eras.json'), true).eras
  return { rulesets, eras, warnings }
}

function applyCosts(rulesets: Map<string, LoadedRuleset>, file: string, table: CostTable): void {
  const target = rulesets.get(table.ruleset)
  if (!target) throw new DataError(displayPath(file), [`prices unknown ruleset '${table.ruleset}'`])
  const problems: string[] = []
  const troopTypes = target.ruleset.troopTypes.map((t) => {
    const cost = table.costs[t.id]
    return cost === undefined ? t : { ...t, cost }
  })
  for (const id of Object.keys(table.costs)) if (!target.troops.has(id)) problems.push(`/costs/${id}: no troop type '${id}' in ${table.ruleset}`)
  if (problems.length) throw new DataError(displayPath(file), problems)
  target.ruleset = { ...target.ruleset, troopTypes }
  target.troops = new Map(troopTypes.map((t) => [t.id, t]))
  target.costTable = displayPath(file)
}

/**
 * Ids that the schemas cannot check: every troop, attribute and cost key named must exist. `armies`:
 * those to check (all by default); `compiledFormulas`: formulas found to compile by an earlier call
 * for this ruleset, not compiled again (an army read later is checked with its ruleset once more).
 */
function crossCheck(loaded: LoadedRuleset, armies: Iterable<Army> = loaded.armies.values(), compiledFormulas = new WeakSet<object>()): void {
  const { ruleset, troops } = loaded
  const problems: string[] = []
  const seen = new Set<string>()
  for (const [i, t] of ruleset.troopTypes.entries()) {
    if (seen.has(t.id)) problems.push(`/troopTypes/${i}: duplicate troop id '${t.id}'`)
    seen.add(t.id)
    for (const attr of Object.keys(t.attributes ?? {})) {
      if (!ruleset.attributes[attr]) problems.push(`/troopTypes/${i}/attributes/${attr}: attribute not defined in 'attributes'`)
    }
    if (typeof t.cost === 'object') {
      for (const attr of t.cost.by) if (!t.attributes?.[attr]) problems.push(`/troopTypes/${i}/cost/by: '${attr}' is not an attribute of ${t.id}`)
    }
    for (const stat of Object.keys(t.stats ?? {})) if (!ruleset.stats[stat]) problems.push(`/troopTypes/${i}/stats/${stat}: stat not defined in 'stats'`)
  }
  const checkSelector = (s: Selector | undefined, where: string): void => {
    if (!s) return
    for (const id of s.troops ?? []) if (!troops.has(id)) problems.push(`${where}/troops: unknown troop '${id}'`)
    for (const attr of Object.keys(s.attributes ?? {})) if (!ruleset.attributes[attr]) problems.push(`${where}/attributes: unknown attribute '${attr}'`)
    checkSelector(s.not, `${where}/not`)
  }
  const checkConstraints = (list: Constraint[], where: string): void =>
    list.forEach((c, i) => {
      checkSelector(c.select, `${where}/${i}/select`)
      checkSelector(c.of, `${where}/${i}/of`)
      checkSelector(c.then, `${where}/${i}/then`)
      if (c.attribute && !ruleset.attributes[c.attribute]) problems.push(`${where}/${i}/attribute: unknown attribute '${c.attribute}'`)
    })
  checkConstraints(ruleset.constraints, 'ruleset.json /constraints')
  problems.push(...amendmentProblems(ruleset, troops))
  // A usual value names a value its attribute has (a typo would silently never apply).
  const valueProblem = (attr: string, value: unknown, where: string): void => {
    const def = ruleset.attributes[attr]
    if (!def) return void problems.push(`${where}: unknown attribute '${attr}'`)
    const ok = def.type === 'boolean' ? typeof value === 'boolean' : typeof value === 'string' && (def.values ?? []).includes(value)
    if (!ok) problems.push(`${where}: '${String(value)}' is not a value of '${attr}'${def.values ? ` (${def.values.join(', ')})` : ''}`)
  }
  for (const [attr, def] of Object.entries(ruleset.attributes)) {
    if (def.usualBy) {
      if (!ruleset.attributes[def.usualBy.attribute]) problems.push(`ruleset.json /attributes/${attr}/usualBy: unknown attribute '${def.usualBy.attribute}'`)
      for (const [by, value] of Object.entries(def.usualBy.values)) {
        valueProblem(def.usualBy.attribute, by, `ruleset.json /attributes/${attr}/usualBy/values`)
        valueProblem(attr, value, `ruleset.json /attributes/${attr}/usualBy/values/${by}`)
      }
    }
    if (def.unmarked && def.type !== 'boolean') problems.push(`ruleset.json /attributes/${attr}/unmarked: only a boolean role can be unmarked`)
  }
  // Formulas compile here, so a bad one is a data problem at load, never an exception in a check. The
  // bundled ruleset.json's are not compiled again at every start (test/unit/startup-load.test.ts
  // compiles them): about 3 ms of a `muster validate`.
  const bundledRuleset = loaded.overrides.ruleset === undefined
  const checkFormula = (formula: unknown, where: string): void => {
    if (bundledRuleset) return
    if (typeof formula === 'object' && formula !== null && compiledFormulas.has(formula)) return
    const problem = formulaProblem(formula)
    if (problem) problems.push(`${where}: the formula does not compile (${problem})`)
    else if (typeof formula === 'object' && formula !== null) compiledFormulas.add(formula)
  }
  ;(ruleset.unitFigures ?? []).forEach((f, i) => {
    checkSelector(f.select, `ruleset.json /unitFigures/${i}/select`)
    checkFormula(f.formula, `ruleset.json /unitFigures/${i}/formula`)
  })
  ;(ruleset.figures ?? []).forEach((f, i) => {
    checkSelector(f.perUnit, `ruleset.json /figures/${i}/perUnit`)
    checkFormula(f.formula, `ruleset.json /figures/${i}/formula`)
  })
  problems.push(...playProblems(ruleset.play, checkFormula))

  const factIds = new Set<string>()
  ;(ruleset.armyFacts ?? []).forEach((f, i) => {
    if (factIds.has(f.id)) problems.push(`ruleset.json /armyFacts/${i}: duplicate fact id '${f.id}'`)
    factIds.add(f.id)
  })

  const cardCodes = new Set<string>()
  ;(ruleset.battleCards ?? []).forEach((c, i) => {
    if (cardCodes.has(c.code)) problems.push(`ruleset.json /battleCards/${i}: duplicate card code '${c.code}'`)
    cardCodes.add(c.code)
    checkSelector(c.excludes?.select, `ruleset.json /battleCards/${i}/excludes/select`)
    checkFormula(c.cost, `ruleset.json /battleCards/${i}/cost`)
  })
  // An entry's troops (as, needsTroops) are the ruleset's, and the parts it is for the army's own.
  const checkCards = (entries: BattleCardEntry[] | undefined, at: string, army: Army): void =>
    entries?.forEach((e, i) => {
      if (!cardCodes.has(e.code)) problems.push(`${at}/${i}: battle card '${e.code}' is not defined by ruleset '${ruleset.id}'`)
      if (e.as !== undefined && !troops.has(e.as)) problems.push(`${at}/${i}/as: unknown troop '${e.as}'`)
      for (const t of e.needsTroops ?? []) if (!troops.has(t)) problems.push(`${at}/${i}/needsTroops: unknown troop '${t}'`)
      for (const id of [...(e.subFactions?.only ?? []), ...(e.subFactions?.except ?? [])]) {
        if (!army.subFactions?.some((s) => s.id === id)) problems.push(`${at}/${i}/subFactions: the army has no sub-faction '${id}'`)
      }
    })

  for (const army of armies) {
    const where = `armies/${army.id}.json`
    checkCards(army.battleCards, `${where} /battleCards`, army)
    const checkOptions = (options: ArmyOption[], at: string): void => {
      const ids = new Set<string>()
      options.forEach((o, i) => {
        if (ids.has(o.id)) problems.push(`${where} ${at}/${i}: duplicate option id '${o.id}'`)
        ids.add(o.id)
        for (const t of o.troops) if (!troops.has(t)) problems.push(`${where} ${at}/${i}/troops: unknown troop '${t}'`)
        if (o.min !== undefined && o.max != null && o.min > o.max) problems.push(`${where} ${at}/${i}: min ${o.min} > max ${o.max}`)
        checkCards(o.battleCards, `${where} ${at}/${i}/battleCards`, army)
      })
    }
    checkOptions(army.options, '/options')
    army.allies?.forEach((ally, a) => ally.contingents.forEach((c, k) => checkOptions(c.options, `/allies/${a}/contingents/${k}/options`)))
    for (const [attr, value] of Object.entries(army.usual ?? {})) valueProblem(attr, value, `${where} /usual/${attr}`)
    for (const g of army.generals ?? []) if (!troops.has(g)) problems.push(`${where} /generals: unknown troop '${g}'`)
    checkConstraints(army.constraints ?? [], `${where} /constraints`)
    for (const id of undeclaredFacts(ruleset, army)) problems.push(`${where} /facts/${id}: fact not declared in the ruleset's armyFacts`)
  }
  if (problems.length) throw new DataError(`data for ruleset '${ruleset.id}'`, problems)
}
