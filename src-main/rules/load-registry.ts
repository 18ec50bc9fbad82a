// Loads every ruleset folder (bundled data/rulesets, then each user --data folder on top), checks
// each file against its schema and cross-checks ids, so the engine only ever sees sound data.
// A user's files are read and checked at once, so a bad data folder is refused at start. The army
// files of the bundled data are read when first asked for (ArmyLoader): `muster validate` of one roster
// reads its own army list, not all of them; iterating a ruleset's armies reads them all.
// One load runs in steps: read every folder, then lay the armies, the cost tables and the editions
// over the rulesets they belong to, then link and cross-check each ruleset.
import type Ajv2020 from 'ajv/dist/2020'
import { existsSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Era } from '../generated-types/eras'
import { ArmyLoader } from './army-loader'
import { crossCheck } from './cross-check'
import { parsedAs, sameBytes, wasParsed } from './data-digest'
import { catalogueDate, checked, displayPath, holdsRulesetData, isDir, readArmies, rulesetFolders, type ArmyFile, type ArmyTrust } from './data-files'
import { editionProblems } from './editions'
import { twinFinder } from './list-twins'
import { bundledDataDir } from './paths'
import { DataError, type DataOrigin, type DataOverrides, type LoadedRuleset, type Registry } from './registry'
import type { Army, CostTable, Edition, Ruleset } from './types'
import { armyCheckKey, CheckedArmyCache } from './checked-cache'

/**
 * The rulesets of the bundled data with each user data folder laid over it. `ajv` (the project's
 * schemas, schemas.ts) is asked for only when a user's file is to be checked.
 */
export function loadRegistry(ajvOrMake: Ajv2020 | (() => Ajv2020), userDataDirs: string[] = [], options: { checkedArmies?: string } = {}): Registry {
  const load = new RegistryLoad(typeof ajvOrMake === 'function' ? ajvOrMake : () => ajvOrMake, options.checkedArmies)
  // Only the first, the app's own bundled data, is trusted; any folder a user names is checked, even the same one.
  for (const [n, dataDir] of [bundledDataDir(), ...userDataDirs].entries()) load.readDataDir(dataDir, n === 0)
  load.layArmies()
  load.applyCostTables()
  // After the cost tables: an edition's differences are over the values in force.
  load.applyEditions()
  load.linkAndCrossCheck()
  // Only once everything loaded and cross-checked: a start that refused the data remembers nothing.
  load.rememberChecked()
  const eras = checked<{ eras: Era[] }>(load.ajv, 'eras.schema.json', join(bundledDataDir(), '..', 'eras.json'), true).eras
  return { rulesets: load.rulesets, eras, warnings: load.warnings }
}

/** A folder's army files, read or to be read (data-files.ts readArmies). */
type ArmyFiles = ArmyFile[]

/** The army files of one ruleset folder, laid over their ruleset once every folder is read. */
interface PendingArmies {
  rulesetId: string
  folder: string
  trusted: boolean
  catalogue?: string
  armies: ArmyFiles
}

const emptyOverrides = (): DataOverrides => ({ costs: [], armies: new Map(), editions: new Map() })

/** One load of the data folders: what has been read so far, and the steps that lay it together. */
class RegistryLoad {
  readonly rulesets = new Map<string, LoadedRuleset>()
  readonly warnings: string[] = []
  /** Rulesets a user's ruleset.json replaced: every army of theirs is read and cross-checked at once. */
  private readonly userRulesets = new Set<string>()
  private readonly pendingArmies: PendingArmies[] = []
  private readonly pendingCosts: Array<{ file: string; table: CostTable; origin?: DataOrigin }> = []
  private readonly pendingEditions: Array<{ file: string; edition: Edition; origin?: DataOrigin }> = []
  /** The bundled data's folder of each ruleset, to tell a copy of a bundled file from a change. */
  private readonly bundledFolders = new Map<string, string>()

