// What a player must never read (issue 24, item 4): ids, "value: Label" pairs of a data value and its
// own label, wrong plurals, a unit said twice ("SP 1 SP"), and JSON Schema's jargon; a call's name, "auto",
// "->" and years as signed numbers (issue 39, point 9). One scanner for
// every string the e2e runs collect: screens, text exports, PDFs, event reports.
import type { Ruleset } from '../../src-main/rules/types'

export interface Finding {
  kind: 'id' | 'value-and-label' | 'plural' | 'unit-twice' | 'schema-jargon' | 'call-name' | 'auto' | 'arrow' | 'bare-year'
  text: string
}

const NOUNS = ['point', 'unit', 'stand', 'figure', 'army', 'entry', 'hex', 'grid area', 'roster', 'issue', 'error', 'warning', 'page', 'card']
const PLURAL: Record<string, string> = { army: 'armies', entry: 'entries', hex: 'hexes' }
const plural = (n: string) => PLURAL[n] ?? `${n}s`

const SCHEMA_JARGON = [
  /must be (<=|>=|<|>) /,
  /must have required property/,
  /must NOT /,
  /additionalProperties/,
  /instancePath/,
  /must be (string|number|integer|boolean|array|object|null)\b/,
  /must match (pattern|format)/,
  /must be equal to (one of the )?allowed value/
]

export function developerWords(text: string, rulesets: readonly Ruleset[]): Finding[] {
  const out: Finding[] = []
  const around = (i: number, len: number) => text.slice(Math.max(0, i - 30), i + len + 30).replace(/\s+/g, ' ')
  const each = (re: RegExp, kind: Finding['kind']) => {
    for (const m of text.matchAll(re)) out.push({ kind, text: around(m.index ?? 0, m[0].length) })
  }
  // ids: the editor's unit ids (u + base-36 time), the library's, "id xyz" lines
  each(/\bid [a-z0-9-]{6,}\b/g, 'id')
  each(/\bu(?=[a-z0-9]*\d)[a-z0-9]{9,}\b/g, 'id')
  each(/\bunit-\d+\b/g, 'id')
  // a data value beside its own label ("incompetent: Incompetent", "barbarian: Irregular")
  for (const r of rulesets) {
    for (const def of Object.values(r.attributes)) {
      for (const [value, label] of Object.entries(def.valueLabels ?? {})) {
        if (value.length <= 2) continue // a class letter before its meaning ("A: Guards") is how players say it
        let at = text.indexOf(`${value}: ${label}`)
        while (at >= 0) {
          out.push({ kind: 'value-and-label', text: around(at, value.length + label.length + 2) })
          at = text.indexOf(`${value}: ${label}`, at + 1)
        }
      }
    }
  }
  // plurals: "1 points", "3 point"
  for (const n of NOUNS) {
    each(new RegExp(`(?<![\\d.,])\\b1 ${plural(n)}\\b`, 'g'), 'plural')
    each(new RegExp(`(?<![\\d.,])\\b(0|[2-9]|\\d{2,}) ${n}(?![\\w-])`, 'g'), 'plural')
  }
  // a unit said twice: "SP 1 SP"
  each(/\b([A-Z]{2,}) \d+(\.\d+)? \1\b/g, 'unit-twice')
  // a count said twice in one line: "2 units · 2 units · 35 points"
  each(/\b(\d+ [a-z]+) · \1\b/g, 'unit-twice')
  for (const re of SCHEMA_JARGON) each(new RegExp(re.source, 'g'), 'schema-jargon')
  // issue 39: a call's name before its message ("newRoster: Your collection cannot…"), the option
  // drop-down's "auto (…)", a programmer's arrow, a year as a signed number ("-400 -> -300")
  each(/(?<![\w.])[a-z]+[A-Z][A-Za-z]*: /g, 'call-name')
  each(/\bauto\b/g, 'auto')
  each(/ -> /g, 'arrow')
  each(/(?:^|[\s(:])-\d{2,4} (?:->|→)|(?:->|→) -\d{2,4}\b/gm, 'bare-year')
  return out
}
