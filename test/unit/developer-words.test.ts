// The scanner the e2e word test uses finds what it is meant to, and lets players' words pass.
import { describe, expect, it } from 'vitest'
import { developerWords } from '../support/developer-words'
import { bundledEngine } from '../support/engine'

const rulesets = [...bundledEngine().registry.rulesets.values()].map((r) => r.ruleset)
const kinds = (text: string) => developerWords(text, rulesets).map((f) => f.kind)

describe('developer words', () => {
  it.each([
    ['Action points each commander may hand out a turn: umww6hr7bo 6', 'id'],
    ['Light Foot (numeri) · id numeri1 · camp garrison', 'id'],
    ['Commander grade incompetent: Incompetent', 'value-and-label'],
    ['Status barbarian: Irregular', 'value-and-label'],
    ['1 points', 'plural'],
    ['2 unit · 35 points', 'plural'],
    ['SP 1 SP · Move 2 grid areas', 'unit-twice'],
    ['2 units · 2 units · 35 points', 'unit-twice'],
    ['Move 1 hexes', 'plural'],
    ["The roster: 'year' must be <= 2000.", 'schema-jargon'],
    ["'units' must be array", 'schema-jargon'],
    ["newRoster: Your collection cannot field a legal Early Imperial Roman army from the list's minimums.", 'call-name'],
    ['Option auto (Libyan and Spanish horse)', 'auto'],
    ['unit 5 (Raiders) count: 7 -> 4', 'arrow'],
    ['year: -400 -> -300', 'bare-year'],
    ['year: -400 → -300', 'bare-year']
  ])('finds %j', (text, kind) => {
    expect(kinds(text)).toContain(kind)
  })

  it.each([
    'Commander 1: 6, Commander 2: 4',
    'Class A: Guards',
    '1 point · 48 / 48 points · 2 units · 1 stand',
    'SP 4 · Move 1 grid area',
    'The roster: the year must be 2000 AD or earlier.',
    "The roster: 'units' must be a list.",
    '12 figures, 0.5 points each, 1.5 points',
    'year: 400 BC → 300 BC · Option: Whichever fits: Libyan and Spanish horse',
    'Mark 2: 280-168 BC · vs foot -1 · Automatic'
  ])('passes %j', (text) => {
    expect(developerWords(text, rulesets)).toEqual([])
  })
})
