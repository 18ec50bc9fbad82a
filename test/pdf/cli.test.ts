// `muster export` and `muster verify`: first through addExportCommands on a commander program set
// up as src-main/cli/main.ts does (so they run before the commands are wired into the bundle), then
// through the real built `muster` binary once main.ts registers them.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Command, CommanderError } from 'commander'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addExportCommands, defaultOutput } from '../../src-main/cli/export'
import { bundledEngine, repoRoot } from '../support/engine'
import { muster } from '../support/cli'
import { example, pdfInfo, pdfText, poppler } from './pdf-support'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-pdf-cli-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs the export/verify commands in-process; returns exit code and output like the CLI. */
async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  let code = 0
  const io = { out: (s: string) => void (stdout += s), err: (s: string) => void (stderr += s) }
  const program = new Command().name('muster').exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err })
  addExportCommands(program, { engine: bundledEngine, io, setExit: (c) => (code = c) })
  try {
    await program.parseAsync(args, { from: 'user' })
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e
    code = e.exitCode === 0 ? 0 : 2
  }
  return { code, stdout, stderr }
}

function copyExample(name: string): string {
  const file = join(dir, `${name}.muster.json`)
  copyFileSync(join(repoRoot, 'examples', `${name}.muster.json`), file)
  return file
}

const noStackTrace = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/)

describe('muster export (in-process)', () => {
  it('writes the roster PDF, says where, and prints the check code', async () => {
    const file = copyExample('wrg-1969-legal')
    const out = join(dir, 'legion.pdf')
    const r = await run(['export', file, '--pdf', 'roster', '-o', out])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(existsSync(out)).toBe(true)
    const code = /check code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(r.stdout)?.[1]
    expect(code).toBeDefined()
    expect(r.stdout).toMatch(/legion\.pdf: roster, \d pages? A4; wrg-1969-legal\.muster\.json legal, 800\/800 points/)
    if (poppler) expect(pdfText(out)).toContain(code!)
  })

  it('writes cards and a quick reference against an opponent, on US Letter', async () => {
    const file = copyExample('triumph-legal')
    const vs = copyExample('triumph-illegal')
    const cards = await run(['export', file, '--pdf', 'cards', '--paper', 'letter', '-o', join(dir, 'cards.pdf')])
    expect(cards.code).toBe(0)
    expect(cards.stdout).toContain('unit cards, 1 page US Letter')
    const qrs = await run(['export', file, '--pdf', 'qrs', '--vs', vs, '-o', join(dir, 'qrs.pdf')])
    expect(qrs.code).toBe(0)
    expect(qrs.stdout).toContain('quick reference')
    if (poppler) {
      expect(pdfInfo(join(dir, 'cards.pdf'))['Page size']).toMatch(/612 x 792/)
      expect(pdfText(join(dir, 'qrs.pdf'))).toContain('against Carthaginians hiring hoplites too late')
    }
  })

  it('writes beside the roster by default', async () => {
    const file = copyExample('portable-ancients-legal')
    const r = await run(['export', file, '--pdf', 'qrs'])
    expect(r.code).toBe(0)
    expect(existsSync(join(dir, 'portable-ancients-legal-qrs.pdf'))).toBe(true)
    expect(defaultOutput('/a/b/legion.muster.json', 'cards')).toBe('/a/b/legion-cards.pdf')
    expect(defaultOutput('legion.json', 'roster')).toBe('legion-roster.pdf')
  })

  it('prints an illegal roster, saying so, and exits 1', async () => {
    const file = copyExample('wrg-1969-illegal')
    const out = join(dir, 'illegal.pdf')
    const r = await run(['export', file, '--pdf', 'roster', '-o', out])
    expect(r.code).toBe(1)
    expect(existsSync(out)).toBe(true)
    expect(r.stdout).toContain('ILLEGAL, 2 errors')
    if (poppler) expect(pdfText(out)).toContain('ILLEGAL: 2 errors')
  })

  it('refuses, with one line and exit 2, what it cannot print', async () => {
    const bad = join(dir, 'bad.muster.json')
    writeFileSync(bad, '{ "format": "muster-roster", ')
    const cases: Array<[string[], RegExp]> = [
      [['export', bad, '--pdf', 'roster'], /bad\.muster\.json:1:\d+: not valid JSON/],
      [['export', join(dir, 'missing.json'), '--pdf', 'roster'], /missing\.json: no such file/],
      [['export', copyExample('wrg-1969-legal'), '--pdf', 'roster', '--vs', copyExample('wrg-1969-illegal')], /--vs only applies to --pdf qrs/],
      [
        ['export', copyExample('wrg-1969-legal'), '--pdf', 'qrs', '--vs', copyExample('triumph-legal')],
        /the opponent roster is for Triumph!, not WRG Ancient Wargames Rules \(1969\)/
      ],
      [
        ['export', copyExample('wrg-1969-legal'), '--pdf', 'roster', '-o', join(dir, 'no', 'such', 'dir.pdf')],
        /cannot write .*dir\.pdf: the folder does not exist \(ENOENT\); nothing was written/
      ]
    ]
    const unknown = join(dir, 'unknown.muster.json')
    writeFileSync(unknown, JSON.stringify({ ...example('wrg-1969-legal'), ruleset: 'dba' }))
    cases.push([['export', unknown, '--pdf', 'cards'], /unknown\.muster\.json: cannot print the roster: Unknown ruleset 'dba'/])
    for (const [args, message] of cases) {
      const r = await run(args)
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.stderr).toMatch(message)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      noStackTrace(r.stderr)
    }
    const badKind = await run(['export', copyExample('wrg-1969-legal'), '--pdf', 'poster'])
    expect(badKind.code).toBe(2)
    expect(badKind.stderr).toMatch(/Allowed choices are roster, cards, qrs/)
  })
})

