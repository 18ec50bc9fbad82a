// The library's use cases (services/library.ts) on a real SQLite file with the real engine: what the
// app's IPC handlers call (test/db drives them through the handlers; here the functions alone).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as library from '../../src-main/services/library'
import { decodeRoster, decodedSummary, shareDocument } from '../../src-main/services/share'
import { printPdf } from '../../src-main/services/print'
import { documentChecks } from '../../src-main/services/library-checks'
import { createAjv } from '../../src-main/rules/schemas'
import { getDocument, getRosterRow, listRevisions, openLibrary, type Library, type RosterDocument } from '../../src-main/store'
import { PDFDocument } from 'pdf-lib'
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'

const engine = bundledEngine()
const checks = documentChecks(engine, createAjv())
const tmp = tempFolders('muster-library-service-')
const example = (name: string) => JSON.parse(readFileSync(join(repoRoot, 'examples', `${name}.muster.json`), 'utf8')) as RosterDocument
const { $schema: _schema, ...legal } = example('triumph-legal') as RosterDocument & { $schema?: string }

let lib: Library
beforeEach(async () => {
  lib = await openLibrary(join(tmp(), 'library.sqlite'))
})
afterEach(() => lib.close())

describe('library use cases', () => {
  it('creates, saves and restores with the engine summary stored; opens a revision', () => {
    const row = library.createRoster(lib.db, checks, legal)
    expect(row).toMatchObject({ points: 48, valid: true, revision: 1 })
    const saved = library.saveRoster(lib.db, checks, row.id, { ...legal, name: 'Renamed' }, 'a note')
    expect(saved).toMatchObject({ name: 'Renamed', revision: 2 })
    expect(listRevisions(lib.db, row.id)[0].message).toBe('a note')
    expect(library.restoreRevision(lib.db, checks, row.id, 1)).toMatchObject({ revision: 3, name: legal.name })
    const opened = library.openRoster(lib.db, row.id, 2)
    expect(opened.document.name).toBe('Renamed')
    expect(opened).not.toHaveProperty('verdict')
    expect(engine.check(opened.document)).toMatchObject({ valid: true, points: 48 })
    expect(() => library.createRoster(lib.db, checks, { format: 'nothing' })).toThrow(expect.objectContaining({ name: 'StoreError', code: 'invalid' }))
  })

  it('rechecks and switches a ruleset under other values (errors in words for values that are not there)', () => {
    library.createRoster(lib.db, checks, legal)
    expect(library.impactOfValues(lib.db, engine, { ruleset: 'triumph', edition: 'meshwesh-current' })).toEqual([])
    expect(() => library.impactOfValues(lib.db, engine, { ruleset: 'nope', edition: null })).toThrow("there is no ruleset 'nope'")
    expect(() => library.useValues(lib.db, engine, checks, { ruleset: 'triumph', edition: 'no-such' })).toThrow(/has no values 'no-such'/)
    expect(library.useValues(lib.db, engine, checks, { ruleset: 'triumph', edition: 'meshwesh-current' })).toEqual({ switched: 1, changed: 0 })
  })

  it('takes in roster files by path: one roster, a list of them, a share code, and what is not, said by name (the app) or by path and place (the CLI)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'muster-import-'))
    try {
      writeFileSync(join(dir, 'one.json'), JSON.stringify(legal))
      writeFileSync(join(dir, 'two.json'), JSON.stringify([legal, { ...legal, name: 'Second' }]))
      writeFileSync(join(dir, 'bad.json'), '{ nope')
      writeFileSync(join(dir, 'code.txt'), library.shareCode(lib.db, library.createRoster(lib.db, checks, { ...legal, name: 'Shared' }).id).code)
      const paths = ['one.json', 'two.json', 'bad.json', 'code.txt'].map((f) => join(dir, f))
      const app = library.importRosterPaths(lib.db, checks, paths)
      expect(app.imported.map((i) => i.source)).toEqual(['one.json', 'two.json[0]', 'two.json[1]', 'code.txt'])
      expect(app.failed).toEqual([{ source: 'bad.json', reason: expect.stringMatching(/^not valid JSON: .* \(line 1, column \d+\)$/) }])
      // A folder: refused as not a file by the app; its .json files, by path, for the CLI.
      expect(library.importRosterPaths(lib.db, checks, [dir]).failed).toEqual([{ source: basename(dir), reason: 'is a folder, not a file' }])
      const cli = library.importRosterPaths(lib.db, checks, [dir], { expandFolders: true, byPath: true, tags: ['club'] })
      expect(cli.imported.map((i) => i.source).sort()).toEqual([join(dir, 'one.json'), join(dir, 'two.json[0]'), join(dir, 'two.json[1]')].sort())
      expect(cli.failed).toHaveLength(1)
      expect(cli.failed[0].source.startsWith(`${join(dir, 'bad.json')}:1:`)).toBe(true)
      expect(cli.failed[0].reason).toMatch(/^not valid JSON/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a roster as a file, as text, as a share code and back, and printed', async () => {
    const row = library.createRoster(lib.db, checks, legal)
    const file = library.rosterFile(lib.db, row.id)
    expect(file.fileName).toMatch(/\.muster\.json$/)
    expect(JSON.parse(file.text)).toMatchObject({ ruleset: 'triumph', army: legal.army })
    const text = library.rosterAsText(lib.db, engine, row.id)
    expect(text.text).toContain(text.checkCode)
    const { code } = library.shareCode(lib.db, row.id)
    const back = library.importShareCode(lib.db, checks, code)
    expect(back.id).not.toBe(row.id)
    expect(getDocument(lib.db, back.id)).toEqual(getDocument(lib.db, row.id))
    expect(getRosterRow(lib.db, back.id)).toMatchObject({ points: 48, valid: true })
    const printed = await library.printRoster(lib.db, engine, row.id, 'roster', 'a4')
    expect(printed.fileName).toMatch(/-roster\.pdf$/)
    expect(printed.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(printed.checkCode).toBe(text.checkCode)
  })
})

describe('share and print, the file side (`muster share`, `muster export --pdf`)', () => {
  it('a document is shared only when it is a roster; a code decodes to it, with its verdict and printed code', () => {
    expect(shareDocument(checks, { format: 'nothing' })).toMatchObject({ code: null, problem: expect.any(String) })
    const shared = shareDocument(checks, legal)
    expect(shared.code).toMatch(/^MU1\./)
    const roster = decodeRoster(checks, shared.code!)
    expect(roster).toEqual(legal)
    const summary = decodedSummary(engine, roster)
    expect(summary.verdict.valid).toBe(true)
    expect(summary.checkCode).toMatch(/\S/)
    expect(() => decodeRoster(checks, 'MU1.damaged')).toThrow(expect.objectContaining({ name: 'ShareCodeError' }))
  })

  it('printPdf: the bytes, their page count, the check code and the verdict', async () => {
    const printed = await printPdf(engine, legal, { kind: 'cards', paper: 'letter' })
    expect(printed.pages).toBe((await PDFDocument.load(printed.pdf)).getPageCount())
    expect(printed.pages).toBeGreaterThan(0)
    expect(printed.verdict.valid).toBe(true)
    await expect(printPdf(engine, { ruleset: 'nope' }, { kind: 'roster' })).rejects.toThrow(expect.objectContaining({ name: 'ExportError' }))
  })
})
