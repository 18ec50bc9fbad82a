// The quick-reference sheet against an army list (issue 23: "against an enemy list, not only against a
// roster in the library"), read back with pdftotext: the troops the list can field join the sheet's
// rows (its side "enemy"), and the ruleset's army facts are set side by side with which side a higher
// number favours, by data (reference.json's facts block, ruleset.json's armyFacts labels). Through the
// builder, and through the real `muster export --vs-army`.
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildExport, ExportError } from '../../src-main/export'
import { writePdfFile } from '../../src-main/export/write-pdf'
import { muster } from '../support/cli'
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { example, pdfPagesText, poppler } from './pdf-support'

const tmp = tempFolders('muster-pdf-vs-army-')
let dir: string
beforeAll(() => {
  dir = tmp()
})

/** A line with these cells in order, separated by layout spaces. */
const row = (...cells: Array<string | number>) =>
  new RegExp(`^\\s*${cells.map((c) => String(c).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+')}\\s*$`, 'm')

async function sheet(name: string, roster: unknown, opponentArmy?: string): Promise<string> {
  const built = buildExport(bundledEngine(), roster, { kind: 'qrs', paper: 'a4', ...(opponentArmy ? { opponentArmy } : {}) })
  const file = join(dir, `${name}.pdf`)
  await writePdfFile(built.doc, file)
  return pdfPagesText(file).join('\n')
}

describe.skipIf(!poppler)('quick-reference sheet against an army list', () => {
  it('Early Imperial Roman (60 AD) against the Ancient British list: its troops as fielded in 60 AD, and who is likelier to invade', async () => {
    const t = await sheet('eir-vs-british', example('triumph-legal'), 'ancient-british')
    // Each list named with its number (issue 39)
    expect(t).toContain('tailored for Early Imperial Roman, 60 AD against the 119a Ancient British list')
    expect(t).toMatch(/115a Early Imperial Roman · 48 \/ 48 points\s+55 BC - 75 AD · as fielded in 60 AD/)
    expect(t).toContain('ENEMY ARMY LIST')
    expect(t).toMatch(/ENEMY ARMY LIST\n.*\s119a Ancient British\n/)
    // The list's troop types, with their profiles, on the enemy's side of the troop table.
    expect(t).toContain('Can field 7 troop types: Battle Taxi, Bad Horse, Warband, Skirmishers,')
    expect(t).toMatch(row('Battle Taxi', 'enemy', 'BTX', 3, 'open', 2, 2, '-', 2, 6, '-'))
    expect(t).toMatch(row('Warband', 'enemy', 'WBD', 3, 'open', 3, 2, '-', 3, 4, '-'))
    // Troop types both armies field; and one only this roster does.
    expect(t).toMatch(row('Elite Foot', 'both', 'EFT', 4, 'close', 5, 3, '-', 3, 3, '-'))
    expect(t).toMatch(row('Artillery', 'you', 'ART', 3, 'close', 2, 2, 4, 3, 2, 8))
    // The ratings side by side, labelled by the ruleset; a higher one favours its side.
    expect(t).toContain('Who invades')
    expect(t).toMatch(/Army fact\s+This army\s+Enemy list\s+Edge/)
    expect(t).toMatch(row('Invasion rating', 3, 0, 'you: likelier to invade'))
    // Ancient British maneuver: 1, or 2 only in 55-54 BC and 43-51 AD: 1 in 60 AD.
    expect(t).toMatch(/Maneuver rating\s+2\s+1\s+you: likelier to win the tactical\s/)
    expect(t).toMatch(row('Home topography', 'Arable, Hilly', 'Arable'))
    expect(t).toContain('the lower scorer defends, and the battle is fought on its home topography')
  })

  it("a list not fielded in the roster's year: every troop type it can field, every value with its dates", async () => {
    const t = await sheet('eir-vs-gauls', example('triumph-legal'), 'warlike-gallic')
    expect(t).toMatch(/\s66a Warlike Gallic\n.*\s400-100 BC\n/)
    expect(t).not.toContain('as fielded in')
    // Warlike Gallic: invasion 3 (400-226 BC), 0 (225-100 BC): two values, so no edge is claimed.
    expect(t).toMatch(/Invasion rating\s+3\s+3 \(400-226 BC\); 0 \(225-100 BC\)/)
    expect(t).not.toContain('likelier to invade')
  })

  it('a roster alone has no facts table (its roster sheet has its facts); an unknown list is refused in words', async () => {
    const t = await sheet('eir-alone', example('triumph-legal'))
    expect(t).not.toContain('Who invades')
    expect(t).not.toContain('ENEMY ARMY LIST')
    expect(() => buildExport(bundledEngine(), example('triumph-legal'), { kind: 'qrs', opponentArmy: 'atlantean' })).toThrow(ExportError)
    expect(() => buildExport(bundledEngine(), example('triumph-legal'), { kind: 'qrs', opponentArmy: 'atlantean' })).toThrow(
      "Triumph! has no army list 'atlantean'"
    )
  })

  it('muster export FILE --pdf qrs --vs-army ARMY_ID', () => {
    const file = join(dir, 'eir.muster.json')
    copyFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), file)
    const out = join(dir, 'cli-vs-army.pdf')
    const r = muster(['export', file, '--pdf', 'qrs', '--vs-army', 'ancient-british', '-o', out])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(pdfPagesText(out).join('\n')).toMatch(row('Invasion rating', 3, 0, 'you: likelier to invade'))
    const bad = muster(['export', file, '--pdf', 'roster', '--vs-army', 'ancient-british'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--vs-army only applies to --pdf qrs')
    const unknown = muster(['export', file, '--pdf', 'qrs', '--vs-army', 'atlantean', '-o', join(dir, 'x.pdf')])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain("has no army list 'atlantean'")
  })
})
