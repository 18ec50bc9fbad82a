// The library's side of the IPC contract: thin calls into the store, with the engine's verdict
// stored beside every save. Free of electron, so tests drive it with a real SQLite file.
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import { documentChecks } from '../library-checks'
import * as store from '../store'
import type { LibraryImpact, MusterHandlers } from './contract'
import { buildExport, rosterText } from '../export'
import { decodeShareCode, encodeShareCode } from '../share/code'
import { renderPdf } from '../export/write-pdf'
import { parseJsonBytes, problemText } from '../files/read-json'

type LibraryChannels = Exclude<keyof MusterHandlers, 'listRulesets' | 'checkRoster' | 'rosterOptions' | 'armyDetails' | 'rulesetDetails' | 'suggestRoster' | 'checkEventFiles' | 'eventBook' | 'listSamples' | 'addSample'>

export function libraryHandlers(db: store.Db, engine: Engine, ajv: Ajv2020): Pick<MusterHandlers, LibraryChannels> {
  const checks = documentChecks(engine, ajv)
  const asRoster = (doc: unknown): store.RosterDocument => {
    const problem = checks.validate(doc)
    if (problem) throw new store.StoreError('invalid', problem)
    return doc as store.RosterDocument
  }
  const row = (id: string) => store.getRosterRow(db, id)
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
      store.renameRoster(db, id, name)
      return row(id)
    },
    duplicateRoster: (id) => row(store.duplicateRoster(db, id)),
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
    // Every roster checked with the data in force now against what the library stored when it was
    // saved: those whose points or verdict differ (after an update of army lists or rules data).
    libraryImpact: () => {
      const impacts: LibraryImpact[] = []
      for (let offset = 0; ; offset += 1000) {
        const { rows, total } = store.listRosters(db, { limit: 1000, offset })
        for (const r of rows) {
          const now = engine.check(store.getDocument(db, r.id))
          if (r.points !== null && Math.abs(r.points - now.points) < 1e-9 && r.valid === now.valid) continue
          impacts.push({ id: r.id, name: r.name, army: r.army, before: { points: r.points, valid: r.valid, dataVersion: r.dataVersion }, after: { points: now.points, valid: now.valid, dataVersion: now.dataVersion ?? '', errors: now.issues.filter((i) => i.severity === 'error').map((i) => i.message).slice(0, 3) } })
        }
        if (offset + rows.length >= total || rows.length === 0) return impacts
      }
    },
    refreshSummaries: (ids) => {
      let n = 0
      for (const rosterId of ids) {
        store.refreshSummary(db, rosterId, checks.summarise!(store.getDocument(db, rosterId)))
        n++
      }
      return n
    },
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
    exportPdf: async (id, kind, paper, opponentId) => {
      const r = row(id)
      const document = store.getDocument(db, id)
      const fileName = `${r.name.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'roster'}-${kind}.pdf`
      const built = buildExport(engine, document, { kind, paper, fileName: `${r.name}.muster.json`, ...(opponentId ? { opponent: store.getDocument(db, opponentId) } : {}) })
      const pdf = await renderPdf(built.doc)
      return { fileName, base64: pdf.toString('base64'), checkCode: built.checkCode }
    },
    exportRoster: (id) => {
      const r = row(id)
      return { fileName: `${r.name.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'roster'}.muster.json`, text: JSON.stringify(store.getDocument(db, id), null, 2) + '\n' }
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