  /** The checked army cache (checked-cache.ts), opened when a user's folder first has army files to check. */
  private checkedCache?: CheckedArmyCache

  /** `checkedArmies`: the checked army cache's file; none, and every user's army file is checked at every load. */
  constructor(
    readonly ajv: () => Ajv2020,
    private readonly checkedArmies?: string
  ) {}

  /** The checked army cache and the place a ruleset's army files are read into (its id and data version); none without a cache file. */
  private trustFor(rulesetId: string): ArmyTrust | undefined {
    if (!this.checkedArmies) return undefined
    this.checkedCache ??= CheckedArmyCache.open(this.checkedArmies, armyCheckKey())
    return { cache: this.checkedCache, place: this.placeOf(rulesetId) }
  }

  /** Where a ruleset's army files are read into: its id and data version (a new version checks them again). */
  private placeOf(rulesetId: string): string {
    return `${rulesetId}\0${this.rulesets.get(rulesetId)?.ruleset.dataVersion ?? ''}`
  }

  /** Remembers the user's army files this load read and checked whole, for the next start. */
  rememberChecked(): void {
    if (!this.checkedCache) return
    for (const { armies } of this.pendingArmies)
      for (const { file, checked } of armies) if (checked) this.checkedCache.remember(file, checked.place, checked.stat, checked.hash)
    this.checkedCache.save()
  }

  private bundledFile(rulesetId: string, ...parts: string[]): string | undefined {
    const folder = this.bundledFolders.get(rulesetId)
    return folder ? join(folder, ...parts) : undefined
  }

  /** Every ruleset folder of a data folder: its ruleset, armies, editions and cost table. */
  readDataDir(dataDir: string, trusted: boolean): void {
    const catalogue = trusted ? undefined : catalogueDate(dataDir)
    const origin = (file: string): DataOrigin => ({ file, ...(catalogue ? { catalogue } : {}) })
    for (const folder of rulesetFolders(dataDir)) {
      const rulesetId = this.readRulesetOf(folder, dataDir, trusted, origin)
      if (rulesetId === undefined) continue
      this.pendingArmies.push({
        rulesetId,
        folder,
        trusted,
        ...(catalogue ? { catalogue } : {}),
        armies: readArmies(this.ajv, folder, trusted, () => this.trustFor(rulesetId))
      })
      this.readEditions(folder, trusted, origin)
      this.readCosts(folder, rulesetId, trusted, origin)
    }
  }

  /**
   * The ruleset a folder holds data of: its own ruleset.json, else the ruleset it is named after
   * (its folder added to that ruleset's sources). Undefined for a folder left out, with a warning.
   */
  private readRulesetOf(folder: string, dataDir: string, trusted: boolean, origin: (file: string) => DataOrigin): string | undefined {
    const rulesetFile = join(folder, 'ruleset.json')
    if (existsSync(rulesetFile)) return this.readRuleset(folder, rulesetFile, trusted, origin)
    const rulesetId = basename(folder)
    if (!this.rulesets.has(rulesetId) && folder !== dataDir) {
      // Not data of any ruleset known (issue 38, and its review): a player's `backup` folder, a
      // copy of a ruleset's folder kept aside (`triumph-backup/armies`, an empty `old/editions`), a
      // Meshwesh catalogue copied in. No ruleset.json and not named after a ruleset: left out,
      // saying so, never a reason to refuse all the data. Faults in the files of a folder that
      // loads (named after its ruleset, or with its ruleset.json) stay errors, as they are read.
      const known = [...this.rulesets.keys()].sort().join(', ')
      this.warnings.push(
        holdsRulesetData(folder)
          ? `${displayPath(folder)}: no ruleset.json here and no ruleset '${rulesetId}' to add to, so it looks like a copy of ruleset data; it is left out. Move it out of the data folder, or name the folder after the ruleset it adds to (one of: ${known})`
          : `${displayPath(folder)}: not a ruleset folder (no ruleset.json, costs.json, armies or editions in it), so it is left out; move it out of the data folder to stop this warning`
      )
      return undefined
    }
    if (!this.rulesets.has(rulesetId)) throw new DataError(displayPath(folder), [`no ruleset.json here and no ruleset '${rulesetId}' to add to`])
    this.rulesets.get(rulesetId)!.sources.push(folder)
    return rulesetId
  }

