// The library's side of the IPC contract: thin calls into the store, with the engine's verdict
// stored beside every save. Free of electron, so tests drive it with a real SQLite file.
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import { documentChecks } from '../library-checks'
import * as libraryData from '../services/library-data'
import * as store from '../store'
import type { LibraryImpact, MusterHandlers, RulesetValues } from './contract'
import { compareVerdicts } from '../rules/impact'
import { buildExport, rosterText } from '../export'
import { decodeShareCode, encodeShareCode } from '../share/code'
import { renderPdf } from '../export/write-pdf'
import { parseJsonBytes, problemText } from '../files/read-json'
import { fileStem } from '../../src-shared/text'

type LibraryChannels = Exclude<keyof MusterHandlers, 'listRulesets' | 'dataWarnings' | 'checkRoster' | 'rosterOptions' | 'armyDetails' | 'rulesetDetails' | 'newRoster' | 'checkEventFiles' | 'eventBook' | 'eventPairing' | 'listSamples' | 'addSample' | 'meshweshStatus' | 'meshweshSync' | 'meshweshCancel'>

export interface LibraryHandlerOptions {
  /** The fingerprint of the data in force (data-fingerprint.ts); without it, dataUpdate finds nothing. */
  dataFingerprint?: () => string
}

export function libraryHandlers(db: store.Db, engine: Engine, ajv: Ajv2020, options: LibraryHandlerOptions = {}): Pick<MusterHandlers, LibraryChannels> {
  const checks = documentChecks(engine, ajv)
  const asRoster = (doc: unknown): store.RosterDocument => {
    const problem = checks.validate(doc)
    if (problem) throw new store.StoreError('invalid', problem)
    return doc as store.RosterDocument
  }
  const row = (id: string) => store.getRosterRow(db, id)

  const everyRoster = () => libraryData.everyRoster(db)
  const { errorsOf, sameResult } = libraryData
  const refresh = (ids: string[]) => libraryData.refreshResults(db, checks, ids)

  /** Each roster of a ruleset as it is now against under other values (both checked with today's data). */
  function impactOfValues(values: RulesetValues): LibraryImpact[] {
    const loaded = engine.ruleset(values.ruleset)
    if (!loaded) throw new store.StoreError('invalid', `there is no ruleset '${values.ruleset}'`)
    if (values.edition !== null && !loaded.editions.has(values.edition)) throw new store.StoreError('invalid', `${loaded.ruleset.name} has no values '${values.edition}'`)
    const impacts: LibraryImpact[] = []
    for (const r of everyRoster()) {
      if (r.ruleset !== values.ruleset) continue
      const doc = store.getDocument(db, r.id)
      const { edition: _was, ...rest } = doc
      const before = engine.check(doc)
      const after = engine.check(values.edition === null ? rest : { ...rest, edition: values.edition })
      if (sameResult(before.points, before.valid, after)) continue
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

  return {
    listRosters: (options) => store.listRosters(db, options),
    searchRosters: (text, options) => store.searchRosters(db, text, options),
    getRoster: (id, revision) => {
      const document = store.getDocument(db, id, revision)
      return { row: row(id), document, verdict: engine.check(document) }
    },
    createRoster: (doc) => {
      const document = asRoster(doc)
      return row(store.createRoster(db, document, { check: checks.summarise!(document) }).id)
    },
    saveRoster: (id, doc, message) => {
      const document = asRoster(doc)
      store.saveRevision(db, id, document, checks.summarise!(document), message)
      return row(id)
    },
    listRevisions: (id) => store.listRevisions(db, id),
    restoreRevision: (id, revision) => {
      store.restoreRevision(db, id, revision, checks.summarise!(store.getDocument(db, id, revision)))
      return row(id)
    },
    compareRevisions: (id, from, to) => store.diffDocuments(store.getDocument(db, id, from), store.getDocument(db, id, to)),
    renameRoster: (id, name) => {
      store.renameRoster(db, id, name, checks.summarise)
      return row(id)
    },
    duplicateRoster: (id) => row(store.duplicateRoster(db, id, undefined, checks.summarise)),
    setFavourite: (id, favourite) => {
      store.setFavourite(db, id, favourite)
      return row(id)
    },
    setTags: (id, tags) => {
      store.setTags(db, id, tags)
      return row(id)
    },
    listTags: () => store.listTags(db),
    trashRoster: (id) => {
      store.trashRoster(db, id)
      return row(id)
    },
    restoreRoster: (id) => {
      store.restoreFromTrash(db, id)
      return row(id)
    },
    emptyTrash: () => store.emptyTrash(db),
    listFolders: () => store.folderSummary(db),
    createFolder: (name) => store.createFolder(db, name),
    renameFolder: (folderId, name) => store.renameFolder(db, folderId, name),
    deleteFolder: (folderId) => store.deleteFolder(db, folderId),
    libraryImpact: (values) => (values ? impactOfValues(values) : libraryData.impactOfData(db, engine).impacts),
    dataUpdate: () => {
      const now = options.dataFingerprint?.()
      if (now === undefined) return { changed: false, impacts: [] }
      return libraryData.recheckForNewData(db, engine, checks, now)
    },
    clearDataMarks: () => store.clearDataMarks(db),
    useValues: (values) => {
      const loaded = engine.ruleset(values.ruleset)
      if (!loaded) throw new store.StoreError('invalid', `there is no ruleset '${values.ruleset}'`)
      const edition = values.edition === null ? null : loaded.editions.get(values.edition)
      if (edition === undefined) throw new store.StoreError('invalid', `${loaded.ruleset.name} has no values '${values.edition}' (it has ${[...loaded.editions.keys()].join(', ') || 'only its own'})`)
      const message = `values: ${edition?.name ?? `${loaded.ruleset.shortName ?? loaded.ruleset.name}’s own`}`
      // All or none: a busy library part-way through leaves every roster as it was.
      return store.writeTransaction(db, () => {
        const changed: string[] = []
        const kept: string[] = []
        let switched = 0
        for (const r of [...everyRoster()]) {
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
    },
    refreshSummaries: (ids) => refresh(ids),
    moveToFolder: (id, folderId) => {
      store.moveToFolder(db, id, folderId)
      return row(id)
    },
    importRosterTexts: (files) => {
      const items: Array<{ source: string; doc: unknown }> = []
      const failed: Array<{ source: string; reason: string }> = []
      for (const f of files) {
        const read = parseJsonBytes(f.name, Buffer.from(f.base64, 'base64'), f.size)
        if (!read.ok) failed.push({ source: f.name, reason: problemText(f.name, read) })
        else if (Array.isArray(read.data)) read.data.forEach((doc, i) => items.push({ source: `${f.name}[${i}]`, doc }))
        else items.push({ source: f.name, doc: read.data })
      }
      const report = store.importDocuments(db, items, checks)
      return { imported: report.imported, failed: [...failed, ...report.failed] }
    },
    exportPdf: async (id, kind, paper, against) => {
      const r = row(id)
      const document = store.getDocument(db, id)
      const fileName = `${r.name.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'roster'}-${kind}.pdf`
      // Against another library roster (its id) or an army list of the ruleset ({ army }).
      const vs = typeof against === 'string' ? { opponent: store.getDocument(db, against) } : against ? { opponentArmy: against.army } : {}
      const built = buildExport(engine, document, { kind, paper, fileName: `${r.name}.muster.json`, ...vs })
      const pdf = await renderPdf(built.doc)
      return { fileName, base64: pdf.toString('base64'), checkCode: built.checkCode }
    },
    exportRoster: (id) => {
      const r = row(id)
      return { fileName: `${fileStem(r.name)}.muster.json`, text: JSON.stringify(store.exportDocument(db, id), null, 2) + '\n' }
    },
    rosterText: (id) => {
      const { text, checkCode } = rosterText(engine, store.getDocument(db, id))
      return { text, checkCode }
    },
    shareCode: (id) => ({ code: encodeShareCode(store.getDocument(db, id)) }),
    importShareCode: (code) => {
      // As a dropped roster file is imported: the same checks, summary and revision message.
      const report = store.importDocuments(db, [{ source: 'share code', doc: decodeShareCode(code, checks.validate) }], checks)
      if (report.failed.length) throw new store.StoreError('invalid', report.failed[0].reason)
      return row(report.imported[0].id)
    }
  }
}
