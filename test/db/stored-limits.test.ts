// Issue 26 regression: the roster format's length limits (docs/adr/0017-length-limits.md) lowered the
// roster's notes from 20,000 characters to 5,000, a unit's from 5,000 to 1,000, units from 1,000 to
// 100 and battle-card entries from 100 to 30, and a backup or roster file an earlier Muster wrote
// holding such a roster was then refused whole. A player never loses a roster they had: the library
// checks what it keeps against the one roster schema with the limits earlier Musters had
// (src-main/rules/stored-roster.ts); the roster is stored whole and its check refuses it, naming the
// limit in words, until it is cut down (the editor cuts a name or notes from the issue list). Past
// those limits a backup is still refused (runaway protection).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getDocument, openLibrary, type LibraryBackup, type RosterDocument } from '../../src-main/store'
import { createAjv, storedSchemaId } from '../../src-main/rules/schemas'
import { lengthLimits, STORED_ROSTER_LIMITS, storedRosterSchema } from '../../src-main/rules/stored-roster'
import { cutText } from '../../src-renderer/state/edits'
import type { Roster } from '../../src-main/generated-types/roster'
import { muster } from '../support/cli'
import { rulesHandlers } from '../../src-main/ipc/handlers'
import { bundledEngine, repoRoot } from '../support/engine'
import { testLibrary } from '../support/library'
import { tempFolders } from '../support/tmp'
import { fileSha256 } from '../support/file-sha'

const tmp = tempFolders('muster-stored-')
const at = '2026-11-25T00:00:00.000Z'
const ID = 'c0000000-0000-4000-8000-000000000026'
const rosterSchema = JSON.parse(readFileSync(join(repoRoot, 'schemas', 'roster.schema.json'), 'utf8'))
const legal = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Roster & RosterDocument

/** What an earlier Muster let a roster hold and today's format does not: 7,000 characters of notes, 150 units, a unit's notes of 1,400. */
function oldRoster(): Roster & RosterDocument {
  const r = legal()
  const unit = r.units.find((u) => u.troop === 'elite-foot' && u.general !== true) ?? { troop: 'elite-foot', count: 1 }
  const units = [...r.units, ...Array.from({ length: 150 - r.units.length }, (_, i) => ({ ...unit, id: `extra-${i}` }))]
  units[1] = { ...units[1], notes: 'word '.repeat(280) }
  return { ...r, name: 'Old long roster', notes: 'n'.repeat(7000), units }
}

const backupOf = (doc: object): LibraryBackup => ({
  format: 'muster-library',
  version: 1,
  exportedAt: at,
  folders: [],
  rosters: [{ id: ID, createdAt: at, revisions: [{ revision: 1, savedAt: at, document: doc as Roster }] }]
})

async function emptyLibrary(): Promise<{ dir: string; db: string; before: string }> {
  const dir = tmp()
  const db = join(dir, 'library.sqlite')
  const lib = await openLibrary(db)
  lib.db.pragma('wal_checkpoint(TRUNCATE)')
  lib.close()
  return { dir, db, before: fileSha256(db) }
}

const THE_LIMITS = [
  "The roster's notes are 7,000 characters; the most a roster may hold is 5,000: shorten them.",
  'The roster has 150 units; the most a roster may hold is 100: remove some',
  "Unit 2 (Elite Foot)'s notes are 1,400 characters; the most a unit may hold is 1,000: shorten them."
]

describe('the stored roster schema is the roster schema with earlier limits', () => {
  it('every length limit of roster.schema.json has a stored bound, at least the limit; only the bounds differ', () => {
    const limits = lengthLimits(rosterSchema)
    expect(limits.map((l) => l.pointer).sort()).toEqual(Object.keys(STORED_ROSTER_LIMITS).sort())
    for (const l of limits) expect(STORED_ROSTER_LIMITS[l.pointer], l.pointer).toBeGreaterThanOrEqual(l.limit)
    // what Musters before issue 26 allowed
    expect(STORED_ROSTER_LIMITS['/properties/notes']).toBe(20_000)
    expect(STORED_ROSTER_LIMITS['/$defs/unit/properties/notes']).toBe(5_000)
    expect(STORED_ROSTER_LIMITS['/properties/units']).toBe(1_000)
    expect(STORED_ROSTER_LIMITS['/properties/battleCards']).toBe(100)
    const stored = storedRosterSchema(rosterSchema, 'x')
    expect(lengthLimits(stored).map((l) => [l.pointer, l.limit])).toEqual(limits.map((l) => [l.pointer, STORED_ROSTER_LIMITS[l.pointer]]))
    // a limit the table lacks cannot slip in
    expect(() => storedRosterSchema({ ...rosterSchema, properties: { ...rosterSchema.properties, extra: { type: 'string', maxLength: 5 } } }, 'x')).toThrow(
      /maxLength 5 at \/properties\/extra has no stored bound/
    )
  })

  it('structural checks stay: a stored roster must still be a roster', () => {
    const validate = createAjv().getSchema(storedSchemaId('roster.schema.json'))!
    expect(validate(oldRoster())).toBe(true)
    expect(validate({ ...oldRoster(), format: 'other' })).toBe(false)
    expect(validate({ ...oldRoster(), colour: 'red' })).toBe(false)
    expect(validate({ ...oldRoster(), notes: 'n'.repeat(20_001) })).toBe(false)
    expect(validate({ ...oldRoster(), units: Array.from({ length: 1001 }, () => ({ troop: 'elite-foot', count: 1 })) })).toBe(false)
  })
})