  /** A ruleset.json: it replaces the ruleset of its id, keeping the armies, editions and sources read so far. */
  private readRuleset(folder: string, rulesetFile: string, trusted: boolean, origin: (file: string) => DataOrigin): string {
    const ruleset = checked<Ruleset>(this.ajv, 'ruleset.schema.json', rulesetFile, trusted)
    if (!trusted) this.userRulesets.add(ruleset.id)
    if (trusted) this.bundledFolders.set(ruleset.id, folder)
    const before = this.rulesets.get(ruleset.id)
    const overrides = before?.overrides ?? emptyOverrides()
    if (trusted) overrides.ruleset = undefined
    else if (!sameBytes(rulesetFile, this.bundledFile(ruleset.id, 'ruleset.json'))) overrides.ruleset = withParsed(origin(rulesetFile), ruleset)
    this.rulesets.set(ruleset.id, {
      ruleset,
      troops: new Map(ruleset.troopTypes.map((t) => [t.id, t])),
      armies: before?.armies ?? new ArmyLoader(),
      sources: [...(before?.sources ?? []), folder],
      editions: before?.editions ?? new Map(),
      fromUserData: before?.fromUserData ?? new Set(),
      overrides
    })
    return ruleset.id
  }

  private readEditions(folder: string, trusted: boolean, origin: (file: string) => DataOrigin): void {
    const editionsDir = join(folder, 'editions')
    if (!isDir(editionsDir)) return
    for (const f of readdirSync(editionsDir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const file = join(editionsDir, f)
      const edition = checked<Edition>(this.ajv, 'edition.schema.json', file, trusted)
      this.pendingEditions.push({ file, edition, ...(trusted ? {} : { origin: withParsed(origin(file), edition) }) })
    }
  }

  private readCosts(folder: string, rulesetId: string, trusted: boolean, origin: (file: string) => DataOrigin): void {
    const costsFile = join(folder, 'costs.json')
    if (!existsSync(costsFile)) return
    const table = checked<CostTable>(this.ajv, 'costs.schema.json', costsFile, trusted)
    this.pendingCosts.push({
      file: costsFile,
      table,
      ...(trusted || sameBytes(costsFile, this.bundledFile(rulesetId, 'costs.json')) ? {} : { origin: withParsed(origin(costsFile), table) })
    })
  }

  /** Each folder's armies over its ruleset's, in folder order: a later folder's list replaces an earlier one of the same id. */
  layArmies(): void {
    const bundledArmyIds = new Map<string, Set<string>>()
    for (const { rulesetId, armies, trusted, catalogue } of this.pendingArmies) {
      const target = this.rulesets.get(rulesetId)!.armies
      const { fromUserData, overrides } = this.rulesets.get(rulesetId)!
      const fromBundled = bundledArmyIds.get(rulesetId) ?? new Set<string>()
      bundledArmyIds.set(rulesetId, fromBundled)
      for (const { id, file, army, read } of armies) {
        if (trusted) fromUserData.delete(id)
        else fromUserData.add(id)
        const armyOrigin: DataOrigin | undefined = trusted
          ? undefined
          : {
              file,
              ...(catalogue ? { catalogue } : {}),
              ...(fromBundled.has(id) ? { over: this.bundledFile(rulesetId, 'armies', `${id}.json`) } : {})
            }
        if (armyOrigin && army) parsedAs(armyOrigin, army, 'army')
        if (armyOrigin) overrides.armies.set(id, armyOrigin)
        else overrides.armies.delete(id)
        if (trusted) fromBundled.add(id)
        if (army) target.add(army)
        else target.addUnread(id, armyOrigin ? digestOnRead(read, armyOrigin) : read)
      }
    }
  }

  applyCostTables(): void {
    for (const { file, table, origin } of this.pendingCosts) {
      applyCosts(this.rulesets, file, table)
      if (origin) this.rulesets.get(table.ruleset)!.overrides.costs.push(origin)
    }
  }

  applyEditions(): void {
    /** Edition ids of the bundled data: an edition of a user's folder never silently replaces one (issue 26). */
    const bundledEditions = new Map<string, string>()
    for (const { file, edition, origin } of this.pendingEditions) {
      const target = this.rulesets.get(edition.ruleset)
      if (!target) throw new DataError(displayPath(file), [`is an edition of unknown ruleset '${edition.ruleset}'`])
      // A bundled edition's card formulas are compiled by the tests, not at every start (as the ruleset's, crossCheck).
      const problems = editionProblems(target, edition, { formulas: origin !== undefined })
      if (`${edition.id}.json` !== basename(file)) problems.push(`edition id '${edition.id}' does not match the file name`)
      const shipped = bundledEditions.get(`${edition.ruleset}/${edition.id}`)
      if (origin && shipped && !sameBytes(file, shipped)) {
        // Left out, saying so, never used silently; and not a reason to refuse all the data (a player
        // who had such an edition before issue 26 could not start Muster at all).
        this.warnings.push(
          `${displayPath(file)}: edition '${edition.id}' has the id of an edition Muster ships, and would change it under the same name, so it is left out and Muster's own is used: give yours another id (and file name), such as '${edition.id}-own'`
        )
        continue
      }
      if (problems.length) throw new DataError(displayPath(file), problems)
      if (!origin) bundledEditions.set(`${edition.ruleset}/${edition.id}`, file)
      else if (!shipped) target.overrides.editions.set(edition.id, origin)
      target.editions.set(edition.id, edition)
    }
  }

  /** Each ruleset's armies taken from another (armiesFrom), its data cross-checked, and its superseded lists found when first needed. */
  linkAndCrossCheck(): void {
    for (const loaded of this.rulesets.values()) {
      if (loaded.ruleset.armiesFrom) this.takeArmiesFrom(loaded, loaded.ruleset.armiesFrom)
      const armies = loaded.armies
      if (this.userRulesets.has(loaded.ruleset.id) || (loaded.ruleset.armiesFrom && this.userRulesets.has(loaded.ruleset.armiesFrom))) {
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
    for (const loaded of this.rulesets.values()) loaded.armies.findTwinsWith(twinFinder(loaded))
  }

  /** The armies of the ruleset `fromId` this one does not have itself, each read when the other's is. */
  private takeArmiesFrom(loaded: LoadedRuleset, fromId: string): void {
    const armies = loaded.armies
    const from = this.rulesets.get(fromId)
    if (!from) throw new DataError(loaded.ruleset.id, [`armiesFrom names unknown ruleset '${fromId}'`])
    for (const id of from.armies.keys()) {
      if (armies.has(id)) continue
      const override = from.overrides.armies.get(id)
      if (override) loaded.overrides.armies.set(id, override)
      if (from.armies.isUnread(id)) armies.addUnread(id, () => from.armies.get(id)!)
      else armies.add(from.armies.get(id)!)
    }
  }
}

/** A file's origin with what it was parsed as recorded (a check code's digest of it: data-digest.ts). */
function withParsed(origin: DataOrigin, data: unknown): DataOrigin {
  parsedAs(origin, data, 'data')
  return origin
}

/** A list read when first asked for: what it was parsed as is recorded as it is parsed. */
const digestOnRead =
  (read: () => Army, origin: DataOrigin): (() => Army) =>
  () => {
    const army = read()
    if (!wasParsed(origin)) parsedAs(origin, army, 'army')
    return army
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
