// What a collection fields: how much of each roster it covers and what is missing, what it still
// has for a roster being built, the shopping list (text and PDF), and every army's share it fields.
// Pure functions of the engine, the counts-as table and the items.
import type { Engine } from '../rules'
import { armyCoverage, type ArmyCoverage } from '../rules/army-coverage'
import { figureKey, attributeWords, fitAndLeft, fitRoster, pooled, supplyIn, type RosterFit } from '../rules/coverage'
import { own } from '../rules/own'
import type { Roster } from '../rules/types'
import { countOf } from '../rules/messages'
import { buildShoppingListDoc, type Paper } from '../export'
import { renderPdfWithPages } from '../export/write-pdf'
import { toBuyLine as shoppingLine } from '../../src-shared/owned'
import { StoreError, type CollectionItem } from '../store'
import { countsAsTable } from './collection-items'

export interface FitReport extends RosterFit {
  name: string
  /** The ruleset's and the army's names, and what the ruleset counts: for saying it. */
  rulesetName: string
  armyName: string
  counts: 'stands' | 'figures' | 'units'
}

/** "Britons (Triumph!, Ancient British): 8 of 12 stands covered". */
export function fitHeadline(r: FitReport): string {
  const need = r.covered.reduce((sum, c) => sum + c.count, 0)
  const have = r.covered.reduce((sum, c) => sum + c.covered, 0)
  return `${r.name} (${r.rulesetName}, ${r.armyName}): ${have} of ${countOf(need, r.counts.slice(0, -1))} covered`
}

/** For each roster: what of it the collection covers and what is missing (each roster against the whole collection). */
export function fitRosters(engine: Engine, items: CollectionItem[], rosters: Array<{ name: string; roster: Roster }>): FitReport[] {
  const table = countsAsTable()
  return rosters.map(({ name, roster }) => {
    const loaded = engine.registry.rulesets.get(roster.ruleset)
    if (!loaded) throw new StoreError('invalid', `${name}: unknown ruleset '${roster.ruleset}'.`)
    const { supply } = supplyIn(table, loaded, items)
    return {
      ...fitRoster(table, loaded, roster.units ?? [], supply),
      army: roster.army,
      name,
      rulesetName: loaded.ruleset.name,
      armyName: loaded.armies.get(roster.army)?.name ?? roster.army,
      counts: own(table.rulesets, loaded.ruleset.id)?.counts ?? 'stands'
    }
  })
}

/** What the collection still has for a roster's ruleset once the roster's units have taken theirs: the editor's "only what I own". */
export interface OwnedLeft {
  ruleset: string
  counts: 'stands' | 'figures' | 'units'
  /**
   * By troop type (with the attribute values items name): owned and still unused, in figures where
   * the ruleset counts figures, else in stands (`per` of them make one unit where it counts units).
   * src-shared/owned.ts reads it.
   */
  troops: Array<{ troop: string; troopName: string; attributes: Record<string, string | boolean>; owned: number; left: number; per: number }>
}

export function ownedLeft(engine: Engine, items: CollectionItem[], roster: Roster): OwnedLeft {
  const loaded = engine.registry.rulesets.get(roster.ruleset)
  if (!loaded) throw new StoreError('invalid', `Unknown ruleset '${roster.ruleset}'.`)
  const table = countsAsTable()
  const { supply } = supplyIn(table, loaded, items)
  const { left } = fitAndLeft(table, loaded, Array.isArray(roster.units) ? roster.units : [], supply)
  // Amounts of alike items together (whole units are made where they are read: src-shared/owned.ts).
  const troops = new Map<string, OwnedLeft['troops'][number]>()
  supply.forEach((s, i) => {
    const key = figureKey(s.troop, s.attributes)
    const line = troops.get(key) ?? { troop: s.troop, troopName: loaded.troops.get(s.troop)!.name, attributes: s.attributes, owned: 0, left: 0, per: s.per }
    line.owned += s.amount
    line.left += left[i]
    troops.set(key, line)
  })
  return {
    ruleset: loaded.ruleset.id,
    counts: own(table.rulesets, loaded.ruleset.id)?.counts ?? 'stands',
    troops: [...troops.values()]
  }
}

