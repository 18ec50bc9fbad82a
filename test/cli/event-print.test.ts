// `muster event print` and `muster event publish` through the built CLI (bin/muster.js), on an event
// with three rounds of results (test/support/event-day-made.ts): the standings, a round's pairings
// and slips as PDFs (read back with pdftotext), the published page; bad input one line, exit 2, and
// nothing written (a file already there left as it was).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { execFileSync, spawnSync } from 'node:child_process'
import { beforeAll, describe, expect, it } from 'vitest'
import { muster, refusalLines } from '../support/cli'
import { tempFolders } from '../support/tmp'
import { toolOrSkip } from '../support/tools'
import { eventWithResults, type MadeEvent } from '../support/event-day-made'

const tmp = tempFolders('muster-event-print-')
const pdftotext = toolOrSkip('poppler-utils (pdftotext)', spawnSync('pdftotext', ['-v']).status === 0 || undefined, 'apt-get install poppler-utils')
const text = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })

let dir: string
let made: MadeEvent
const run = (...args: string[]) => muster([...args, '--db', made.db])

beforeAll(async () => {
  dir = tmp()
  made = await eventWithResults(dir, { rounds: 3 })
})

describe('muster event print and publish', () => {
  it.skipIf(!pdftotext)('prints the standings, the latest round by default, and a round asked for', () => {
    const standings = run('event', 'print', made.id.slice(0, 8), '--standings', '-o', join(dir, 'standings.pdf'))
    expect(standings.code, standings.stderr).toBe(0)
    expect(standings.stdout).toMatch(/^Standings written to .*standings\.pdf$/m)
    expect(text(join(dir, 'standings.pdf'))).toMatch(/opponents' score[\s\S]*Ann/)
    const pairings = run('event', 'print', made.id, '--pairings', '--paper', 'letter', '-o', join(dir, 'pairings.pdf'))
    expect(pairings.code, pairings.stderr).toBe(0)
    expect(pairings.stdout).toMatch(/^Round 3 pairings written to/m)
    expect(text(join(dir, 'pairings.pdf'))).toMatch(/Round 3[\s\S]*Find your table/)
    const slips = run('event', 'print', made.id, '--slips', '--round', '2', '-o', join(dir, 'slips.pdf'))
    expect(slips.code, slips.stderr).toBe(0)
    expect(slips.stdout).toMatch(/^Round 2 result slips written to/m)
    // ten players, one dropped after round 1: four tables of two and a bye
    expect(text(join(dir, 'slips.pdf')).match(/Round 2 · Table \d+/g)).toHaveLength(4)
  })

  it('publishes the page', () => {
    const r = run('event', 'publish', made.id, '-o', join(dir, 'cup.html'))
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^Event page written to .*cup\.html$/m)
    const html = readFileSync(join(dir, 'cup.html'), 'utf8')
    expect(html).toMatch(/<title>Spring Cup<\/title>/)
    for (const p of made.players) expect(html).toContain(`>${p}</a>`)
  })

  it('refuses bad input in one line, exit 2, writing nothing', () => {
    const out = join(dir, 'kept.pdf')
    writeFileSync(out, 'as it was')
    const tries: Array<[string[], RegExp]> = [
      [['--standings', '--slips'], /say what to print: one of --standings, --pairings or --slips/],
      [[], /say what to print/],
      [['--standings', '--round', '2'], /--round goes with --pairings or --slips/],
      [['--slips', '--round', '9'], /round 9 is not paired yet \(the event has paired rounds 1-3\)/],
      [['--pairings', '--round', 'x'], /--round/],
      [['--pairings', '--paper', 'a3'], /a3/]
    ]
    for (const [args, says] of tries) {
      const r = run('event', 'print', made.id, ...args, '-o', out)
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.stderr).toMatch(says)
      expect(refusalLines(r.stderr)).toHaveLength(1)
      expect(readFileSync(out, 'utf8')).toBe('as it was')
    }
    const unknown = run('event', 'publish', 'ffffffff', '-o', join(dir, 'none.html'))
    expect(unknown.code).toBe(2)
    expect(unknown.stderr.trim()).toMatch(/^muster: no event with the id or name 'ffffffff' in the library: muster event list shows the events with their ids$/)
    expect(existsSync(join(dir, 'none.html'))).toBe(false)
    const noOut = run('event', 'publish', made.id)
    expect(noOut.code).toBe(2)
    expect(noOut.stderr).toMatch(/-o, --out/)
  })
})
