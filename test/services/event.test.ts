// The event check's input and use case (services/event-input.ts, services/event.ts): what `muster
// check` and the app's Event screen both do with a profile and the submitted files.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { asEventProfile, eventProfileProblem, submission } from '../../src-main/services/event-input'
import { checkEventFiles, checkSubmissions } from '../../src-main/services/event'
import { printPdf } from '../../src-main/services/print'
import { parseJsonBytes } from '../../src-main/files/read-json'
import { createAjv } from '../../src-main/rules/schemas'
import type { EventProfile } from '../../src-main/event/check-event'
import { bundledEngine, repoRoot } from '../support/engine'

const engine = bundledEngine()
const ajv = createAjv()
const profile = { format: 'muster-event', version: 1, name: 'Test Open', ruleset: 'triumph' } as unknown as EventProfile
const legal = readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'))

describe('event input', () => {
  it('a profile: null when it is one, its first problems in one line when not', () => {
    expect(eventProfileProblem(ajv, profile)).toBeNull()
    expect(eventProfileProblem(ajv, { format: 'nothing' })).toMatch(/^not a Muster event profile: /)
    expect(() => asEventProfile(ajv, 42, (p) => new Error(`event.json: ${p}`))).toThrow(/^event\.json: not a Muster event profile: /)
  })

  it('a submission: its roster, or why it could not be read, named by its file', () => {
    expect(submission('a.json', parseJsonBytes('a.json', legal))).toMatchObject({ file: 'a.json', data: { ruleset: 'triumph' } })
    const bad = submission('b.json', parseJsonBytes('b.json', Buffer.from('{ nope')))
    expect(bad).toMatchObject({ file: 'b.json' })
    expect('error' in bad && bad.error).toMatch(/^not valid JSON/)
  })
})

describe('checkSubmissions', () => {
  it('checks every submission; a previous report compares each resubmission with it', () => {
    const submissions = [submission('a.json', parseJsonBytes('a.json', legal)), submission('b.json', parseJsonBytes('b.json', Buffer.from('{ nope')))]
    const report = checkSubmissions(engine, profile, submissions)
    expect(report.rows).toHaveLength(2)
    expect(report.summary.unreadable).toBe(1)
    const again = checkSubmissions(engine, profile, submissions, report)
    expect(again.rows).toHaveLength(2)
  })
})

describe('checkEventFiles (the CLI and the app alike)', () => {
  it('reads each file under its report name, places a problem under that name, and compares a print-out beside a roster with it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'muster-event-files-'))
    try {
      const roster = JSON.parse(legal.toString('utf8'))
      writeFileSync(join(dir, 'alice.json'), legal)
      writeFileSync(join(dir, 'bob.json'), '{ nope')
      // Alice's sheet, printed from her roster, submitted beside it: its check code matches.
      writeFileSync(join(dir, 'alice.pdf'), (await printPdf(engine, roster, { kind: 'roster' })).pdf)
      // The app names a file by its name, not its path.
      const files = ['alice.json', 'bob.json'].map((name) => ({ path: join(dir, name), name: `entries/${name}` }))
      const { report } = await checkEventFiles(engine, profile, files)
      const alice = report.rows.find((r) => r.file === 'entries/alice.json')!
      expect(alice.printedCode).toMatchObject({ match: true, kind: 'match' })
      const bob = report.rows.find((r) => r.file === 'entries/bob.json')!
      expect(JSON.stringify(bob)).toContain('line 1')
      expect(JSON.stringify(report)).not.toContain(dir)
      // A roster changed after printing: the print-out no longer matches.
      writeFileSync(join(dir, 'alice.json'), JSON.stringify({ ...roster, units: roster.units.slice(1) }))
      const changed = await checkEventFiles(engine, profile, files)
      expect(changed.report.rows.find((r) => r.file === 'entries/alice.json')!.printedCode).toMatchObject({ match: false })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
