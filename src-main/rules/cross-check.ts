// The cross-checks of a ruleset's data the schemas cannot make: every troop, attribute, fact, card
// code and cost key named must exist, and each formula must compile.
import { amendmentProblems } from './amendment-data'
import { undeclaredFacts } from './army-facts'
import { formulaProblem } from './formula'
import { playProblems } from './play-checks'
import { DataError, type LoadedRuleset } from './registry'
import type { Army, ArmyOption, BattleCardEntry, Constraint, Ruleset, Selector, TroopType } from './types'

/**
 * Ids that the schemas cannot check: every troop, attribute and cost key named must exist. `armies`:
 * those to check (all by default); `compiledFormulas`: formulas found to compile by an earlier call
 * for this ruleset, not compiled again (an army read later is checked with its ruleset once more).
 */
export function crossCheck(loaded: LoadedRuleset, armies: Iterable<Army> = loaded.armies.values(), compiledFormulas = new WeakSet<object>()): void {
  // Formulas compile here, so a bad one is a data problem at load, never an exception in a check. The
  // bundled ruleset.json's are not compiled again at every start (test/unit/startup-load.test.ts
  // compiles them): about 3 ms of a `muster validate`.
  const check = new CrossCheck(loaded.ruleset, loaded.troops, loaded.overrides.ruleset === undefined, compiledFormulas)
  check.rulesetData()
  for (const army of armies) check.army(army)
  if (check.problems.length) throw new DataError(`data for ruleset '${loaded.ruleset.id}'`, check.problems)
}

/** The problems found in one ruleset's data and the armies checked with it, each naming its file and place. */
class CrossCheck {
  readonly problems: string[] = []
  /** The battle-card codes the ruleset defines (rulesetData finds them). */
  private readonly cardCodes = new Set<string>()

  constructor(
    private readonly ruleset: Ruleset,
    private readonly troops: Map<string, TroopType>,
    private readonly bundledRuleset: boolean,
    private readonly compiledFormulas: WeakSet<object>
  ) {}

  /** The ruleset.json's own cross-references: troop types, constraints, attributes, formulas, facts and cards. */
  rulesetData(): void {
    const { ruleset, problems } = this
    this.troopTypes()
    this.constraints(ruleset.constraints, 'ruleset.json /constraints')
    problems.push(...amendmentProblems(ruleset, this.troops))
    this.attributes()
    ;(ruleset.unitFigures ?? []).forEach((f, i) => {
      this.selector(f.select, `ruleset.json /unitFigures/${i}/select`)
      this.formula(f.formula, `ruleset.json /unitFigures/${i}/formula`)
    })
    ;(ruleset.figures ?? []).forEach((f, i) => {
      this.selector(f.perUnit, `ruleset.json /figures/${i}/perUnit`)
      this.formula(f.formula, `ruleset.json /figures/${i}/formula`)
    })
    problems.push(...playProblems(ruleset.play, (formula, where) => this.formula(formula, where)))
    const factIds = new Set<string>()
    ;(ruleset.armyFacts ?? []).forEach((f, i) => {
      if (factIds.has(f.id)) problems.push(`ruleset.json /armyFacts/${i}: duplicate fact id '${f.id}'`)
      factIds.add(f.id)
    })
    ;(ruleset.battleCards ?? []).forEach((c, i) => {
      if (this.cardCodes.has(c.code)) problems.push(`ruleset.json /battleCards/${i}: duplicate card code '${c.code}'`)
      this.cardCodes.add(c.code)
      this.selector(c.excludes?.select, `ruleset.json /battleCards/${i}/excludes/select`)
      this.formula(c.cost, `ruleset.json /battleCards/${i}/cost`)
    })
  }

  /** An army file's references to its ruleset: cards, options, usual values, generals, constraints and facts. */
  army(army: Army): void {
    const { problems, troops } = this
    const where = `armies/${army.id}.json`
    this.cards(army.battleCards, `${where} /battleCards`, army)
    this.options(army, army.options, '/options')
    army.allies?.forEach((ally, a) => ally.contingents.forEach((c, k) => this.options(army, c.options, `/allies/${a}/contingents/${k}/options`)))
    for (const [attr, value] of Object.entries(army.usual ?? {})) this.value(attr, value, `${where} /usual/${attr}`)
    for (const g of army.generals ?? []) if (!troops.has(g)) problems.push(`${where} /generals: unknown troop '${g}'`)
    this.constraints(army.constraints ?? [], `${where} /constraints`)
    for (const id of undeclaredFacts(this.ruleset, army)) problems.push(`${where} /facts/${id}: fact not declared in the ruleset's armyFacts`)
  }