/** The roster's units the collection does not wholly cover (by index): the proxies a roster sheet marks. */
export function proxyUnits(engine: Engine, items: CollectionItem[], roster: Roster): Set<number> {
  // A roster Muster cannot read marks nothing: its check says what is wrong.
  if (typeof roster !== 'object' || roster === null || typeof roster.ruleset !== 'string' || !engine.registry.rulesets.has(roster.ruleset)) return new Set()
  const [report] = fitRosters(engine, items, [{ name: '', roster }])
  return new Set(report.covered.filter((c) => c.covered < c.count).map((c) => c.unit))
}

/** What to buy to field any one of the rosters (the most each needs of a troop type: they are not played at once), summed by troop type and attributes. */
export function shoppingList(reports: FitReport[]): Array<RosterFit['missing'][number] & { ruleset: string }> {
  const most = new Map<string, RosterFit['missing'][number] & { ruleset: string }>()
  for (const r of reports)
    for (const m of r.missing) {
      const key = `${r.ruleset} ${figureKey(m.troop, m.attributes)}`
      const seen = most.get(key)
      if (!seen || seen.count < m.count) most.set(key, { ...m, ruleset: r.ruleset })
    }
  return [...most.values()]
}

/** One line of a shopping list in words: "2 stands of Warband, 3 figures each". */
export function toBuyLine(m: RosterFit['missing'][number]): string {
  return shoppingLine(m, attributeWords(m.attributes))
}

/** The shopping list as plain text, by ruleset: what to buy to field any one of the rosters. */
export function shoppingText(engine: Engine, reports: FitReport[]): string {
  const list = shoppingList(reports)
  if (list.length === 0) return 'Nothing to buy: the collection fields every roster.\n'
  const lines = [`What to buy (to field any one of: ${reports.map((r) => r.name).join('; ')})`]
  for (const ruleset of new Set(list.map((m) => m.ruleset))) {
    lines.push('', engine.registry.rulesets.get(ruleset)?.ruleset.name ?? ruleset)
    for (const m of list.filter((x) => x.ruleset === ruleset)) lines.push(`  ${toBuyLine(m)}`)
  }
  return lines.join('\n') + '\n'
}

/** The shopping list as a printable PDF: what the rosters lack, per ruleset (export/shopping-list.ts). */
export async function shoppingListPdf(engine: Engine, reports: FitReport[], paper: Paper): Promise<Buffer> {
  const rulesetNames = Object.fromEntries([...engine.registry.rulesets.values()].map((r) => [r.ruleset.id, r.ruleset.name]))
  const { pdf } = await renderPdfWithPages(buildShoppingListDoc({ reports, toBuy: shoppingList(reports), rulesetNames, paper }))
  return pdf
}

export interface ArmyFielded extends ArmyCoverage {
  ruleset: string
  army: string
  name: string
  /** Sorts: the minimum's share, then the full army's. */
  coverage: number
  /**
   * Whether the collection fields the army: its whole minimum ('whole'), some of it ('part'), or none
   * of it ('none'). A list with no minimum is fielded whole by any troops of it owned.
   */
  fields: 'whole' | 'part' | 'none'
}

/** How much of an army the collection fields, by its coverage (the "Armies I can field" filter). */
export function fieldsOf(c: ArmyCoverage): ArmyFielded['fields'] {
  if (c.required === 0) return c.points > 0 ? 'whole' : 'none'
  return c.covered >= c.required ? 'whole' : c.covered > 0 ? 'part' : 'none'
}

/** Every army of every ruleset (or one ruleset) with the share of it the collection fields, best covered first. */
export function armiesFielded(engine: Engine, items: CollectionItem[], ruleset?: string): ArmyFielded[] {
  const table = countsAsTable()
  const out: ArmyFielded[] = []
  for (const loaded of engine.registry.rulesets.values()) {
    if (ruleset !== undefined && loaded.ruleset.id !== ruleset) continue
    const supply = pooled(supplyIn(table, loaded, items).supply)
    for (const army of loaded.armies.values()) {
      const c = armyCoverage(engine.armyContext(loaded.ruleset.id, army.id), supply)
      out.push({ ruleset: loaded.ruleset.id, army: army.id, name: army.name, coverage: c.minimum, fields: fieldsOf(c), ...c })
    }
  }
  // The minimum's share, then the full army's, then the points fieldable (a ruleset with no default size).
  return out.sort((a, b) => b.minimum - a.minimum || (b.full ?? 0) - (a.full ?? 0) || b.points - a.points || a.name.localeCompare(b.name))
}