describe('muster verify (in-process)', () => {
  it('accepts the printed roster, also reformatted, and prints both codes', async () => {
    const file = copyExample('cca-miniatures-legal')
    const printed = await run(['export', file, '--pdf', 'roster', '-o', join(dir, 'cca.pdf')])
    const code = /check code (\S+)$/m.exec(printed.stdout)![1]
    const ok = await run(['verify', file, code])
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain(`match: printed ${code}, file ${code} (C&C Ancients (miniatures) data 1.3.0)`)
    // Same roster, other layout and key order, typed in lower case without dashes.
    const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    const re = join(dir, 'reformatted.json')
    writeFileSync(re, JSON.stringify(Object.fromEntries(Object.entries(data).reverse())))
    expect((await run(['verify', re, code.toLowerCase().replace(/-/g, ' ')])).code).toBe(0)
  })

  it('rejects an edited roster with exit 1, naming both codes', async () => {
    const file = copyExample('triumph-legal')
    const code = (await run(['verify', file])).stdout.match(/check code (\S+)/)![1]
    const data = JSON.parse(readFileSync(file, 'utf8')) as { units: Array<{ count: number }> }
    data.units[1].count += 1
    const edited = join(dir, 'edited.muster.json')
    writeFileSync(edited, JSON.stringify(data, null, 2))
    const r = await run(['verify', edited, code])
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(new RegExp(`MISMATCH: printed ${code}, file [0-9A-Z-]{14}`))
    expect(r.stdout).not.toContain(`file ${code}`)
  })

  it('exit 2 for an unreadable file, a bad code or an unknown ruleset', async () => {
    const file = copyExample('wrg-mk2-legal')
    expect((await run(['verify', join(dir, 'nope.json'), 'ABCD-EFGH-JKMN'])).code).toBe(2)
    const badCode = await run(['verify', file, 'not-a-code'])
    expect(badCode.code).toBe(2)
    expect(badCode.stderr).toMatch(/'not-a-code' is not a check code/)
    const other = join(dir, 'other.json')
    writeFileSync(other, JSON.stringify({ ruleset: 'dba', units: [] }))
    const r = await run(['verify', other, 'ABCD-EFGH-JKMN'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/unknown ruleset 'dba'/)
  })
})

// The real binary (src-main/cli/main.ts registers the commands): never skipped.
describe('muster export and verify (built binary)', () => {
  it('exports, then verifies the file and rejects an edited copy', () => {
    const file = copyExample('wrg-mk2-legal')
    const out = join(dir, 'bin-roster.pdf')
    const r = muster(['export', file, '--pdf', 'roster', '-o', out])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const code = /check code (\S+)$/m.exec(r.stdout)![1]
    expect(existsSync(out)).toBe(true)
    expect(muster(['verify', file, code]).code).toBe(0)
    const data = JSON.parse(readFileSync(file, 'utf8')) as { name: string }
    data.name += ' (edited)'
    const edited = join(dir, 'bin-edited.json')
    writeFileSync(edited, JSON.stringify(data))
    const bad = muster(['verify', edited, code])
    expect(bad.code).toBe(1)
    expect(bad.stdout).toContain('MISMATCH')
  })

  it('writes cards and a quick reference, and refuses bad input with exit 2', () => {
    const file = copyExample('portable-ancients-legal')
    expect(muster(['export', file, '--pdf', 'cards', '-o', join(dir, 'bin-cards.pdf')]).code).toBe(0)
    expect(
      muster(['export', file, '--pdf', 'qrs', '--vs', copyExample('portable-ancients-illegal'), '--paper', 'letter', '-o', join(dir, 'bin-qrs.pdf')]).code
    ).toBe(0)
    const bad = muster(['export', join(dir, 'missing.json'), '--pdf', 'roster'])
    expect(bad.code).toBe(2)
    noStackTrace(bad.stderr)
  })
})
