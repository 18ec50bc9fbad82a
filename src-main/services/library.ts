// The library's use cases that take more than one store call: a roster opened with its verdict,
// saves checked and summarised, the library under another ruleset's values, roster files taken in.
// Plain functions of the database, the engine (or the checks made from it) and their input, so the
// app's IPC handlers only parse, call and present, and tests call them on a real SQLite file.
import type { Engine } from '../rules'
import type { Roster } from '../rules/types'
import * as store from '../store'
import { compareVerdicts } from '../rules/impact'
import { rosterOnListInForce } from '../rules/roster-on-list'
import { expandPaths, MAX_ROSTER_BYTES, problemText, readRosterFile, type ReadResult } from '../files/read-json'
import { readTextFile } from '../files/read-file'
import { basename } from 'node:path'
import { fileStem } from '../../src-shared/text'
import { rosterText, type ExportKind, type Paper } from '../export'
import { errorsOf, everyRoster, sameResult, type LibraryImpact } from './library-data'
import { printPdf } from './print'
import { decodeRoster } from './share'
import { underValues } from './recheck'
import { encodeShareCode } from '../share/code'
import { ownedItems, proxyUnits } from './collection'

/** A ruleset's values for the library to be checked under: one of its data editions, or null: its own. */
export interface RulesetValues {
  ruleset: string
  edition: string | null
}

/** documentChecks (library-checks.ts): every save stores the engine's summary beside the document. */
type Checks = store.DocumentChecks

/** `doc` as a roster, or a StoreError saying what is wrong with it (the player's words). */
function asRoster(checks: store.DocumentChecks, doc: unknown): store.RosterDocument {
  const problem = checks.validate(doc)
  if (problem) throw new store.StoreError('invalid', problem)
  return doc as store.RosterDocument
}

/**
 * A roster (or one of its revisions) and its library row. No verdict: the editor asks for the one
 * evaluation it shows (evaluateRoster) as it opens the document, and a check here went unread.
 */
export function openRoster(
  db: store.Db,
  id: string,
  revision?: number,
  engine?: Engine
): { row: store.RosterRow; document: store.RosterDocument; moved?: string } {
  const row = store.getRosterRow(db, id)
  const document = store.getDocument(db, id, revision)
  // Saved on a list a Meshwesh catalogue's list of the same number supersedes: opened as that list,
  // and said; the library keeps the roster as it was until the player changes it (rules/roster-on-list.ts).
  const loaded = engine && typeof document.ruleset === 'string' ? engine.ruleset(document.ruleset) : undefined
  const onList = loaded ? rosterOnListInForce(loaded, document) : undefined
  if (!onList?.move) return { row, document }
  return { row, document: onList.roster, moved: `${onList.move.message} Your next change saves the roster on that list.` }
}

export function createRoster(db: store.Db, checks: Checks, doc: unknown): store.RosterRow {
  const document = asRoster(checks, doc)
  return store.getRosterRow(db, store.createRoster(db, document, { check: checks.summarise!(document) }).id)
}

export function saveRoster(db: store.Db, checks: Checks, id: string, doc: unknown, message?: string): store.RosterRow {
  const document = asRoster(checks, doc)
  store.saveRevision(db, id, document, checks.summarise!(document), message)
  return store.getRosterRow(db, id)
}

/** An old revision made the newest, its summary made with today's data. */
export function restoreRevision(db: store.Db, checks: Checks, id: string, revision: number): store.RosterRow {
  store.restoreRevision(db, id, revision, checks.summarise!(store.getDocument(db, id, revision)))
  return store.getRosterRow(db, id)
}

/** The ruleset named and, unless null, its edition; a StoreError in the player's words otherwise. */
function valuesOf(engine: Engine, values: RulesetValues) {
  const loaded = engine.ruleset(values.ruleset)
  if (!loaded) throw new store.StoreError('invalid', `there is no ruleset '${values.ruleset}'`)
  return loaded
}

