// Numbers and plurals in words: the one place plurals are made, for both the engine's messages and
// the app's labels.

/** 3, 0.5, 1.25: whole numbers as they are, others to two decimals at most. */
export function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n)
  return String(Math.round(n * 100) / 100)
}

const pluralRules = new Intl.PluralRules('en')

/** The noun for n of it, as English has it: "stand" for 1, "stands" for 0, 2 or 0.5 (Intl.PluralRules). */
export function nounFor(n: number, one: string, other = `${one}s`): string {
  return pluralRules.select(Math.abs(n)) === 'one' ? one : other
}

/** "1 stand", "3 stands", "0.5 points": a count and its noun. */
export function countOf(n: number, one: string, other?: string): string {
  return `${formatNumber(n)} ${nounFor(n, one, other)}`
}

/** "a, b or c" (or "a, b and c" with `last` "and"). */
export function listWords(words: string[], last = 'or'): string {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`
}

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

/** "1 point", "0.5 points", "−1 point": a number of points in words, with a true minus sign. */
export function pointsText(n: number): string {
  return `${n < 0 ? '−' : ''}${countOf(Math.abs(n), 'point')}`
}

/** A measure's unit for one of it: "grid area" of "grid areas", "inch" of "inches" ("MU" stays). */
export function singular(unit: string): string {
  return unit.replace(/(x|ss|ch|sh)es$/, '$1').replace(/([^su])s$/, '$1')
}

/** "4 grid areas", "1 grid area", "2 SP": a value and its unit, the unit said once (never "SP 1 SP"). */
export function measureText(value: string | number, unit: string | null | undefined, label?: string): string {
  if (!unit || unit === label) return String(value)
  return `${value} ${Number(value) === 1 ? singular(unit) : unit}`
}

/** An attribute value as the data labels it ("Irregular", not "barbarian: Irregular"); a class letter keeps its letter ("A: Guards"). */
export function valueText(value: string, label: string | undefined): string {
  if (!label) return value
  return value.length <= 2 ? `${value}: ${label}` : label
}

/** The same out of its field (a compact line, a button): a bare class letter names its attribute ("unit class C"). */
export function valueWords(value: string, label: string | undefined, attributeLabel: string): string {
  return !label && value.length <= 2 ? `${attributeLabel.toLowerCase()} ${value}` : valueText(value, label)
}
