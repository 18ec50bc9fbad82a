// Loads every ruleset folder (bundled data/rulesets, then each user --data folder on top), checks
// each file against its schema and cross-checks ids, so the engine only ever sees sound data.
import type Ajv2020 from 'ajv/dist/2020'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { readJsonFile } from '../files/read-json'
import { basename, join, relative } from 'node:path'
import { bundledDataDir, projectRoot } from './paths'
import { formulaProblem } from './formula'
import { describeAjvErrors, schemaId } from './schemas'
import type { Army, ArmyOption, BattleCardEntry, Constraint, CostTable, Ruleset, Selector, TroopType } from './types'
import { undeclaredFacts } from './army-facts'
import type { Era } from '../types/eras'

export interface LoadedRuleset {
  ruleset: Ruleset
  troops: Map<string, TroopType>
  armies: Map<string, Army>
  /** Folders this ruleset's files were read from (bundled first). */
  sources: string[]
  /** Which costs.json priced it, if any. */
  costTable?: string
}

/** A named span of years armies are grouped by (data/eras.json; the type comes from its schema). */
export type { Era }

export interface Registry {
  rulesets: Map<string, LoadedRuleset>
  /** Named periods for browsing armies (data/eras.json). */
  eras: Era[]
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

/**
 * A data file, checked against its schema unless it is the app's own (`trusted`): the bundled data
 * ships with the app and the tests check every file of it (test/unit/schemas-and-data.test.ts), so a
 * start does not compile and run those schemas again; a user's data folder is always checked.
 */
function checked<T>(ajv: Ajv2020, schemaFile: string, file: string, trusted: boolean): T {
  const data = readJson(file)
  if (trusted) return data as T
  const validate = ajv.getSchema(schemaId(schemaFile))
  if (!validate) throw new Error(`schema ${schemaFile} is not registered`)
  if (!validate(data)) throw new DataError(displayPath(file), describeAjvErrors(validate.errors))
  return data as T
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory()

/** The ruleset folders inside a data folder; a folder that is itself a ruleset folder counts too. */
function rulesetFolders(dataDir: string): string[] {
  if (!isDir(dataDir)) throw new DataError(dataDir, ['is not a folder'])
  const own = existsSync(join(dataDir, 'ruleset.json')) || existsSync(join(dataDir, 'costs.json')) || isDir(join(dataDir, 'armies'))
  if (own) return [dataDir]
  return readdirSync(dataDir)
    .sort()
    .map((name) => join(dataDir, name))
    .filter(isDir)
}

function readArmies(ajv: Ajv2020, folder: string, trusted: boolean): Army[] {
  const dir = join(folder, 'armies')
  if (!isDir(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = join(dir, f)
      const army = checked<Army>(ajv, 'army.schema.json', file, trusted)
      if (`${army.id}.json` !== f) throw new DataError(displayPath(file), [`army id '${army.id}' does not match the file name`])
      return army
    })
}

export function loadRegistry(ajv: Ajv2020, userDataDirs: string[] = []): Registry {
  const rulesets = new Map<string, LoadedRuleset>()
  const pendingArmies: Array<{ rulesetId: string; folder: string; armies: Army[] }> = []
  const pendingCosts: Array<{ file: string; table: CostTable }> = []

  for (const [n, dataDir] of [bundledDataDir(), ...userDataDirs].entries()) {
    // Only the first, the app's own bundled data, is trusted; any folder a user names is checked, even the same one.
    const trusted = n === 0
    for (const folder of rulesetFolders(dataDir)) {
      const rulesetFile = join(folder, 'ruleset.json')
      let rulesetId = basename(folder)
      if (existsSync(rulesetFile)) {
        const ruleset = checked<Ruleset>(ajv, 'ruleset.schema.json', rulesetFile, trusted)
        rulesetId = ruleset.id
        rulesets.set(ruleset.id, {
          ruleset,
          troops: new Map(ruleset.troopTypes.map((t) => [t.id, t])),
          armies: rulesets.get(ruleset.id)?.armies ?? new Map(),
          sources: [...(rulesets.get(ruleset.id)?.sources ?? []), folder]
        })
      } else if (!rulesets.has(rulesetId)) {
        throw new DataError(displayPath(folder), [`no ruleset.json here and no ruleset '${rulesetId}' to add to`])
      } else {
        rulesets.get(rulesetId)!.sources.push(folder)
      }
      pendingArmies.push({ rulesetId, folder, armies: readArmies(ajv, folder, trusted) })
      const costsFile = join(folder, 'costs.json')
      if (existsSync(costsFile)) pendingCosts.push({ file: costsFile, table: checked<CostTable>(ajv, 'costs.schema.json', costsFile, trusted) })
    }
  }

  for (const { rulesetId, armies } of pendingArmies) {
    const target = rulesets.get(rulesetId)!
    for (const army of armies) target.armies.set(army.id, army)
  }
  for (const { file, table } of pendingCosts) applyCosts(rulesets, file, table)
  for (const loaded of rulesets.values()) {
    if (loaded.ruleset.armiesFrom) {
      const from = rulesets.get(loaded.ruleset.armiesFrom)
      if (!from) throw new DataError(loaded.ruleset.id, [`armiesFrom names unknown ruleset '${loaded.ruleset.armiesFrom}'`])
      for (const [id, army] of from.armies) if (!loaded.armies.has(id)) loaded.armies.set(id, army)
    }
    crossCheck(loaded)
  }
  const eras = checked<{ eras: Era[] }>(ajv, 'eras.schema.json', join(bundledDataDir(), '..', 'eras.json'), true).eras
  return { rulesets, eras }
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

/** Ids that the schemas cannot check: every troop, attribute and cost key named must exist. */
function crossCheck(loaded: LoadedRuleset): void {
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
  // Formulas compile here, so a bad one is a data problem at load, never an exception in a check.
  const checkFormula = (formula: unknown, where: string): void => {
    const problem = formulaProblem(formula)
    if (problem) problems.push(`${where}: the formula does not compile (${problem})`)
  }
  ;(ruleset.unitFigures ?? []).forEach((f, i) => {
    checkSelector(f.select, `ruleset.json /unitFigures/${i}/select`)
    checkFormula(f.formula, `ruleset.json /unitFigures/${i}/formula`)
  })
  ;(ruleset.figures ?? []).forEach((f, i) => {
    checkSelector(f.perUnit, `ruleset.json /figures/${i}/perUnit`)
    checkFormula(f.formula, `ruleset.json /figures/${i}/formula`)
  })

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
  const checkCards = (entries: BattleCardEntry[] | undefined, at: string): void =>
    entries?.forEach((e, i) => {
      if (!cardCodes.has(e.code)) problems.push(`${at}/${i}: battle card '${e.code}' is not defined by ruleset '${ruleset.id}'`)
    })

  for (const army of loaded.armies.values()) {
    const where = `armies/${army.id}.json`
    checkCards(army.battleCards, `${where} /battleCards`)
    const checkOptions = (options: ArmyOption[], at: string): void => {
      const ids = new Set<string>()
      options.forEach((o, i) => {
        if (ids.has(o.id)) problems.push(`${where} ${at}/${i}: duplicate option id '${o.id}'`)
        ids.add(o.id)
        for (const t of o.troops) if (!troops.has(t)) problems.push(`${where} ${at}/${i}/troops: unknown troop '${t}'`)
        if (o.min !== undefined && o.max != null && o.min > o.max) problems.push(`${where} ${at}/${i}: min ${o.min} > max ${o.max}`)
        checkCards(o.battleCards, `${where} ${at}/${i}/battleCards`)
      })
    }
    checkOptions(army.options, '/options')
    army.allies?.forEach((ally, a) => ally.contingents.forEach((c, k) => checkOptions(c.options, `/allies/${a}/contingents/${k}/options`)))
    for (const g of army.generals ?? []) if (!troops.has(g)) problems.push(`${where} /generals: unknown troop '${g}'`)
    checkConstraints(army.constraints ?? [], `${where} /constraints`)
    for (const id of undeclaredFacts(ruleset, army)) problems.push(`${where} /facts/${id}: fact not declared in the ruleset's armyFacts`)
  }
  if (problems.length) throw new DataError(`data for ruleset '${ruleset.id}'`, problems)
}