describe('a roster an earlier Muster saved, past the new limits (issue 26 regression)', () => {
  it('`library restore` of its backup restores it whole; it is listed, and shown refused with each limit in words', async () => {
    const { dir, db } = await emptyLibrary()
    const file = join(dir, 'backup.json')
    writeFileSync(file, JSON.stringify(backupOf(oldRoster())))
    const r = muster(['library', 'restore', file, '--db', db])
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain('Restored 1 roster')
    expect(r.code).toBe(0)
    const list = JSON.parse(muster(['library', 'list', '--json', '--db', db]).stdout) as { rows: Array<{ id: string; name: string; valid: boolean }> }
    expect(list.rows.map((row) => [row.id, row.name, row.valid])).toEqual([[ID, 'Old long roster', false]])
    const shown = muster(['library', 'show', ID, '--db', db])
    for (const line of THE_LIMITS) expect(shown.stdout).toContain(line)
    const lib = await openLibrary(db)
    const doc = getDocument(lib.db, ID)
    lib.close()
    expect([String(doc.notes).length, doc.units.length]).toEqual([7000, 150])
  })

  it('`library import` of its file stores it whole; `validate` names each limit in words', async () => {
    const { dir, db } = await emptyLibrary()
    const file = join(dir, 'old.muster.json')
    writeFileSync(file, JSON.stringify(oldRoster(), null, 2))
    const v = muster(['validate', file])
    for (const line of THE_LIMITS) expect(v.stdout).toContain(line)
    expect(v.code).toBe(1)
    const r = muster(['library', 'import', file, '--db', db])
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain('Imported 1 of 1; 0 failed.')
    expect(r.code).toBe(0)
    const lib = await openLibrary(db)
    const [row] = JSON.parse(muster(['library', 'list', '--json', '--db', db]).stdout).rows as Array<{ id: string }>
    const doc = getDocument(lib.db, row.id)
    lib.close()
    expect(doc).toEqual(oldRoster())
  })

  it('a backup past what any Muster allowed is still refused, naming it, the library untouched: 2,000,000 units, 20,001 characters of notes', async () => {
    const { dir, db, before } = await emptyLibrary()
    const cases: Array<[string, object, RegExp]> = [
      [
        'units',
        { ...legal(), units: Array.from({ length: 2_000_000 }, () => ({ troop: 'elite-foot', count: 1 })) },
        /not a Muster library backup: \/rosters\/0\/revisions\/0\/document\/units: must NOT have more than 1000 items/
      ],
      [
        'notes',
        { ...legal(), notes: 'n'.repeat(20_001) },
        /not a Muster library backup: \/rosters\/0\/revisions\/0\/document\/notes: must NOT have more than 20000 characters/
      ]
    ]
    for (const [what, doc, message] of cases) {
      const file = join(dir, `${what}.json`)
      writeFileSync(file, JSON.stringify(backupOf(doc)))
      const r = muster(['library', 'restore', file, '--db', db])
      expect(r.stderr, what).toMatch(message)
      expect(r.code, what).toBe(2)
      expect(fileSha256(db), what).toBe(before)
    }
    const tooMany = join(dir, 'too-many.muster.json')
    writeFileSync(tooMany, JSON.stringify({ ...legal(), units: Array.from({ length: 1001 }, () => ({ troop: 'elite-foot', count: 1 })) }))
    const imported = muster(['library', 'import', tooMany, '--db', db])
    expect(imported.stderr).toContain('not a roster: /units: more than 1,000 entries, more than Muster has ever let a roster hold')
    expect(imported.code).toBe(2)
  })

  it('the app opens it, saves edits to it, and cuts a unit’s notes (which it has no field for) to the limit from the issue list', async () => {
    const { handlers, dispose } = await testLibrary()
    try {
      const id = (await handlers.createRoster(oldRoster())).id
      // What the app shows of it: the editor's one evaluation (the IPC handler, as the app has it).
      const rules = rulesHandlers(bundledEngine())
      const opened = await handlers.getRoster(id)
      expect(opened.document).toEqual(oldRoster())
      const issues = (await rules.evaluateRoster(opened.document)).verdict.issues.filter((i) => i.code === 'too-long' || i.code === 'too-many')
      expect(issues.map((i) => [i.path, i.limit, i.message])).toEqual([
        ['/notes', 5000, THE_LIMITS[0]],
        ['/units', 100, expect.stringContaining(THE_LIMITS[1])],
        ['/units/1/notes', 1000, THE_LIMITS[2]]
      ])
      // an edit of something else is saved (the roster is kept, refused, until it is cut down)
      expect((await handlers.saveRoster(id, { ...oldRoster(), name: 'Renamed' })).revision).toBe(2)
      let doc: RosterDocument = { ...oldRoster(), name: 'Renamed' }
      for (const i of issues) if (i.limit !== undefined) doc = cutText(doc, i.path, i.limit)
      doc = { ...doc, units: doc.units.slice(0, 100) }
      expect([String(doc.notes).length, String(doc.units[1].notes).length]).toEqual([5000, 1000])
      await handlers.saveRoster(id, doc)
      const after = await handlers.getRoster(id)
      expect((await rules.evaluateRoster(after.document)).verdict.issues.filter((i) => i.rule === 'roster-schema')).toEqual([])
      expect(
        bundledEngine()
          .check(after.document)
          .issues.some((i) => i.code === 'too-long')
      ).toBe(false)
      // ids are never cut: only names and notes
      expect(cutText(doc, '/army', 3)).toBe(doc)
    } finally {
      dispose()
    }
  })
})