/** Each roster of a ruleset as it is now against under other values (both checked with today's data). */
export function impactOfValues(db: store.Db, engine: Engine, values: RulesetValues): LibraryImpact[] {
  const loaded = valuesOf(engine, values)
  if (values.edition !== null && !loaded.editions.has(values.edition))
    throw new store.StoreError('invalid', `${loaded.ruleset.name} has no values '${values.edition}'`)
  const impacts: LibraryImpact[] = []
  const under = underValues(engine, values)
  for (const r of everyRoster(db)) {
    if (r.ruleset !== values.ruleset) continue
    const doc = store.getDocument(db, r.id)
    const before = engine.check(doc)
    const after = under(before, doc)
    if (!after || sameResult(before.points, before.valid, after)) continue
    const change = compareVerdicts(r.id, r.name, before, after)
    impacts.push({
      id: r.id,
      name: r.name,
      army: r.army,
      before: { points: before.points, valid: before.valid, dataVersion: before.dataVersion ?? null },
      after: { points: after.points, valid: after.valid, dataVersion: after.dataVersion ?? '', errors: errorsOf(after).slice(0, 3) },
      added: change.added.filter((i) => i.severity === 'error').map((i) => i.message),
      gone: change.gone.filter((i) => i.severity === 'error').map((i) => i.message)
    })
  }
  return impacts
}

/**
 * Every roster of a ruleset switched to other values (a new revision each); those whose points or
 * verdict that changes are marked "data changed".
 */
export function useValues(db: store.Db, engine: Engine, checks: Checks, values: RulesetValues): { switched: number; changed: number } {
  const loaded = valuesOf(engine, values)
  const edition = values.edition === null ? null : loaded.editions.get(values.edition)
  if (edition === undefined)
    throw new store.StoreError(
      'invalid',
      `${loaded.ruleset.name} has no values '${values.edition}' (it has ${[...loaded.editions.keys()].join(', ') || 'only its own'})`
    )
  const message = `values: ${edition?.name ?? `${loaded.ruleset.shortName ?? loaded.ruleset.name}’s own`}`
  // All or none: a busy library part-way through leaves every roster as it was.
  return store.writeTransaction(db, () => {
    const changed: string[] = []
    const kept: string[] = []
    let switched = 0
    for (const r of [...everyRoster(db)]) {
      if (r.ruleset !== values.ruleset) continue
      const doc = store.getDocument(db, r.id)
      const { edition: was, ...rest } = doc
      if ((was ?? null) === values.edition) continue
      const next: store.RosterDocument = edition ? { ...rest, edition: edition.id } : rest
      // Compared with the roster as it checks now, not a stored result that may be older.
      const before = engine.check(doc)
      const summary = checks.summarise!(next)
      store.saveRevision(db, r.id, next, summary, message)
      if (!sameResult(before.points, before.valid, summary)) changed.push(r.id)
      // A mark it had stays (the save would clear it).
      else if (r.dataChanged) kept.push(r.id)
      switched++
    }
    store.markDataChanged(db, [...changed, ...kept])
    return { switched, changed: changed.length }
  })
}

/** How importRosterPaths reads and reports: as the app does (the defaults) or as `muster library import`. */
export interface ImportOptions {
  /** A folder among the paths stands for the .json files in it, at any depth (the CLI); else it is refused as not a file (the app's dialogs pick files). */
  expandFolders?: boolean
  /** Each file said by its path, a problem with its line and column in the place (the CLI); else by its name, the place in the words (the app). */
  byPath?: boolean
  folderId?: string
  tags?: string[]
}

/**
 * Roster files at these paths (picked in the app's open dialog, dropped on its window, or named to
 * `muster library import`), read with the one file reader (regular files only, at most 5 MB,
 * UTF-8, strict JSON): one roster or a list of them each. A `.txt` file is read as a share code (as
 * a mail or chat saves one). One report, the roster files first.
 */
