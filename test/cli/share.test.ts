// Sharing a list from the real `muster` command: `export --text` (a file beside the roster, a
// named file, or standard output), `share` (the code), `share --decode` (back to a roster file,
// whole or not at all, or its JSON on standard output; `-` reads the code from standard input),
// and bad codes refused on stderr with exit 2 and no file written.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { muster } from '../support/cli'
import { repoRoot } from '../support/engine'
import { decodeShareCode } from '../../src-main/share/code'
import { shorten } from '../../src-shared/text'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-share-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function copyExample(name: string): string {
  const file = join(dir, `${name}.muster.json`)
  copyFileSync(join(repoRoot, 'examples', `${name}.muster.json`), file)
  return file
}

const codeOf = (file: string) => /check code ([0-9A-Z-]{39})/.exec(muster(['verify', file]).stdout)?.[1]
const noStackTrace = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/)

describe('muster export --text', () => {
  it('writes <name>-roster.txt beside the roster and says so, with the check code', () => {
    const file = copyExample('triumph-legal')
    const r = muster(['export', file, '--text'])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const out = join(dir, 'triumph-legal-roster.txt')
    const text = readFileSync(out, 'utf8')
    expect(r.stdout).toBe(
      `${out}: roster as text, ${text.split('\n').length - 1} lines; triumph-legal.muster.json legal, 48/48 points, check code ${codeOf(file)}\n`
    )
    expect(text).toMatch(/^Early Imperial Roman, 60 AD\n/)
    expect(text).toMatch(new RegExp(`^Check code +${codeOf(file)}$`, 'm'))
    expect(text).toMatch(/^ +5 {2}Raiders +4 +4 +16$/m)
  })

  it('-o - prints only the text, and exits 1 for an illegal roster as the PDF export does', () => {
    const file = copyExample('wrg-1969-illegal')
    const r = muster(['export', file, '--text', '-o', '-'])
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/^Legion with borrowed elephants\n=+\n/)
    expect(r.stdout).toMatch(/^Verdict +ILLEGAL: 2 errors$/m)
    expect(readdirSync(dir).some((f) => f.startsWith('wrg-1969-illegal-roster'))).toBe(false)
  })

  it('-o FILE writes there; --text with --pdf, or neither, is refused', () => {
    const file = copyExample('portable-ancients-legal')
    const out = join(dir, 'celts.txt')
    expect(muster(['export', file, '--text', '-o', out]).code).toBe(0)
    expect(readFileSync(out, 'utf8')).toMatch(/^Celtic war host\n/)
    const both = muster(['export', file, '--text', '--pdf', 'roster'])
    expect(both.code).toBe(2)
    expect(both.stderr).toContain("option '--pdf <kind>' cannot be used with option '--text'")
    const neither = muster(['export', file])
    expect(neither.code).toBe(2)
    expect(neither.stderr).toBe('muster export: say what to export: --pdf roster|cards|qrs, or --text\n')
    expect(muster(['export', file, '--text', '-o', file]).stderr).toContain("is one of this command's own input files")
  })
})

