// Share codes (src-main/share/code.ts): every example roster and a 40-unit roster of each ruleset
// make the round trip with their check code kept; what mail and chat do to a code is tolerated;
// a damaged, cut, empty, foreign, newer or roster-less code is refused whole, in players' words.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateRawSync } from 'node:zlib'
import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { checkCode } from '../../src-main/export/check-code'
import { documentChecks } from '../../src-main/services/library-checks'
import { createAjv } from '../../src-main/rules/schemas'
import { decodeShareCode, encodeShareCode, MAX_SHARE_CODE_LENGTH, ShareCodeError, type ShareCodeProblem } from '../../src-main/share/code'
import { bundledEngine, repoRoot } from '../support/engine'
import { rostersOfEveryRuleset } from '../support/rosters'
import { thrownBy } from '../support/thrown'

const engine = bundledEngine()
const { validate } = documentChecks(engine, createAjv())
const examples = readdirSync(join(repoRoot, 'examples'))
  .filter((f) => f.endsWith('.muster.json'))
  .map((f) => [f, JSON.parse(readFileSync(join(repoRoot, 'examples', f), 'utf8')) as Record<string, unknown>] as const)
const codeOf = (roster: Record<string, unknown>) => checkCode(roster, engine.ruleset(String(roster.ruleset))!.ruleset.dataVersion)

const DAMAGED = 'This share code is damaged or incomplete: it may have been cut off when copied. Copy the whole code again.'

/** The ShareCodeError decoding `code` throws (fails the test if it decodes). */
const refusal = (code: string): ShareCodeError => thrownBy(ShareCodeError, () => decodeShareCode(code, validate), code.slice(0, 40))

/** A well-formed code (right check) around any payload bytes, as a forger or a bug would make one. */
function codeAround(bytes: Buffer, version = 1): string {
  const head = `MU${version}.${bytes.toString('base64url')}`
  return `${head}.${createHash('sha256').update(head).digest().subarray(0, 6).toString('base64url')}`
}

describe('share codes: the round trip', () => {
  it.each(examples)('%s comes back whole, with the same check code', (_file, roster) => {
    const code = encodeShareCode(roster)
    expect(code).toMatch(/^MU1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{8}$/)
    const back = decodeShareCode(code, validate) as Record<string, unknown>
    const { $schema: _schema, ...content } = roster
    expect(back).toEqual(content)
    // Key order kept too, so a decoded file reads like the original.
    expect(JSON.stringify(back)).toBe(JSON.stringify(content))
    expect(codeOf(back)).toBe(codeOf(roster))
  })

  it.each(rostersOfEveryRuleset(engine, 40))('a 40-unit %s roster: a code under 2,000 characters, and back with its check code', (_ruleset, roster) => {
    const code = encodeShareCode(roster)
    expect(code.length).toBeLessThan(2000)
    const back = decodeShareCode(code, validate) as Record<string, unknown>
    expect(back).toEqual(roster)
    expect(codeOf(back)).toBe(codeOf(roster as unknown as Record<string, unknown>))
  })

  it('reads a code as mail and chat hand it on: broken over lines, quoted, in a link, in quotes, among words', () => {
    const roster = examples[0][1]
    const code = encodeShareCode(roster)
    const lines = code.match(/.{1,30}/g)!
    const pasted = [
      `  ${code}  \n`,
      lines.join('\n'),
      lines.join('\r\n '),
      lines.map((l) => `> ${l}`).join('\n'),
      lines.map((l) => `>> ${l}`).join('\n'),
      `My list for Saturday: "${code}". See you there!`,
      `“${code}”`,
      `<https://muster.invalid/share#${code}>`,
      `Here it is:\n\n${lines.join('\n')}\n\nThanks,\nAnn`,
      code.replace(/^MU/, 'mu')
    ]
    for (const text of pasted) expect(codeOf(decodeShareCode(text, validate) as Record<string, unknown>), text).toBe(codeOf(roster))
  })
})

