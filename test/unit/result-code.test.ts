// Result codes (src-shared/play/result-code.ts): a slip makes the round trip; every code with one
// character changed, lost or added, at every position, is refused (never read as another result);
// a newer code or slip is refused by name; a code whose JSON breaks schemas/result-slip.schema.json
// is refused by the main side's check (real ajv).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateRawSync } from 'node:zlib'
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeResult, encodeResult, ResultCodeError, type ResultCodeProblem, type ResultSlip } from '../../src-shared/play/result-code'
import { slipSchemaProblem } from '../../src-main/services/game-file-schema'
import { repoRoot } from '../support/engine'
import { sampleSlip } from '../support/result-slip'
import { thrownBy } from '../support/thrown'

// The reader tests' slip with fuller sides: a long check code, two losses, a flag, none for the other side.
const slip: ResultSlip = {
  ...sampleSlip,
  date: '2025-06-14',
  sides: [
    {
      checkCode: '7Q2M-K0ZD-93FE-1C4A-BB2H-CC3J-DD4K-EE5M',
      player: 'Ann Example',
      army: '115a Later Macedonian',
      name: 'Phalanx and friends',
      losses: [
        { unit: 0, lost: 2 },
        { unit: 3, lost: 1 }
      ],
      flags: { campSacked: false },
      lost: 9,
      spent: false
    },
    { checkCode: null, army: '120 Seleucid', name: '120 Seleucid', losses: [{ unit: 5, lost: 4 }], flags: {}, lost: 16, spent: true }
  ]
}

/** The ResultCodeError decoding `code` throws (fails the test if it decodes). */
const refusal = (code: string): ResultCodeError => thrownBy(ResultCodeError, () => decodeResult(code, slipSchemaProblem), code)

/** The variants that decode (none should): a loop without an expect per variant, to stay fast. */
function readAsResults(variants: Iterable<string>): string[] {
  const read: string[] = []
  for (const v of variants) {
    try {
      decodeResult(v)
      read.push(v)
    } catch (e) {
      if (!(e instanceof ResultCodeError)) throw e
    }
  }
  return read
}

function* changed(code: string): Generator<string> {
  for (let i = 0; i < code.length; i++) for (const c of ALPHABET) if (c !== code[i]) yield code.slice(0, i) + c + code.slice(i + 1)
}

function* lostOrAdded(code: string): Generator<string> {
  for (let i = 0; i < code.length; i++) yield code.slice(0, i) + code.slice(i + 1)
  for (let i = 1; i < code.length; i++) for (const c of ALPHABET) yield code.slice(0, i) + c + code.slice(i)
  for (const c of ALPHABET) yield* [c + code, code + c]
}

/** A code with a right check around any JSON text, as a bug or a newer Muster would make one. */
function codeAround(text: string, version = 1): string {
  const head = `MR${version}.${deflateRawSync(Buffer.from(text, 'utf8')).toString('base64url')}`
  return `${head}.${createHash('sha256').update(head).digest().subarray(0, 6).toString('base64url')}`
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'

describe('result codes', () => {
  const code = encodeResult(slip)

  it('round-trips a slip, and the slip is what the schema describes', () => {
    expect(code).toMatch(/^MR1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{8}$/)
    expect(decodeResult(code, slipSchemaProblem)).toEqual(slip)
    expect(slipSchemaProblem(slip)).toBeNull()
    // white space around a code (a pasted line) is no change to it
    expect(decodeResult(`  ${code}\n`)).toEqual(slip)
  })

  it('reads a code wrapped or spaced as a share code is (fold -w 60, a space typed in), the same slip', () => {
    const wrapped = code.match(/.{1,60}/g)!.join('\n')
    expect(decodeResult(wrapped, slipSchemaProblem)).toEqual(slip)
    expect(decodeResult(`${code.slice(0, 7)} ${code.slice(7, 20)}\r\n\t${code.slice(20)}`)).toEqual(slip)
    // and white space beside a changed character still leaves the code refused
    expect(refusal(`${code.slice(0, 30)} ${code[30] === 'A' ? 'B' : 'A'}${code.slice(31)}`).problem).toBe('damaged')
  })

  it('round-trips any slip the schema accepts', () => {
    const side = fc.record({
      checkCode: fc.constantFrom(null, 'ABCD-EFGH-JKMN'),
      army: fc.string({ maxLength: 40 }),
      name: fc.string({ maxLength: 40 }),
      losses: fc.array(fc.record({ unit: fc.nat(60), lost: fc.integer({ min: 1, max: 30 }) }), { maxLength: 40 }),
      flags: fc.dictionary(fc.constantFrom('a', 'bB', 'c1'), fc.boolean()),
      lost: fc.integer({ min: 0, max: 500 })
    })
    fc.assert(
      fc.property(side, side, fc.constantFrom<0 | 1 | null>(0, 1, null), fc.boolean(), fc.string({ maxLength: 80 }), (a, b, winner, over, why) => {
        const s: ResultSlip = { ...slip, sides: [a, b], winner, over, why }
        expect(slipSchemaProblem(s)).toBeNull()
        expect(decodeResult(encodeResult(s), slipSchemaProblem)).toEqual(s)
      }),
      { numRuns: 60 }
    )
  })

  it('refuses every code with one character changed, lost or added, at every position', () => {
    expect([...changed(code)]).toHaveLength(code.length * (ALPHABET.length - 1))
    expect(readAsResults(changed(code))).toEqual([])
    expect(readAsResults(lostOrAdded(code))).toEqual([])
  })

  it.each<[string, string, ResultCodeProblem, RegExp]>([
    ['empty', '   ', 'empty', /no result code here/],
    ['a share code', 'MU1.abc.defghijk', 'not-a-code', /not a Muster result code/],
    ['a newer code', 'MR2.anything.at-all', 'newer', /newer version of Muster \(MR2\)/],
    ['cut off', code.slice(0, -3), 'damaged', /damaged or incomplete/],
    ['too long', `MR1.${'A'.repeat(9000)}.AAAAAAAA`, 'not-a-code', /too long/]
  ])('refuses %s, saying why', (_what, given, problem, message) => {
    const e = refusal(given)
    expect(e.problem).toBe(problem)
    expect(e.message).toMatch(message)
  })

  it('refuses a slip of a newer version by name, and JSON that is no slip', () => {
    expect(refusal(codeAround(JSON.stringify({ ...slip, version: 2 }))).message).toMatch(/version 2, from a newer Muster: update Muster/)
    expect(refusal(codeAround('{"format":"muster-roster"}')).message).toMatch(/not "muster-result"/)
    expect(refusal(codeAround('not json')).problem).toBe('not-a-result')
    // the main side's schema check, placed
    const bad = { ...slip, sides: [{ ...slip.sides[0], lost: 'nine' }, slip.sides[1]] }
    expect(refusal(codeAround(JSON.stringify(bad))).message).toMatch(/side 1, "lost": must be number/)
  })

  it('imports nothing of Node (the phone page makes codes)', () => {
    const source = readFileSync(join(repoRoot, 'src-shared/play/result-code.ts'), 'utf8')
    expect(source).not.toMatch(/from '(node:|zlib|crypto|buffer)/)
    expect(source).not.toMatch(/\bBuffer\b/)
  })
})