describe('muster share', () => {
  it('prints the code; --decode -o writes the roster back, with the same check code', () => {
    const file = copyExample('wrg-mk2-legal')
    const share = muster(['share', file])
    expect(share.code).toBe(0)
    expect(share.stderr).toBe('')
    expect(share.stdout).toMatch(/^MU1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{8}\n$/)
    const out = join(dir, 'decoded.muster.json')
    const decode = muster(['share', '--decode', share.stdout.trim(), '-o', out])
    expect(decode.stderr).toBe('')
    expect(decode.code).toBe(0)
    expect(decode.stdout).toBe(`${out}: legal, 1240 points (no limit) (Ancient Wargames Rules Mark 2, Early Imperial Roman), check code ${codeOf(file)}\n`)
    expect(codeOf(out)).toBe(codeOf(file))
    const { $schema: _schema, ...original } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(original)
  })

  it('--decode without -o prints the JSON; - reads the code from standard input, as mail wraps it', () => {
    const file = copyExample('cca-miniatures-legal')
    const code = muster(['share', file]).stdout.trim()
    const printed = muster(['share', '--decode', code])
    expect(printed.code).toBe(0)
    expect(JSON.parse(printed.stdout)).toMatchObject({ name: 'Roman 25mm legion', ruleset: 'cca-miniatures' })
    const wrapped = `> Here is my list:\n> ${code.match(/.{1,60}/g)!.join('\n> ')}\n> Cheers\n`
    const stdin = muster(['share', '--decode', '-'], { input: wrapped })
    expect(stdin.stderr).toBe('')
    expect(stdin.stdout).toBe(printed.stdout)
  })

  it("a damaged code: exit 2, one line on stderr in players' words, no file written", () => {
    const code = muster(['share', copyExample('triumph-illegal')]).stdout.trim()
    const out = join(dir, 'never.muster.json')
    for (const bad of [code.slice(0, -20), code.slice(0, 30) + (code[30] === 'x' ? 'y' : 'x') + code.slice(31)]) {
      const r = muster(['share', '--decode', bad, '-o', out])
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr).toBe('muster share: This share code is damaged or incomplete: it may have been cut off when copied. Copy the whole code again.\n')
      expect(existsSync(out)).toBe(false)
    }
    expect(readdirSync(dir).filter((f) => f.startsWith('.never'))).toEqual([])
    const newer = muster(['share', '--decode', code.replace(/^MU1/, 'MU9'), '-o', out])
    expect(newer.code).toBe(2)
    expect(newer.stderr).toContain('made by a newer version of Muster (MU9)')
    const empty = muster(['share', '--decode', '-'], { input: '' })
    expect(empty.code).toBe(2)
    expect(empty.stderr).toContain('There is no share code here')
    expect(existsSync(out)).toBe(false)
    noStackTrace(newer.stderr)
  })

  // Round 3, finding 8d: two codes in one text were read as the first, silently.
  it('two different codes in one text: refused, naming both (shortened), nothing written', () => {
    const first = muster(['share', copyExample('triumph-legal')]).stdout.trim()
    const second = muster(['share', copyExample('triumph-illegal')]).stdout.trim()
    const out = join(dir, 'which.muster.json')
    const short = (code: string) => shorten(code, 21)
    const r = muster(['share', '--decode', '-', '-o', out], { input: `Here is mine:\n${first}\n> ${first}\nand my friend's:\n> ${second}\n` })
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(`muster share: This text holds two share codes, ${short(first)} and ${short(second)}: paste one at a time.\n`)
    expect(existsSync(out)).toBe(false)
    // the same code twice (a reply quoting it) is one roster, read as usual
    const twice = muster(['share', '--decode', '-', '-o', out], { input: `${first}\n> ${first}\n` })
    expect(twice.code, twice.stderr).toBe(0)
    expect(existsSync(out)).toBe(true)
  })

  // Review of finding 8d: only the first two candidates were compared, so a "MU1." in a sentence or
  // a link after the code (https://mu1.example.org) refused a good paste as two codes.
  it('only whole codes (their checks right) count: a "MU1." in words or a link beside the code is no second code', () => {
    const code = muster(['share', copyExample('triumph-legal')]).stdout.trim()
    const other = muster(['share', copyExample('triumph-illegal')]).stdout.trim()
    const validate = () => null
    const army = (text: string) => (decodeShareCode(text, validate) as { army: string }).army
    expect(army(`${code}\n\n(Codes start with MU1. and end with a check.)`)).toBe('early-imperial-roman')
    expect(army(`${code}\nMore lists at https://mu1.example.org/lists and MU1.abc.def`)).toBe('early-imperial-roman')
    expect(army(`see mu1.example.org first, then: ${code}`)).toBe('early-imperial-roman')
    // a damaged code beside a whole one is no rival either; alone, it is said to be damaged
    expect(army(`${other.slice(0, -3)} was cut; here it is again: ${code}`)).toBe('early-imperial-roman')
    expect(() => decodeShareCode(`${code.slice(0, -3)} and MU1.x`, validate)).toThrow(/damaged or incomplete/)
    // the same code quoted, then another: refused, both named
    expect(() => decodeShareCode(`${code}\n> ${code}\n${other}`, validate)).toThrow(
      `This text holds two share codes, ${shorten(code, 21)} and ${shorten(other, 21)}: paste one at a time.`
    )
    const third = muster(['share', copyExample('wrg-1969-legal')]).stdout.trim()
    expect(() => decodeShareCode(`${code} ${other} ${third}`, validate)).toThrow(/^This text holds 3 share codes, .+, .+ and .+: paste one at a time\.$/)
    // many "MU1." in a long paste are each read once (a quadratic reading would run past the test's time-out)
    expect(army(`${code} ${'MU1.MU1.'.repeat(20_000)}`)).toBe('early-imperial-roman')
  })

  it('refuses a file that is not a roster, and wrong arguments, with exit 2', () => {
    const notRoster = join(dir, 'not-a-roster.json')
    writeFileSync(notRoster, '{"hello": "world"}')
    const r = muster(['share', notRoster])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/not-a-roster\.json: not a roster: /)
    expect(muster(['share', join(dir, 'missing.json')]).stderr).toMatch(/missing\.json: no such file/)
    expect(muster(['share']).code).toBe(2)
    expect(muster(['share']).stderr).toBe('muster share: give a roster file to share, or --decode CODE (not both)\n')
    expect(muster(['share', notRoster, '-o', join(dir, 'x')]).stderr).toBe('muster share: -o goes with --decode; the share code is printed\n')
  })
})