export function importRosterPaths(db: store.Db, checks: Checks, paths: string[], opts: ImportOptions = {}): store.ImportReport {
  const items: Array<{ source: string; doc: unknown }> = []
  const failed: Array<{ source: string; reason: string }> = []
  const codes: Array<{ source: string; path: string }> = []
  const label = (path: string) => (opts.byPath ? path : basename(path))
  const refused = (path: string, read: Extract<ReadResult, { ok: false }>) =>
    failed.push(opts.byPath ? { source: read.place, reason: read.message } : { source: label(path), reason: problemText(path, read) })
  for (const path of opts.expandFolders ? expandPaths(paths) : paths) {
    if (/\.txt$/i.test(path)) {
      codes.push({ source: label(path), path })
      continue
    }
    const read = readRosterFile(path)
    if (!read.ok) refused(path, read)
    else if (Array.isArray(read.data)) read.data.forEach((doc, i) => items.push({ source: `${label(path)}[${i}]`, doc }))
    else items.push({ source: label(path), doc: read.data })
  }
  const report = store.importDocuments(db, items, checks, { folderId: opts.folderId, tags: opts.tags })
  const imported = [...report.imported]
  const codeFailed: Array<{ source: string; reason: string }> = []
  for (const { source, path } of codes) {
    const read = readTextFile(path, MAX_ROSTER_BYTES, 'a share code')
    if (!read.ok) {
      codeFailed.push({ source, reason: read.message })
      continue
    }
    try {
      const row = importShareCode(db, checks, read.text)
      imported.push({ source, id: row.id, name: row.name })
    } catch (e) {
      codeFailed.push({ source, reason: (e as Error).message })
    }
  }
  return { imported, failed: [...failed, ...report.failed, ...codeFailed] }
}

/** A roster as the file the player saves: `<name>.muster.json`, pretty-printed. */
export function rosterFile(db: store.Db, id: string): { fileName: string; text: string } {
  const r = store.getRosterRow(db, id)
  return { fileName: `${fileStem(r.name)}.muster.json`, text: JSON.stringify(store.exportDocument(db, id), null, 2) + '\n' }
}

/** What the app's Print dialog prints a library roster against (qrs): another library roster (its id), or an army list of the ruleset. */
export type PrintAgainst = string | { army: string }

/** A library roster printed: the PDF's bytes, a file name made from the roster's name, and its check code. */
export async function printRoster(
  db: store.Db,
  engine: Engine,
  id: string,
  kind: ExportKind,
  paper: Paper,
  against?: PrintAgainst,
  sheet: { markProxies?: boolean } = {}
): Promise<{ fileName: string; pdf: Buffer; checkCode: string }> {
  const r = store.getRosterRow(db, id)
  const document = store.getDocument(db, id)
  const fileName = `${r.name.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'roster'}-${kind}.pdf`
  const vs = typeof against === 'string' ? { opponent: store.getDocument(db, against) } : against ? { opponentArmy: against.army } : {}
  // The sheet's `muster verify` hint names the file the player would save it as.
  const proxies = sheet.markProxies ? proxyUnits(engine, ownedItems(db), document as Roster) : undefined
  const printed = await printPdf(engine, document, { kind, paper, fileName: `${r.name}.muster.json`, ...vs, ...(proxies ? { proxies } : {}) })
  return { fileName, pdf: printed.pdf, checkCode: printed.checkCode }
}

/** A library roster's share code (the library keeps only rosters, so none is refused). */
export function shareCode(db: store.Db, id: string): { code: string } {
  return { code: encodeShareCode(store.getDocument(db, id)) }
}

/** A code's roster added to the library, as a dropped roster file is: the same checks, summary and revision message. */
export function importShareCode(db: store.Db, checks: Checks, code: string): store.RosterRow {
  const report = store.importDocuments(db, [{ source: 'share code', doc: decodeRoster(checks, code) }], checks)
  if (report.failed.length) throw new store.StoreError('invalid', report.failed[0].reason)
  return store.getRosterRow(db, report.imported[0].id)
}

/** A library roster as plain text (forums, mail, chat), with the check code its sheets print. */
export function rosterAsText(db: store.Db, engine: Engine, id: string): { text: string; checkCode: string } {
  const { text, checkCode } = rosterText(engine, store.getDocument(db, id))
  return { text, checkCode }
}
