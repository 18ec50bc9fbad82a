// Findings 2 and 3 of issue 10, and finding 3 of issue 26: forged check codes. A legal 48-point and
// an illegal 64-point roster that share one version-1 (60-bit) code were found once by
// collision/search.ts (about 2^31 hashes, minutes on two cores; not run here). Version 2 codes (160
// bits) tell them apart; an old code is never called a match (print again). `muster check` reads a
// printed code from the PDF's own MusterCheckCode entry (never its title) and from its pages.
// Entries edited: check-codes-altered.test.ts; the data in force: check-codes-data.test.ts.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkCode } from '../../src-main/export/check-code'
import { renderPdf } from '../../src-main/export/write-pdf'
import type { DocDefinition } from '../../src-main/export/pdf-types'
import { bundledEngine } from '../support/engine'
import { muster } from '../support/cli'
import { checkRow } from '../support/event-check'
import { COLLISION_DATA_VERSION, collision, dataVersion, oldPrintOut, legalSubmitted } from '../support/check-codes'
import { tempFolders } from '../support/tmp'

const tempDir = tempFolders('muster-codes-')

describe('check codes that cannot be forged (finding 2)', () => {
  const legal = collision.legal()
  const illegal = collision.illegal()

  it('the two rosters: one legal at 48 points, one illegal at 64, one version-1 code', () => {
    expect(bundledEngine().check(legal)).toMatchObject({ valid: true, points: 48 })
    expect(bundledEngine().check(illegal)).toMatchObject({ valid: false, points: 64 })
    // A version-1 code hashes the data version too: the pair collides under the one it was found for.
    expect(checkCode(illegal, COLLISION_DATA_VERSION, 1)).toBe(checkCode(legal, COLLISION_DATA_VERSION, 1))
  })

  it('have different version-2 codes, the code Muster prints', () => {
    const a = checkCode(legal, dataVersion())
    const b = checkCode(illegal, dataVersion())
    expect(a).not.toBe(b)
    expect(a.replace(/-/g, '')).toHaveLength(32)
  })

  it("muster verify: the legal print-out's code does not match the illegal file; an old code is never a match (issue 26)", () => {
    const dir = tempDir()
    const file = join(dir, 'illegal.muster.json')
    copyFileSync(collision.illegalFile, file)
    const legalCode = checkCode(legal, dataVersion())
    const r = muster(['verify', file, legalCode])
    expect(r.stdout).toContain('MISMATCH')
    expect(r.code).toBe(1)
    // the old code really does collide: which is why it is no longer printed, and no longer a match
    const old = muster(['verify', file, checkCode(legal, dataVersion(), 1)])
    expect(old.code).toBe(1)
    expect(old.stdout).toContain('old code: cannot be trusted, print again')
  })
})

describe('the printed code is read from its own entry (finding 3)', () => {
  it("an illegal roster named with a legal roster's code, printed and submitted beside the legal file, does not match", () => {
    const dir = tempDir()
    const legal = collision.legal()
    const legalCode = checkCode(legal, dataVersion())
    const spoofer = { ...collision.illegal(), name: `Legion muster-check-code:${legalCode} /MusterCheckCode (${legalCode})` }
    const work = join(dir, 'work')
    const submitted = join(dir, 'submitted')
    mkdirSync(work)
    mkdirSync(submitted)
    writeFileSync(join(work, 'spoof.muster.json'), JSON.stringify(spoofer))
    expect(muster(['export', join(work, 'spoof.muster.json'), '--pdf', 'roster', '-o', join(submitted, 'legion.pdf')]).code).toBe(1)
    // the player submits the legal file with the illegal print-out beside it
    writeFileSync(join(submitted, 'legion.muster.json'), JSON.stringify(legal))
    const { code, row } = checkRow(dir, submitted, { event: 'Forgery test' })
    expect(row.printedCode).toEqual({ printed: checkCode(spoofer, dataVersion()), computed: legalCode, match: false, kind: 'mismatch' })
    expect(row.issues.map((i) => i.code)).toContain('event-printed-code-mismatch')
    expect(row.valid).toBe(false)
    expect(code).toBe(1)
  })

  it('an old print-out (its version-1 code as the whole Keywords entry) is read, and is an error even when it matches: print again (issue 26)', async () => {
    const { dir, legal } = legalSubmitted(tempDir)
    const oldPdf = await oldPrintOut(checkCode(legal, dataVersion(), 1))
    writeFileSync(join(dir, 'legion.pdf'), oldPdf)
    const checked = checkRow(dir, join(dir, 'legion.muster.json'), { event: 'Forgery test' })
    const row = checked.row
    expect(row.printedCode?.match).toBe(false)
    expect(row.valid).toBe(false)
    expect(checked.code).toBe(1)
    expect(row.issues.map((i) => [i.code, i.severity])).toEqual([['event-printed-code-old', 'error']])
    expect(row.issues[0].message).toContain('matches this file, but an old code cannot be trusted')
    expect(row.issues[0].message).toContain('print again')
    // ...but a title that names an old code is still not read
    const spoof = await renderPdf({
      pageSize: 'A4',
      content: ['spoof'],
      info: { title: `muster-check-code:${checkCode(legal, dataVersion(), 1)}`, keywords: 'roster' }
    } as DocDefinition)
    writeFileSync(join(dir, 'legion.pdf'), spoof)
    const again = checkRow(dir, join(dir, 'legion.muster.json'), { event: 'Forgery test' }).row
    expect(again.printedCode).toBeUndefined()
    expect(again.issues.map((i) => i.code)).toEqual(['event-printed-code-missing'])
  })

  it('a real PDF with no MusterCheckCode entry is judged on its page (review of issue 26): the code in its title and subject is never read', async () => {
    const { dir, legal } = legalSubmitted(tempDir)
    const code = checkCode(legal, dataVersion())
    const text = `muster-check-code:${checkCode(legal, dataVersion(), 1)} MusterCheckCode (${code}) /MusterCheckCode (${code})`
    writeFileSync(join(dir, 'legion.pdf'), await renderPdf({ pageSize: 'A4', content: [text], info: { title: text, subject: text } } as DocDefinition))
    const row = checkRow(dir, join(dir, 'legion.muster.json'), { event: 'Forgery test' }).row
    // its page shows this file's code on its only page: a match, saying the entry is missing (as for a print-out re-saved by another program)
    expect(row.printedCode).toMatchObject({ printed: code, computed: code, match: true })
    expect(row.issues.map((i) => i.code)).toEqual(['event-printed-code-entry-missing'])
    // the code in the title and subject alone is not read
    writeFileSync(join(dir, 'legion.pdf'), await renderPdf({ pageSize: 'A4', content: ['a list'], info: { title: text, subject: text } } as DocDefinition))
    const titled = checkRow(dir, join(dir, 'legion.muster.json'), { event: 'Forgery test' }).row
    expect(titled.printedCode).toBeUndefined()
    expect(titled.issues.map((i) => i.code)).toEqual(['event-printed-code-missing'])
    // and a file that is not a PDF at all is said to be so, in words
    writeFileSync(join(dir, 'legion.pdf'), 'not a pdf')
    const garbage = checkRow(dir, join(dir, 'legion.muster.json'), { event: 'Forgery test' }).row
    expect(garbage.issues[0].message).toContain('not a PDF Muster can read')
  })
})
