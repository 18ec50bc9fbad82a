// What the engine makes once and keeps: the registry of rulesets, each ruleset as one of its data
// editions has it, each army's context, and each (ruleset, army)'s compiled structure, rule and
// figure validators. Start-up stays light for `muster validate` of one file: the Ajv of the project's
// schemas is made only when something needs it (a user's data folder to check, a structure schema to
// compile), and a ruleset's structure schema comes ready-made from the build when the build made the
// same one (precompiled.ts).
import type { AnySchemaObject, ValidateFunction } from 'ajv'
import type Ajv2020 from 'ajv/dist/2020'
import { rulesetStructureSchema } from './compile'
import { buildArmyContext, contextKey, type ArmyContext } from './context'
import { applyEdition } from './editions'
import { compileFigures, type CompiledFigures } from './figures'
import { compileRules } from './keywords'
import { loadRegistry } from './load-registry'
import type { PrecompiledStructures } from './precompiled'
import type { LoadedRuleset, Registry } from './registry'
import { compileOwnSchema, createAjv, readSchema } from './schemas'

export interface CompiledArmy {
  ctx: ArmyContext
  structure: ValidateFunction
  /** The army's rule keywords (keywords.ts): call as `rules.call(run, roster)` with a RuleRun. */
  rules: ValidateFunction
  figures: CompiledFigures
}

export class CompiledArmies {
  readonly registry: Registry
  /** The very object the Ajv registers as roster.schema.json when it first needs the project's schemas (createAjv adds readSchemas()' objects). */
  readonly rosterSchema: AnySchemaObject
  // The engine's one Ajv (the project's schemas, this engine's structure and rules schemas). Its own,
  // not the process's: an Ajv keeps every validator it compiled, so an engine replaced (new data in
  // force) must take its compiled schemas with it.
  private ajv: Ajv2020 | undefined
  private readonly contexts = new Map<string, ArmyContext>()
  /** Each ruleset as one of its editions has it, by `ruleset@edition`. */
  private readonly editioned = new Map<string, LoadedRuleset>()
  /** One structure validator per ruleset: an edition changes costs and stats, not what a roster may hold. */
  private readonly structures = new Map<string, ValidateFunction>()
  // Found by the ruleset (as an edition has it) and the army id, without making the context's key
  // string on every check.
  private readonly compiledByRuleset = new WeakMap<LoadedRuleset, Map<string, CompiledArmy>>()

  private readonly precompiled: PrecompiledStructures | undefined

  constructor(dataDirs: string[], precompiled: PrecompiledStructures | undefined, checkedArmies?: string) {
    this.precompiled = precompiled
    this.registry = loadRegistry(this.projectSchemas, dataDirs, { checkedArmies })
    this.rosterSchema = readSchema('roster.schema.json') as AnySchemaObject
  }

  /** The Ajv of the project's schemas, made when first asked for. */
  private readonly projectSchemas = (): Ajv2020 => (this.ajv ??= createAjv())

  /** An army's context by its key (contextKey), for rule keywords that name another army's. */
  private readonly contextByKey = (key: string): ArmyContext => {
    const ctx = this.contexts.get(key)
    if (!ctx) throw new Error(`no army context ${key}`)
    return ctx
  }

  /** What the engine knows of one army of a loaded ruleset, built once. */
  contextFor(loaded: LoadedRuleset, armyId: string): ArmyContext {
    const key = contextKey(loaded, armyId)
    let ctx = this.contexts.get(key)
    if (!ctx) {
      ctx = buildArmyContext(loaded, loaded.armies.get(armyId)!)
      this.contexts.set(key, ctx)
    }
    return ctx
  }

  /** An army's context by ids, as asked from outside the engine; throws for an unknown ruleset or army. */
  knownArmyContext(rulesetId: string, armyId: string): ArmyContext {
    const loaded = this.registry.rulesets.get(rulesetId)
    if (!loaded) throw new Error(`unknown ruleset '${rulesetId}'`)
    if (!loaded.armies.has(armyId)) throw new Error(`unknown army '${armyId}' for ${rulesetId}`)
    return this.contextFor(loaded, loaded.armies.canonical(armyId))
  }

  /** A ruleset as one of its editions has it, made once; undefined for an edition it does not have. */
  rulesetAs(rulesetId: string, editionId?: string): LoadedRuleset | undefined {
    const loaded = this.registry.rulesets.get(rulesetId)
    if (!loaded || editionId === undefined) return loaded
    const key = `${rulesetId}@${editionId}`
    let applied = this.editioned.get(key)
    if (!applied) {
      const edition = loaded.editions.get(editionId)
      if (!edition) return undefined
      applied = applyEdition(loaded, edition)
      this.editioned.set(key, applied)
    }
    return applied
  }

  /** The validators of one army of a ruleset (as an edition has it), compiled on first use. */
  compiledFor(loaded: LoadedRuleset, armyId: string): CompiledArmy {
    let armies = this.compiledByRuleset.get(loaded)
    if (!armies) this.compiledByRuleset.set(loaded, (armies = new Map()))
    let c = armies.get(armyId)
    if (!c) {
      const ctx = this.contextFor(loaded, armyId)
      c = {
        ctx,
        structure: this.structureFor(loaded),
        rules: compileRules(this.projectSchemas(), ctx, this.contextByKey),
        figures: compileFigures(ctx, loaded.ruleset)
      }
      armies.set(armyId, c)
    }
    return c
  }

  private structureFor(loaded: LoadedRuleset): ValidateFunction {
    let v = this.structures.get(loaded.ruleset.id)
    if (!v) {
      const schema = rulesetStructureSchema(this.rosterSchema, loaded)
      v = this.precompiled?.(loaded.ruleset.id, schema) ?? compileOwnSchema(this.projectSchemas(), schema)
      this.structures.set(loaded.ruleset.id, v)
    }
    return v
  }
}
