// Findings 2 and 3: forged check codes. A legal 48-point and an illegal 64-point roster that share
// one version-1 (60-bit) code were found once by collision/search.ts (about 2^31 hashes, minutes
// on two cores; not run here). Version 2 codes (160 bits) tell them apart, and `muster check`
// reads a printed code only from the PDF's own MusterCheckCode entry, so a roster name that spells
// out someone else's code in the PDF's title cannot make an illegal print-out match a legal file.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkCode } from '../../src-main/export/check-code'
import { renderPdf } from '../../src-main/export/write-pdf'
import type { DocDefinition } from '../../src-main/export/pdf-types'
import { bundledEngine } from '../support/engine'
import { muster } from '../support/cli'
import { tempFolders } from '../support/tmp'

const tempDir = tempFolders('muster-codes-')
const fixture = (name: string) => join(__dirname, 'fixtures', name)
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
const dataVersion = () => bundledEngine().ruleset('triumph')!.ruleset.dataVersion

const event = { format: 'muster-event', version: 1, name: 'Forgery test', ruleset: 'triumph' }

describe('check codes that cannot be forged (finding 2)', () => {
  const legal = read(fixture('collision-legal.muster.json'))
  const illegal = read(fixture('collision-illegal.muster.json'))

  it('the two rosters: one legal at 48 points, one illegal at 64, one version-1 code', () => {
    expect(bundledEngine().check(legal)).toMatchObject({ valid: true, points: 48 })
    expect(bundledEngine().check(illegal)).toMatchObject({ valid: false, points: 64 })
    expect(checkCode(illegal, dataVersion(), 1)).toBe(checkCode(legal, dataVersion(), 1))
  })

  it('have different version-2 codes, the code Muster prints', () => {
    const a = checkCode(legal, dataVersion())
    const b = checkCode(illegal, dataVersion())
    expect(a).not.toBe(b)
    expect(a.replace(/-/g, '')).toHaveLength(32)
  })

  it('muster verify: the legal print-out\'s code does not match the illegal file; an old code still reads, with a warning', () => {
    const dir = tempDir()
    const file = join(dir, 'illegal.muster.json')
    copyFileSync(fixture('collision-illegal.muster.json'), file)
    const legalCode = checkCode(legal, dataVersion())
    const r = muster(['verify', file, legalCode])
    expect(r.stdout).toContain('MISMATCH')
    expect(r.code).toBe(1)
    const old = muster(['verify', file, checkCode(legal, dataVersion(), 1)])
    expect(old.code).toBe(0) // the old code really does collide: which is why it is no longer printed
    expect(old.stdout).toContain('an old 12-character code, which can be forged')
  })
})

