// Quick add's reading of items written one a line (services/collection-lines.ts), against the real
// rules data: what each good line adds, and for each bad one what is wrong in players' words, with the
// nearest troop type or ruleset where one is close (issue 39, point 10).
import { describe, expect, it } from 'vitest'
import { bundledEngine } from '../support/engine'
import { readItemLine, readItemLines, MAX_LINES } from '../../src-main/services/collection-lines'

const engine = bundledEngine()
const read = (line: string, ruleset: string | null = 'triumph') => readItemLine(engine, line, ruleset ?? undefined)
const problem = (line: string, ruleset: string | null = 'triumph') => {
  const r = read(line, ruleset)
  if (!('problem' in r)) throw new Error(`'${line}' was read as ${r.said}`)
  return r.problem
}

describe('quick add: one line read', () => {
  it('"12 Gallic warriors as Warband": a name, its troop type, in the ruleset chosen; counted as the ruleset counts', () => {
    expect(read('12 Gallic warriors as Warband')).toEqual({
      item: { name: 'Gallic warriors', count: 12, counted: 'stands', ruleset: 'triumph', troop: 'warband' },
      said: '12 stands of Gallic warriors, as Warband in Triumph!'
    })
    // The troop type alone is the name; by its name, plural, id or code, case and hyphens aside.
    for (const line of ['8 Warband', '8 warband', '8 WBD', '8 war-band'])
      expect(read(line)).toMatchObject({ item: { name: 'Warband', count: 8, troop: 'warband' } })
    expect(read('- 3 stands of light-foot')).toMatchObject({ item: { name: 'Light Foot', count: 3, counted: 'stands', troop: 'light-foot' } })
    expect(read('1 Elite Cavalry (general)')).toMatchObject({
      item: { troop: 'elite-cavalry', attributes: { general: true } },
      said: '1 stand of Elite Cavalry (General) in Triumph!'
    })
    // A name that holds "in" or "as" itself: the ruleset is the "in" that names one, the troop type follows the last "as".
    expect(read('4 Knights in armour as Knights')).toMatchObject({ item: { name: 'Knights in armour', troop: 'knights', ruleset: 'triumph' } })
    expect(read('2 Dressed as Romans as Elite Foot')).toMatchObject({ item: { name: 'Dressed as Romans', troop: 'elite-foot' } })
  })

  it('"in <ruleset>" at the end, by its name, short name or id; attribute values in brackets, by value or label', () => {
    expect(read('24 figures of Thracian peltasts as Light infantry (barbarian, C) in WRG 1969')).toEqual({
      item: {
        name: 'Thracian peltasts',
        count: 24,
        counted: 'figures',
        ruleset: 'wrg-1969',
        troop: 'light-infantry',
        attributes: { status: 'barbarian', class: 'C' }
      },
      said: '24 figures of Thracian peltasts, as Light infantry (Status barbarian, Reaction class C) in WRG 1969'
    })
    // A ruleset that counts figures counts them unless told; "class D" and a value's label ("Guards") both name a class.
    expect(read('6 Medium infantry (barbarian, class D) in wrg-1969', null)).toMatchObject({
      item: { counted: 'figures', attributes: { status: 'barbarian', class: 'D' } }
    })
    expect(read('4 Medium infantry (Guards) in WRG 1969')).toMatchObject({ item: { attributes: { class: 'A' } } })
    expect(read("4 Medium infantry (Elite regulars, chieftains' followings) in WRG 1969")).toMatchObject({ item: { attributes: { class: 'B' } } })
    expect(read('2 Elephants in WRG Mk2', null)).toMatchObject({
      item: { ruleset: 'wrg-mk2', troop: 'elephant' },
      said: '2 figures of Elephants in WRG Mark 2'
    })
  })

  it('a count that is not plain digits, or out of bounds, is said, and nothing is guessed', () => {
    for (const count of ['twelve', '0x10', '1e1', '12.0', '+12', '-3', '１２'])
      expect(problem(`${count} Warband`)).toBe(`Start with how many, in digits: '${count}' is not a count.`)
    expect(problem('0 Warband')).toBe('The count is a whole number from 1 to 100,000; it is 0.')
    expect(problem('100001 Warband')).toBe('The count is a whole number from 1 to 100,000; it is 100001.')
    expect(problem('5')).toBe("Say what the 5 are: a troop type, or a name, 'as' and a troop type.")
    expect(problem('5 stands of')).toBe("Say what the 5 are: a troop type, or a name, 'as' and a troop type.")
  })

  it('"in" and the start of one ruleset\'s name or short name, case and accents aside, names it', () => {
    expect(read('4 Warriors in C&C Ancients')).toMatchObject({ item: { ruleset: 'cca-miniatures', troop: 'warriors' } })
    expect(read('10 Warriors in Commands & Colors', null)).toMatchObject({ item: { ruleset: 'cca-miniatures', count: 10 } })
    expect(read('6 Heavy cavalry in portable')).toMatchObject({ item: { ruleset: 'portable-ancients', troop: 'heavy-cavalry' } })
    // "WRG" starts two rulesets' names: no guess.
    expect(problem('4 Elephants in WRG', null)).toMatch(/^Muster knows no ruleset 'WRG'/)
  })

  it('an unknown troop type gets the nearest one, or the ruleset that has it', () => {
    expect(problem('3 Warbnd', 'triumph')).toBe("Triumph! has no troop type 'Warbnd'; did you mean Warband?")
    expect(problem('12 Gallic warriors as Warbnd', 'triumph')).toBe("Triumph! has no troop type 'Warbnd'; did you mean Warband?")
    expect(problem('12 Gallic warriors', 'triumph')).toBe(
      "Triumph! has no troop type 'Gallic warriors'; if it is Warriors, write '12 Gallic warriors as Warriors'."
    )
    expect(problem('4 Warband in WRG 1969')).toBe("WRG 1969 has no troop type 'Warband'; Triumph! has: end the line with 'in Triumph!'.")
    expect(problem('4 Spacemen as Zorgons', 'triumph')).toBe("Triumph! has no troop type 'Zorgons' (Muster's army lists name its troop types).")
    expect(problem('4 Zorgons', 'triumph')).toMatch(/^Triumph! has no troop type 'Zorgons': say which troop type it is, e\.g\. '4 Zorgons as /)
  })

  it('an unknown ruleset gets the nearest; a line with none and no ruleset chosen asks for one', () => {
    expect(problem('4 Warband in Trimph')).toBe("Muster knows no ruleset 'Trimph'; did you mean Triumph!?")
    expect(problem('3 Elephants in Wargame: Ancients')).toBe("Muster knows no ruleset 'Wargame: Ancients'; did you mean Portable Wargame: Ancients?")
    // Nothing near: the rulesets there are, never a suggestion to keep "in Zorgonia" in the item's name.
    expect(problem('4 Warriors in Zorgonia')).toBe(
      "Muster knows no ruleset 'Zorgonia'; its rulesets are C&C Ancients (miniatures), Portable Wargame: Ancients, Triumph!, WRG 1969 and WRG Mark 2."
    )
    expect(problem('4 Gauls as Warriors in Zorgonia')).toMatch(/^Muster knows no ruleset 'Zorgonia'; its rulesets are /)
    expect(problem('2 Elephants in Mark 2', null)).toBe("Muster knows no ruleset 'Mark 2'; did you mean WRG Mark 2?")
    expect(problem('3 Warband', null)).toMatch(/^Say which ruleset it is in: end the line with 'in' and the ruleset \(e\.g\. 'in .+'\)\.$/)
  })

  it('attribute values the troop type does not take are said with what it takes', () => {
    expect(problem('1 Elite Cavalry (genral)')).toBe("'genral' is nothing Elite Cavalry takes in Triumph!; it takes General.")
    expect(problem('6 Medium infantry (barbarian, Z) in WRG 1969')).toBe(
      "'Z' is nothing Medium infantry takes in WRG 1969; it takes Status: regular, barbarian; Reaction class: A, B, C, D, E."
    )
    expect(problem('6 Medium infantry (C, D) in WRG 1969')).toBe("'D' gives Reaction class a second value; give it one.")
    expect(problem('12 Gallic warriors as Light infantry (barbarian) in C&C Ancients (miniatures)')).toBe(
      "Light infantry in C&C Ancients (miniatures) takes no values in brackets; leave out '(barbarian)'."
    )
  })
})

describe('quick add: a paste of many lines', () => {
  it('each line read with its number; blank lines and # notes left out; bad lines among good ones each say what is wrong', () => {
    const lines = readItemLines(
      engine,
      [
        '# my Gauls',
        '12 Gallic warriors as Warband',
        '',
        '  4 Light Foot  ',
        'twelve Warband',
        '3 Warbnd',
        '2 Bad Horse in Trimph',
        '\r',
        '1 Elite Cavalry (general)'
      ].join('\n'),
      'triumph'
    )
    expect(lines.map((l) => [l.line, l.ok])).toEqual([
      [2, true],
      [4, true],
      [5, false],
      [6, false],
      [7, false],
      [9, true]
    ])
    expect(lines[1]).toMatchObject({ text: '4 Light Foot', said: '4 stands of Light Foot in Triumph!' })
    expect(lines.filter((l) => !l.ok).map((l) => (l.ok ? '' : l.problem))).toEqual([
      "Start with how many, in digits: 'twelve' is not a count.",
      "Triumph! has no troop type 'Warbnd'; did you mean Warband?",
      "Muster knows no ruleset 'Trimph'; did you mean Triumph!?"
    ])
    // Windows line ends read the same.
    expect(readItemLines(engine, '8 Warband\r\n4 Light Foot\r\n', 'triumph').map((l) => l.ok && l.item.troop)).toEqual(['warband', 'light-foot'])
  })

  it('too many lines, too long a text, or an unknown ruleset chosen: refused in words', () => {
    expect(() => readItemLines(engine, '1 Warband\n'.repeat(MAX_LINES + 1), 'triumph')).toThrow(
      `That is ${MAX_LINES + 1} items; add at most ${MAX_LINES} at once.`
    )
    expect(() => readItemLines(engine, 'x'.repeat(100_001), 'triumph')).toThrow('That is 100,001 characters; paste at most 100,000 at once.')
    expect(() => readItemLines(engine, '1 Warband', 'atlantis')).toThrow(/^Unknown ruleset 'atlantis'; Muster knows .*triumph/)
  })
})