describe('share codes: what is refused, and how it is said', () => {
  const roster = examples.find(([f]) => f.startsWith('triumph-legal'))![1]
  const code = encodeShareCode(roster)
  const payloadStart = 'MU1.'.length
  const checkStart = code.lastIndexOf('.') + 1
  const swap = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1)

  const cases: Array<[string, string, ShareCodeProblem, string | RegExp]> = [
    ['one character of the payload changed', swap(code, payloadStart + 20), 'damaged', DAMAGED],
    ['the last character of the payload changed', swap(code, checkStart - 2), 'damaged', DAMAGED],
    ['one character of the check changed', swap(code, checkStart + 3), 'damaged', DAMAGED],
    ['cut off in the payload', code.slice(0, Math.floor(code.length / 2)), 'damaged', DAMAGED],
    ['cut off in the check', code.slice(0, -3), 'damaged', DAMAGED],
    ['cut off before the check', code.slice(0, checkStart - 1), 'damaged', DAMAGED],
    ['a character dropped', code.slice(0, 40) + code.slice(41), 'damaged', DAMAGED],
    ['only its prefix', 'MU1.', 'damaged', DAMAGED],
    ['empty', '', 'empty', 'There is no share code here: paste the whole code, starting with MU1.'],
    ['only white space', ' \n\t ', 'empty', /^There is no share code here/],
    ['garbage', 'hello world, this is no code', 'not-a-code', /^This is not a Muster share code: a share code starts with MU1\./],
    ['a check code instead', '87EP-YMW1-DMN5-A54Y-HCMV-MS8G-DHJQ-GQ9X', 'not-a-code', /^This is not a Muster share code/],
    ['a newer version', code.replace(/^MU1/, 'MU2'), 'newer', 'This share code was made by a newer version of Muster (MU2): update Muster to open it.'],
    ['version 0', code.replace(/^MU1/, 'MU0'), 'not-a-code', /^This is not a Muster share code \(MU0 is no version of one\)/],
    ['longer than any code', `MU1.${'A'.repeat(MAX_SHARE_CODE_LENGTH)}`, 'not-a-code', /^This is too long to be a share code/]
  ]
  it.each(cases)('%s', (_label, text, problem, message) => {
    const e = refusal(text)
    expect(e.problem).toBe(problem)
    expect(e.code).toBe('bad-share-code')
    if (typeof message === 'string') expect(e.message).toBe(message)
    else expect(e.message).toMatch(message)
  })

  it('every one-character change anywhere in a code is refused as damaged, never read as another roster', () => {
    for (let at = payloadStart; at < code.length; at++) {
      if (code[at] === '.') continue
      expect(refusal(swap(code, at)).problem, `at ${at}`).toBe('damaged')
    }
  })

  it('a whole, valid code of JSON that is not a roster is refused with the reason', () => {
    const e = refusal(encodeShareCode({ hello: 'world' }))
    expect(e.problem).toBe('not-a-roster')
    expect(e.message).toMatch(/^This share code does not hold a Muster roster \(not a roster: .*required property 'format'/)
    expect(refusal(encodeShareCode({ ...roster, units: 'none' })).message).toMatch(/^This share code does not hold a Muster roster \(not a roster: \/units/)
  })

  it("a roster for a ruleset this Muster lacks (a friend's own data) is said to be one", () => {
    const e = refusal(encodeShareCode({ ...roster, ruleset: 'my-homebrew' }))
    expect(e.problem).toBe('not-a-roster')
    expect(e.message).toMatch(/^This share code holds a roster for the ruleset 'my-homebrew', which this copy of Muster does not have \(it has .*triumph/)
  })

  it('a code that is not JSON, or JSON with a key twice, is refused as holding no roster', () => {
    expect(refusal(codeAround(deflateRawSync('{"format": '))).message).toMatch(/^This share code does not hold a Muster roster \(not valid JSON/)
    expect(refusal(codeAround(deflateRawSync('{"format":"muster-roster","format":"x"}'))).message).toMatch(/appears twice/)
    expect(refusal(codeAround(Buffer.from('not deflate at all'))).problem).toBe('damaged')
  })

  it('a code that unpacks past 5 MB (a zip bomb) is refused before it is all unpacked', () => {
    const bomb = deflateRawSync(Buffer.alloc(64 * 1024 * 1024, 32), { level: 9 })
    const text = codeAround(bomb)
    expect(text.length).toBeLessThan(MAX_SHARE_CODE_LENGTH)
    const e = refusal(text)
    expect(e.problem).toBe('too-large')
    expect(e.message).toBe('This share code unpacks to more than 5 MB, more than any roster: it was not opened.')
  })

  it('a roster too large for a code is refused when encoding, saying to share the file', () => {
    const notes = randomBytes(160 * 1024).toString('base64')
    expect(() => encodeShareCode({ ...roster, notes })).toThrow(
      /^This roster is too large for a share code \([\d,]+ characters; at most 204,800\): share the roster file instead\.$/
    )
  })
})
