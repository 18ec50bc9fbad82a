// What the printed sheets say, read back with pdftotext (issue 14, item 5): a Triumph! roster's
// battle cards and camp combat factor on its sheets; army-specific lines only on the sheets of the
// armies they concern; words where the rules give a variable number; one uphill modifier; no
// developer text (data paths, seeds, internal ids) anywhere on a roster or quick-reference sheet;
// a `muster verify` hint a shell takes as it is printed; the Triumph! sheet on two full pages.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildExport } from '../../src-main/export'
import { shellWord } from '../../src-main/export/roster-content'
import { writePdfFile } from '../../src-main/export/write-pdf'
import { bundledEngine, repoRoot } from '../support/engine'
import { rosterOf } from '../support/roster-of'
import { RULESETS, example, pdfInfo, pdfPagesText, poppler, printPdf } from './pdf-support'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-pdf-content-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const ruleCase = (rs: string, name: string): Record<string, unknown> =>
  (JSON.parse(readFileSync(join(repoRoot, 'test', 'rules', rs, `${name}.json`), 'utf8')) as { roster: Record<string, unknown> }).roster

async function sheet(name: string, roster: unknown, kind: 'roster' | 'qrs', opponent?: unknown): Promise<{ text: string; flat: string; pages: number }> {
  const printed = await printPdf(dir, name, roster, kind, { opponent })
  const pages = pdfPagesText(printed.file)
  const text = pages.join('\n')
  return { text, flat: text.replace(/\s+/g, ' '), pages: pages.length }
}

/** Units from troop ids and counts, in the order given. */
const stands = (counts: Record<string, number>) => Object.entries(counts).map(([troop, count]) => ({ troop, count }))
const celtic = rosterOf('cca-miniatures', 'celtic', { name: 'Celts', units: stands({ cinc: 1, warriors: 3, druid: 1 }) })
const carthage = rosterOf('cca-miniatures', 'carthaginian', { name: 'Carthage', units: stands({ cinc: 1, 'heavy-infantry': 2, elephants: 1 }) })

