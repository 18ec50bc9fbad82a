// The check code: SHA-256 of a tag, the data version and the canonical roster JSON, the first 160
// bits (version 2, printed) or 60 bits (version 1, only read) in Crockford base 32. Pinned against
// an independent computation, stable under reformatting, changed by any edit or another data version.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { canonicalJson, canonicalRoster, checkCode, parseCode } from '../../src-main/export/check-code'

const normaliseCode = (input: string) => parseCode(input)?.code ?? null
import { example } from './pdf-support'

/** The definitions in docs/adr/0005-printing.md, written out again without the module's code. */
function reference(canonical: string, dataVersion: string, version: 1 | 2 = 2): string {
  const digest = createHash('sha256').update(`muster-check-code/${version}\n${dataVersion}\n${canonical}`).digest()
  const chars = version === 2 ? 32 : 12
  const bits = BigInt('0x' + digest.toString('hex')) >> BigInt(256 - chars * 5) // the first chars x 5 bits
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
  let s = ''
  for (let i = chars - 1; i >= 0; i--) s += alphabet[Number((bits >> BigInt(i * 5)) & 31n)]
  return s.match(/.{4}/g)!.join('-')
}

describe('canonical JSON', () => {
  it('sorts keys at every level, keeps array order, writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: [3, { d: true, c: null }], é: 'x' })).toBe('{"a":[3,{"c":null,"d":true}],"b":1,"é":"x"}')
    expect(canonicalJson({ n: 1.5, z: -0, s: 'a "q"\n' })).toBe('{"n":1.5,"s":"a \\"q\\"\\n","z":0}')
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}')
  })

  it('leaves the $schema pointer out of the roster', () => {
    expect(canonicalRoster({ $schema: '../x.json', units: [], army: 'a' })).toBe('{"army":"a","units":[]}')
  })
})

describe('check code', () => {
  const roster = example('wrg-1969-legal')

  it('matches the definition, computed independently', () => {
    expect(checkCode(roster, '1.0.0')).toBe(reference(canonicalRoster(roster), '1.0.0'))
    expect(checkCode({ format: 'muster-roster' }, '2.1.0')).toBe(reference('{"format":"muster-roster"}', '2.1.0'))
    expect(checkCode(roster, '1.0.0', 1)).toBe(reference(canonicalRoster(roster), '1.0.0', 1))
  })

  it('is printed as 32 characters of Crockford base 32 in eight groups (version 1 had 12 in three)', () => {
    expect(checkCode(roster, '1.0.0')).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){7}[0-9A-HJKMNP-TV-Z]{4}$/)
    expect(checkCode(roster, '1.0.0', 1)).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
  })

  it('does not change when the file is reformatted, keys reordered or $schema dropped', () => {
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(roster).reverse())))
    const { $schema: _s, ...noSchema } = roster
    expect(checkCode(reordered, '1.0.0')).toBe(checkCode(roster, '1.0.0'))
    expect(checkCode(noSchema, '1.0.0')).toBe(checkCode(roster, '1.0.0'))
  })

  it('changes with any edit of the roster and with the data version', () => {
    const base = checkCode(roster, '1.0.0')
    const units = roster.units as Array<Record<string, unknown>>
    const edits = [
      { ...roster, units: units.map((u, i) => (i === 1 ? { ...u, count: (u.count as number) + 1 } : u)) },
      { ...roster, name: `${String(roster.name)}!` },
      { ...roster, units: [...units, { troop: 'light-infantry', count: 1, status: 'regular' }] },
      { ...roster, units: [units[1], units[0], ...units.slice(2)] },
      { ...roster, year: 101 }
    ]
    for (const e of edits) expect(checkCode(e, '1.0.0')).not.toBe(base)
    expect(checkCode(roster, '1.0.1')).not.toBe(base)
  })

  it('reads codes as people type them', () => {
    expect(normaliseCode('z0xc t8px 9mwy')).toBe('Z0XC-T8PX-9MWY')
    expect(normaliseCode('ZOXC-T8PX-9MWY')).toBe('Z0XC-T8PX-9MWY') // O for 0
    expect(normaliseCode('1LI0-0000-0000')).toBe('1110-0000-0000')
    expect(normaliseCode('Z0XC-T8PX-9MW')).toBeNull()
    expect(normaliseCode('Z0XC-T8PX-9MWU')).toBeNull() // U is not in the alphabet
    expect(normaliseCode('')).toBeNull()
    // the length tells the version
    expect(parseCode('z0xc t8px 9mwy')).toEqual({ code: 'Z0XC-T8PX-9MWY', version: 1 })
    expect(parseCode('87epymw1dmn5a54yhcmvms8gdhjqgq9x')).toEqual({ code: '87EP-YMW1-DMN5-A54Y-HCMV-MS8G-DHJQ-GQ9X', version: 2 })
    expect(parseCode('87EP-YMW1-DMN5-A54Y-HCMV-MS8G-DHJQ-GQ9')).toBeNull()
  })
})
