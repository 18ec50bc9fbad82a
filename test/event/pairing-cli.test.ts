// `muster pair` (src-main/event/pairing.ts through the CLI) from the sources (text, --json, --csv,
// --html, what is not paired) and once from the built bundle. The pairing itself: pairing.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solveArmy } from '../../src-main/rules'
import { muster, musterHere } from '../support/cli'
import { bundledEngine, repoRoot } from '../support/engine'

const engine = bundledEngine()
const triumph = engine.ruleset('triumph')!
const dir = mkdtempSync(join(tmpdir(), 'muster-pair-'))
const data = join(dir, 'data')
const folder = join(dir, 'submissions')
const eventFile = join(dir, 'event.json')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Bundled Triumph! armies, written into a --data folder with historical enemies added. */
const enemiesOf: Record<string, string[]> = {
  'later-carthaginian': ['marian-roman-111a', 'iberians-67a'],
  seleucid: ['late-judaean'],
  'early-achaemenid-persian-56a': ['early-hoplite-athens']
}

function roster(armyId: string, player: string | null, year?: number) {
  const army = triumph.armies.get(armyId)!
  const r = solveArmy(triumph, armyId, { year: year ?? army.dates[0].from })
  if (!r.ok) throw new Error(`${armyId}: ${r.reason}`)
  return { ...r.roster, ...(player ? { player } : {}), name: `${army.name} of ${player ?? 'nobody'}` }
}