describe('the verify hint quotes a file name for a shell', () => {
  it('leaves plain names alone and single-quotes the rest', () => {
    expect(shellWord('roman.muster.json')).toBe('roman.muster.json')
    expect(shellWord('My army.muster.json')).toBe("'My army.muster.json'")
    expect(shellWord("Bob's army.muster.json")).toBe("'Bob'\\''s army.muster.json'")
    expect(shellWord('a$b`c".json')).toBe("'a$b`c\".json'")
    expect(shellWord('-x.muster.json')).toBe('./-x.muster.json')
  })

  it('gives back the very name through a real shell', () => {
    for (const name of ['My army.muster.json', "Bob's army.muster.json", 'a $HOME `x` "q".json', '-x y.json']) {
      const echoed = execFileSync('sh', ['-c', `printf '%s' ${shellWord(name)}`], { encoding: 'utf8' })
      expect(echoed.replace(/^\.\//, '')).toBe(name)
    }
  })
})

describe.skipIf(!poppler)('printed sheets: content', () => {
  it("Triumph!: the QRS lists the battle cards taken and both sheets print the camp's combat factor", async () => {
    const roster = ruleCase('triumph', 'battle-cards-legal-48')
    const qrs = await sheet('tr-cards', roster, 'qrs')
    expect(qrs.flat).toContain('Battle cards (3 points):')
    expect(qrs.flat).toContain('Fortified Camp (FC): 1')
    expect(qrs.flat).toContain('Pack Train and Herds (PT): 1')
    expect(qrs.flat).toContain('Hold the Line (HL), 2 cards on Legionary cohorts: 1')
    expect(qrs.flat).toContain('Supportable (SP) on Auxiliary foot: 0')
    // Garrisoned by Light Foot (3 points a stand): 1 + 3.
    expect(qrs.flat).toContain('Camp combat factor: 4')
    const rosterSheet = await sheet('tr-cards', roster, 'roster')
    expect(rosterSheet.text).toMatch(/^\s*Camp combat factor\s+4\s/m)
    expect(rosterSheet.text).toMatch(/^\s*Fortified Camp\s+FC\b/m)
    expect(rosterSheet.text).toMatch(/^\s*Hold the Line\s+HL\b.*Legionary cohorts\s+2 cards\s+1\s*$/m)
    // No garrison: the camp fights at 2.
    const empty = await sheet('tr-empty', ruleCase('triumph', 'legal-no-garrison'), 'qrs')
    expect(empty.flat).toContain('Camp combat factor: 2')
    expect(empty.flat).not.toContain('Battle cards (')
  })

  it('a list is named with its number, as players look it up; a list with no number by its name (issue 39)', async () => {
    // No roster name: the sheet's title is the army's.
    const { name: _name, ...unnamed } = { ...example('triumph-legal'), name: undefined }
    const roster = await sheet('tr-numbered', unnamed, 'roster')
    expect(roster.text).toMatch(/^115a Early Imperial Roman\s+LEGAL$/m)
    expect(roster.text).toMatch(/^115a Early Imperial Roman · Triumph!$/m)
    expect(roster.text).toMatch(/^\s*Army\s+115a Early Imperial Roman\b/m)
    const celts = await sheet('cca-unnumbered', celtic, 'roster')
    expect(celts.text).toMatch(/^\s*Army\s+Celtic\b/m)
  })

  it('C&C: morale lines only for armies they concern; elephant dice in words', async () => {
    const celt = await sheet('celt', celtic, 'qrs')
    expect(celt.text).not.toMatch(/eagle/i)
    expect(celt.text).toContain('Druid eliminated')
    const roman = await sheet('roman', example('cca-miniatures-legal'), 'qrs')
    expect(roman.text).toMatch(/-4\s+Own eagle in enemy hands/)
    expect(roman.text).not.toContain('Druid eliminated')
    // A match-up sheet carries the lines of both armies.
    const both = await sheet('celt-vs-roman', celtic, 'qrs', example('cca-miniatures-legal'))
    expect(both.text).toMatch(/-4\s+Own eagle in enemy hands/)
    expect(both.text).toContain('Druid eliminated')
    const punic = await sheet('punic', carthage, 'qrs')
    expect(punic.text).not.toMatch(/eagle|Druid/i)
    // Elephants roll as many dice as the unit they fight: said, not '?'.
    const elephants = punic.text.split('\n').find((l) => /^\s*Elephants\s/.test(l))
    expect(elephants).toMatch(/as target\s*$/)
    expect(elephants).not.toContain('?')
    const punicRoster = await sheet('punic', carthage, 'roster')
    expect(punicRoster.text).toMatch(/^\s*\d+\s+Elephants\s.*\bas target\s*$/m)
  })

  it('Portable Wargame: the uphill penalty is one modifier, not two', async () => {
    const { text } = await sheet('pw', example('portable-ancients-legal'), 'qrs')
    const block = text.slice(text.indexOf('Close combat modifiers'), text.indexOf('Infantry and cavalry that win'))
    const items = block.replace(/\s+/g, ' ').split(/·| -1 | \+1 /)
    expect(items.filter((i) => /uphill/i.test(i))).toHaveLength(1)
    expect(block).not.toMatch(/·\s*attacking uphill\s*(·|$)/m)
  })

  it('no developer text on any roster or quick-reference sheet', async () => {
    const engine = bundledEngine()
    for (const rs of RULESETS) {
      const loaded = engine.ruleset(rs)!
      const ruleIds = loaded.ruleset.constraints.map((c) => c.id).filter((id) => /[A-Z]/.test(id))
      for (const which of ['legal', 'illegal']) {
        const roster = example(`${rs}-${which}`)
        const opponent = example(`${rs}-${which === 'legal' ? 'illegal' : 'legal'}`)
        // Names free of ruleset ids: the verify hint prints the file name.
        for (const [kind, opp] of [
          ['roster', undefined],
          ['qrs', undefined],
          ['qrs', opponent]
        ] as const) {
          const { text } = await sheet(`sheet-${which}${opp ? '-vs' : ''}`, roster, kind, opp)
          const where = `${rs} ${which} ${kind}${opp ? ' vs' : ''}`
          for (const bad of ['data/rulesets', 'reference.json', 'ruleset.json', 'seed', '[interp]'])
            expect(text.toLowerCase(), `${where}: ${bad}`).not.toContain(bad)
          // Ruleset ids as written (lower case): "Triumph!" is a name, "triumph" the id.
          for (const id of RULESETS) expect(text, `${where}: ${id}`).not.toMatch(new RegExp(`(^|[^A-Za-z])${id}([^A-Za-z]|$)`, 'm'))
          for (const id of ruleIds) expect(text, `${where}: rule id ${id}`).not.toContain(id)
        }
      }
    }
  })

  it('the roster prints a verify command a shell takes as printed', async () => {
    for (const fileName of ['My army.muster.json', "Bob's army.muster.json"]) {
      const built = buildExport(bundledEngine(), example('triumph-legal'), { kind: 'roster', paper: 'a4', fileName })
      const file = join(dir, 'verify-hint.pdf')
      await writePdfFile(built.doc, file)
      const flat = pdfPagesText(file).join('\n').replace(/\s+/g, ' ')
      expect(flat).toContain(`muster verify ${shellWord(fileName)} ${built.checkCode}`)
      expect(pdfInfo(file).Pages).toBe('1')
    }
  })

  it('Triumph!: the quick-reference sheet fills two pages, not three', async () => {
    for (const roster of [example('triumph-legal'), example('triumph-illegal'), ruleCase('triumph', 'battle-cards-legal-48')]) {
      const { pages, text } = await sheet('tr-pages', roster, 'qrs')
      expect(pages).toBe(2)
      // Every section is still there.
      for (const heading of ['Combat factors', 'Combat results', 'Outcome moves', 'Attacking a camp', 'Command and victory', 'Stand points'])
        expect(text).toContain(heading)
    }
  })
})
