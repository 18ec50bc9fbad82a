// Display helpers shared by screens. Years and plurals are the engine's own (src-shared/).
import { factValueText } from '../src-shared/army-facts'
import { formatNumber, measureText, valueWords } from '../src-shared/words'

export { formatRange, formatYear, parseYear } from '../src-shared/years'
export { countOf, nounFor, valueText, valueWords } from '../src-shared/words'
export { armyMatches, searchArmies, type Searchable } from '../src-shared/army-search'

/** Points as everything else in Muster writes numbers: 3, 0.5, 1.25. */
export function formatPoints(n: number): string {
  return formatNumber(n)
}

type Fact = {
  label: string
  join: string | null
  values: Array<{ value: number | string; dates: Array<{ from: number; to: number }> | null; when: string | null }>
}

/**
 * One line per army fact: "Maneuver rating: 1 (usual rating); 2 (55-54 BC: led by …)". With a year,
 * only the values in force then, as the printed roster gives them (src-main/rules/army-facts.ts): the
 * dated ones whose dates hold the year, else the undated ones ("4 or 2"); nothing when none applies.
 */
export function factLines(facts: Fact[], year?: number): string[] {
  return facts.flatMap(({ label, join, values }) => {
    const text = factValueText(values, join, year)
    return text === null ? [] : [`${label}: ${text}`]
  })
}

type Stat = { label: string; short: string; unit: string | null; value: string | number | boolean }

/** A troop's profile on one line, labelled as its ruleset labels it: "Move 4 MU · vs foot 4 · vs mounted 3". */
export function profileLine(stats: Stat[]): string {
  return stats
    .map((s) => (typeof s.value === 'boolean' ? (s.value ? s.short : '') : `${s.short} ${measureText(s.value, s.unit, s.short)}`))
    .filter(Boolean)
    .join(' · ')
}

/** The same profile in full words, for a tooltip: one stat a line. */
export function profileTitle(stats: Stat[], rules: string[] = []): string {
  return [...stats.map((s) => `${s.label}: ${typeof s.value === 'boolean' ? String(s.value) : measureText(s.value, s.unit, s.label)}`), ...rules].join('\n')
}

/** The eras of these armies, in the order of time (each by its earliest army), for an era filter. */
export function erasOf(armies: Array<{ era?: string; dates: Array<{ from: number; to: number }> }>): string[] {
  const first = new Map<string, number>()
  for (const a of armies) if (a.era) first.set(a.era, Math.min(first.get(a.era) ?? Infinity, ...a.dates.map((d) => d.from)))
  return [...first.keys()].sort((x, y) => first.get(x)! - first.get(y)! || x.localeCompare(y))
}

/** The regions of these armies, by name, for a region filter. */
export function regionsOf(armies: Array<{ region?: string }>): string[] {
  return [...new Set(armies.flatMap((a) => (a.region ? [a.region] : [])))].sort((x, y) => x.localeCompare(y))
}

/** When a roster changed, as a mail client says it: the time today, the day this year, else the date. */
export function formatWhen(iso: string, now = new Date()): string {
  const when = new Date(iso)
  if (when.toDateString() === now.toDateString()) return `Today ${when.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`
  if (when.getFullYear() === now.getFullYear()) return when.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })
  return when.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })
}

type AttributeSummary = { id: string; type: 'enum' | 'boolean'; label: string; valueLabels: Record<string, string> }

/** A unit's attribute values in words, as the data labels them: "Irregular, class C", "Eagle bearer". */
export function attributeWords(unit: Record<string, unknown>, troop: { attributes: AttributeSummary[] }): string {
  return troop.attributes
    .flatMap((a) => {
      const v = unit[a.id]
      if (a.type === 'boolean') return v === true ? [a.label] : []
      return typeof v === 'string' ? [valueWords(v, a.valueLabels[v], a.label)] : []
    })
    .join(', ')
}