  private troopTypes(): void {
    const { ruleset, problems } = this
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
  }

  /** A usual value names a value its attribute has (a typo would silently never apply); an unmarked role is a boolean. */
  private attributes(): void {
    const { ruleset, problems } = this
    for (const [attr, def] of Object.entries(ruleset.attributes)) {
      if (def.usualBy) {
        if (!ruleset.attributes[def.usualBy.attribute]) problems.push(`ruleset.json /attributes/${attr}/usualBy: unknown attribute '${def.usualBy.attribute}'`)
        for (const [by, value] of Object.entries(def.usualBy.values)) {
          this.value(def.usualBy.attribute, by, `ruleset.json /attributes/${attr}/usualBy/values`)
          this.value(attr, value, `ruleset.json /attributes/${attr}/usualBy/values/${by}`)
        }
      }
      if (def.unmarked && def.type !== 'boolean') problems.push(`ruleset.json /attributes/${attr}/unmarked: only a boolean role can be unmarked`)
    }
  }

  private selector(s: Selector | undefined, where: string): void {
    if (!s) return
    for (const id of s.troops ?? []) if (!this.troops.has(id)) this.problems.push(`${where}/troops: unknown troop '${id}'`)
    for (const attr of Object.keys(s.attributes ?? {}))
      if (!this.ruleset.attributes[attr]) this.problems.push(`${where}/attributes: unknown attribute '${attr}'`)
    this.selector(s.not, `${where}/not`)
  }

  private constraints(list: Constraint[], where: string): void {
    list.forEach((c, i) => {
      this.selector(c.select, `${where}/${i}/select`)
      this.selector(c.of, `${where}/${i}/of`)
      this.selector(c.then, `${where}/${i}/then`)
      if (c.attribute && !this.ruleset.attributes[c.attribute]) this.problems.push(`${where}/${i}/attribute: unknown attribute '${c.attribute}'`)
    })
  }

  private value(attr: string, value: unknown, where: string): void {
    const def = this.ruleset.attributes[attr]
    if (!def) return void this.problems.push(`${where}: unknown attribute '${attr}'`)
    const ok = def.type === 'boolean' ? typeof value === 'boolean' : typeof value === 'string' && (def.values ?? []).includes(value)
    if (!ok) this.problems.push(`${where}: '${String(value)}' is not a value of '${attr}'${def.values ? ` (${def.values.join(', ')})` : ''}`)
  }

  private formula(formula: unknown, where: string): void {
    if (this.bundledRuleset) return
    if (typeof formula === 'object' && formula !== null && this.compiledFormulas.has(formula)) return
    const problem = formulaProblem(formula)
    if (problem) this.problems.push(`${where}: the formula does not compile (${problem})`)
    else if (typeof formula === 'object' && formula !== null) this.compiledFormulas.add(formula)
  }

  /** An entry's troops (as, needsTroops) are the ruleset's, and the parts it is for the army's own. */
  private cards(entries: BattleCardEntry[] | undefined, at: string, army: Army): void {
    const { problems, troops } = this
    entries?.forEach((e, i) => {
      if (!this.cardCodes.has(e.code)) problems.push(`${at}/${i}: battle card '${e.code}' is not defined by ruleset '${this.ruleset.id}'`)
      if (e.as !== undefined && !troops.has(e.as)) problems.push(`${at}/${i}/as: unknown troop '${e.as}'`)
      for (const t of e.needsTroops ?? []) if (!troops.has(t)) problems.push(`${at}/${i}/needsTroops: unknown troop '${t}'`)
      for (const id of [...(e.subFactions?.only ?? []), ...(e.subFactions?.except ?? [])]) {
        if (!army.subFactions?.some((s) => s.id === id)) problems.push(`${at}/${i}/subFactions: the army has no sub-faction '${id}'`)
      }
    })
  }

  private options(army: Army, options: ArmyOption[], at: string): void {
    const { problems, troops } = this
    const where = `armies/${army.id}.json`
    const ids = new Set<string>()
    options.forEach((o, i) => {
      if (ids.has(o.id)) problems.push(`${where} ${at}/${i}: duplicate option id '${o.id}'`)
      ids.add(o.id)
      for (const t of o.troops) if (!troops.has(t)) problems.push(`${where} ${at}/${i}/troops: unknown troop '${t}'`)
      if (o.min !== undefined && o.max != null && o.min > o.max) problems.push(`${where} ${at}/${i}: min ${o.min} > max ${o.max}`)
      this.cards(o.battleCards, `${where} ${at}/${i}/battleCards`, army)
    })
  }
}