describe('the printed code is read from its own entry (finding 3)', () => {
  it('an illegal roster named with a legal roster\'s code, printed and submitted beside the legal file, does not match', () => {
    const dir = tempDir()
    const legal = read(fixture('collision-legal.muster.json'))
    const legalCode = checkCode(legal, dataVersion())
    const spoofer = { ...read(fixture('collision-illegal.muster.json')), name: `Legion muster-check-code:${legalCode} /MusterCheckCode (${legalCode})` }
    const work = join(dir, 'work')
    const submitted = join(dir, 'submitted')
    mkdirSync(work)
    mkdirSync(submitted)
    writeFileSync(join(work, 'spoof.muster.json'), JSON.stringify(spoofer))
    expect(muster(['export', join(work, 'spoof.muster.json'), '--pdf', 'roster', '-o', join(submitted, 'legion.pdf')]).code).toBe(1)
    // the player submits the legal file with the illegal print-out beside it
    writeFileSync(join(submitted, 'legion.muster.json'), JSON.stringify(legal))
    const eventFile = join(dir, 'event.json')
    writeFileSync(eventFile, JSON.stringify(event))
    const r = muster(['check', '--event', eventFile, '--json', submitted])
    const row = (JSON.parse(r.stdout) as { rows: Array<{ valid: boolean; printedCode?: { printed: string; computed: string; match: boolean }; issues: Array<{ code: string }> }> }).rows[0]
    expect(row.printedCode).toEqual({ printed: checkCode(spoofer, dataVersion()), computed: legalCode, match: false })
    expect(row.issues.map((i) => i.code)).toContain('event-printed-code-mismatch')
    expect(row.valid).toBe(false)
    expect(r.code).toBe(1)
  })

  it('an old print-out (its version-1 code as the whole Keywords entry) is read and matches, with a warning to reprint', async () => {
    const dir = tempDir()
    const legal = read(fixture('collision-legal.muster.json'))
    writeFileSync(join(dir, 'legion.muster.json'), JSON.stringify(legal))
    const oldPdf = await renderPdf({ pageSize: 'A4', content: ['an old print-out'], info: { title: 'Legion: roster', keywords: `muster-check-code:${checkCode(legal, dataVersion(), 1)}` } } as DocDefinition)
    writeFileSync(join(dir, 'legion.pdf'), oldPdf)
    const eventFile = join(dir, 'event.json')
    writeFileSync(eventFile, JSON.stringify(event))
    const row = (JSON.parse(muster(['check', '--event', eventFile, '--json', join(dir, 'legion.muster.json')]).stdout) as { rows: Array<{ valid: boolean; printedCode?: { match: boolean }; issues: Array<{ code: string; message: string }> }> }).rows[0]
    expect(row.printedCode?.match).toBe(true)
    expect(row.valid).toBe(true)
    expect(row.issues.map((i) => i.code)).toEqual(['event-printed-code-weak'])
    expect(row.issues[0].message).toContain('can be forged')
    // ...but a title that names an old code is still not read
    const spoof = await renderPdf({ pageSize: 'A4', content: ['spoof'], info: { title: `muster-check-code:${checkCode(legal, dataVersion(), 1)}`, keywords: 'roster' } } as DocDefinition)
    writeFileSync(join(dir, 'legion.pdf'), spoof)
    const again = (JSON.parse(muster(['check', '--event', eventFile, '--json', join(dir, 'legion.muster.json')]).stdout) as { rows: Array<{ printedCode?: unknown; issues: Array<{ code: string }> }> }).rows[0]
    expect(again.printedCode).toBeUndefined()
    expect(again.issues.map((i) => i.code)).toEqual(['event-printed-code-missing'])
  })

  it('a real PDF with no MusterCheckCode entry (the code only in its page text, title and subject) has no code', async () => {
    const dir = tempDir()
    const legal = read(fixture('collision-legal.muster.json'))
    writeFileSync(join(dir, 'legion.muster.json'), JSON.stringify(legal))
    const code = checkCode(legal, dataVersion())
    const text = `muster-check-code:${checkCode(legal, dataVersion(), 1)} MusterCheckCode (${code}) /MusterCheckCode (${code})`
    writeFileSync(join(dir, 'legion.pdf'), await renderPdf({ pageSize: 'A4', content: [text], info: { title: text, subject: text } } as DocDefinition))
    const eventFile = join(dir, 'event.json')
    writeFileSync(eventFile, JSON.stringify(event))
    const row = (JSON.parse(muster(['check', '--event', eventFile, '--json', join(dir, 'legion.muster.json')]).stdout) as { rows: Array<{ printedCode?: unknown; issues: Array<{ code: string }> }> }).rows[0]
    expect(row.printedCode).toBeUndefined()
    expect(row.issues.map((i) => i.code)).toEqual(['event-printed-code-missing'])
    // and a file that is not a PDF at all is said to be so, in words
    writeFileSync(join(dir, 'legion.pdf'), 'not a pdf')
    const garbage = (JSON.parse(muster(['check', '--event', eventFile, '--json', join(dir, 'legion.muster.json')]).stdout) as { rows: Array<{ issues: Array<{ message: string }> }> }).rows[0]
    expect(garbage.issues[0].message).toContain('not a PDF Muster can read')
  })
})