function submit(file: string, content: unknown): string {
  writeFileSync(join(folder, file), typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  return join(folder, file)
}

beforeAll(() => {
  mkdirSync(join(data, 'triumph', 'armies'), { recursive: true })
  mkdirSync(folder)
  for (const [id, enemies] of Object.entries(enemiesOf)) {
    const file = readdirArmy(id)
    const army = JSON.parse(readFileSync(file, 'utf8'))
    writeFileSync(join(data, 'triumph', 'armies', `${id}.json`), JSON.stringify({ ...army, enemies }, null, 2))
  }
  writeFileSync(eventFile, JSON.stringify({ format: 'muster-event', version: 1, name: 'Pairing Cup', ruleset: 'triumph', pointsLimit: 48 }))
  submit('alice.muster.json', roster('later-carthaginian', 'Alice', -210))
  submit('bob.muster.json', roster('marian-roman-111a', 'Bob'))
  submit('carol.muster.json', roster('seleucid', 'Carol'))
  submit('dave.muster.json', roster('late-judaean', 'Dave'))
  submit('erin.muster.json', roster('early-hoplite-athens', '=HYPERLINK("x")'))
  submit('frank.muster.json', roster('early-achaemenid-persian-56a', 'Frank'))
  submit('gina.muster.json', roster('iberians-67a', 'Gina'))
  submit('zz-broken.muster.json', '{"format": ')
  submit('zz-mk2.muster.json', { format: 'muster-roster', version: 1, ruleset: 'wrg-mk2', army: 'early-imperial-roman', player: 'Hal', units: [] })
})

function readdirArmy(id: string): string {
  return join(repoRoot, 'data', 'rulesets', 'triumph', 'armies', `${id}.json`)
}

describe('muster pair', () => {
  it('a table of pairs with the reasons, the bye, and what was not paired; exit 2 for the unreadable file', async () => {
    const r = await musterHere(['--data', data, 'pair', '--event', eventFile, folder])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(2)
    const lines = r.stdout.split('\n')
    expect(lines[0]).toBe('Pairing Cup: first-round pairings, Triumph!, 7 players')
    // Carthage's enemies are Rome and the Iberians: Alice meets Gina, whose roster (240 BC) is of
    // Alice's years too (210 BC); Bob's Marian Roman (105 BC) is not, so Bob has the bye.
    const carthage = triumph.armies.get('later-carthaginian')!.name
    expect(lines).toContain(`Table 2: Alice (63b ${carthage}) v Gina (67a Iberians) — historical enemies, both fielded 240-210 BC`)
    expect(r.stdout).toMatch(/^Table \d: Carol \(93b Seleucid\) v Dave \(113a Late Judaean\) — historical enemies$/m)
    // a table is by its first player's name: the formula-like name sorts before the letters
    expect(r.stdout).toMatch(/^Table \d: =HYPERLINK\("x"\) \(54g Early Hoplite Greek: Athens\) v Frank \(56a Early Achaemenid Persian\) — historical enemies/m)
    expect(r.stdout).toMatch(/^Bye: Bob \(111a Marian Roman\)$/m)
    expect(r.stdout).toContain('note: 7 players, an odd number: Bob has the bye')
    expect(r.stdout).toContain('Not paired:')
    expect(r.stdout).toMatch(/zz-broken\.muster\.json: .*not valid JSON/)
    expect(r.stdout).toMatch(/zz-mk2\.muster\.json \(Hal\): This roster is for Ancient Wargames Rules Mark 2; Pairing Cup plays Triumph!/)
  })

  it('--json: tables, players with file and army, reasons, the bye and the files not examined', async () => {
    const r = await musterHere(['--data', data, 'pair', '--event', eventFile, '--json', folder])
    const out = JSON.parse(r.stdout)
    expect(out.pairs).toHaveLength(3)
    expect(out.pairs.map((p: { table: number }) => p.table)).toEqual([1, 2, 3])
    expect(out.pairs.find((p: { a: { player: string } }) => p.a.player === 'Alice')).toEqual({
      table: 2,
      a: {
        player: 'Alice',
        file: join(folder, 'alice.muster.json'),
        army: 'later-carthaginian',
        armyName: triumph.armies.get('later-carthaginian')!.name,
        list: '63b',
        year: -210
      },
      b: { player: 'Gina', file: join(folder, 'gina.muster.json'), army: 'iberians-67a', armyName: 'Iberians', list: '67a', year: -240 },
      reasons: ['historical enemies', 'both fielded 240-210 BC'],
      score: 6
    })
    expect(out.pairs.every((p: { reasons: string[] }) => p.reasons[0] === 'historical enemies')).toBe(true)
    expect(out.bye).toMatchObject({ player: 'Bob', army: 'marian-roman-111a' })
    expect(out.players).toBe(7)
    expect(out.leftOut).toEqual([])
    expect(out.notExamined.map((n: { file: string }) => n.file)).toEqual([join(folder, 'zz-broken.muster.json'), join(folder, 'zz-mk2.muster.json')])
    expect(out.notExamined[1].reason).toContain('Ancient Wargames Rules Mark 2')
  })

  it('--csv: a row per table, the bye and the files not paired, formulas defused', async () => {
    const r = await musterHere(['--data', data, 'pair', '--event', eventFile, '--csv', folder])
    expect(r.stdout.endsWith('\r\n')).toBe(true)
    const rows = parse<string[]>(r.stdout.trim(), { newline: '\r\n' }).data
    expect(rows[0]).toEqual(['table', 'player', 'army', 'file', 'opponent', 'opponent army', 'opponent file', 'reasons'])
    const alice = rows.find((row) => row[1] === 'Alice')!
    expect(alice[0]).toBe('2')
    expect(alice.slice(4)).toEqual(['Gina', '67a Iberians', join(folder, 'gina.muster.json'), 'historical enemies; both fielded 240-210 BC'])
    expect(rows.find((row) => row[0] === 'bye')?.slice(0, 3)).toEqual(['bye', 'Bob', '111a Marian Roman'])
    expect(rows.filter((row) => row[0] === 'not paired').map((row) => row[3])).toEqual([
      join(folder, 'zz-broken.muster.json'),
      join(folder, 'zz-mk2.muster.json')
    ])
    // the player's name that would run as a formula starts with '
    expect(r.stdout).toContain(`"'=HYPERLINK(""x"")"`)
    expect(r.stdout).not.toMatch(/(^|,)=HYPERLINK/m)
  })

  it('--html -o: one self-contained page; the report is written, the summary said', async () => {
    const out = join(dir, 'pairs.html')
    const r = await musterHere([
      '--data',
      data,
      'pair',
      '--event',
      eventFile,
      '--html',
      '-o',
      out,
      join(folder, 'alice.muster.json'),
      join(folder, 'bob.muster.json'),
      join(folder, 'gina.muster.json')
    ])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(`3 players: 1 table and a bye; pairings written to ${out}\n`)
    const html = readFileSync(out, 'utf8')
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain('<title>Pairing Cup: first-round pairings</title>')
    expect(html).toContain('historical enemies')
    expect(html).not.toMatch(/<script|<link|src=/)
  })

  it('bad input: no profile, or no roster of the event: exit 2, said on stderr', async () => {
    const missing = await musterHere(['pair', '--event', join(dir, 'nope.json'), folder])
    expect(missing.code).toBe(2)
    expect(missing.stderr.trim().split('\n')).toHaveLength(1)
    const none = await musterHere(['--data', data, 'pair', '--event', eventFile, join(folder, 'zz-mk2.muster.json')])
    expect(none.code).toBe(2)
    expect(none.stderr).toBe(
      `muster pair: no roster of Triumph! to pair\n  ${join(folder, 'zz-mk2.muster.json')} (Hal): This roster is for Ancient Wargames Rules Mark 2; Pairing Cup plays Triumph!.\n`
    )
    expect(none.stdout).toBe('')
  })

  it('the built command pairs too', () => {
    const r = muster(['--data', data, 'pair', '--event', eventFile, join(folder, 'alice.muster.json'), join(folder, 'bob.muster.json')])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Table 1: Alice (')
    expect(r.stdout).toContain(') — historical enemies')
  })
})
