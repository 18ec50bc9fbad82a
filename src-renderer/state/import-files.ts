// Roster files dropped on the library or picked with Import…, and text files holding a share code
// (as a mail or chat saves one), imported together into one report. The window reads no file: it
// sends the dropped files' paths (the preload's pathForFile), or asks the main process to show its
// open dialog, and main reads them with the one file reader.
import type { Result } from '../../src-main/ipc/contract'
import { api } from '../api'

export type ImportReport = { imported: Array<{ source: string; name: string }>; failed: Array<{ source: string; reason: string }> }
type Imported = { ok: true; report: ImportReport } | { ok: false; message: string } | null

const answer = (r: Result<ImportReport | null>): Imported => (!r.ok ? { ok: false, message: r.error.message } : r.value && { ok: true, report: r.value })

/** Files dropped on the window, by their paths; one that is not a file on this computer is reported. */
export async function importDroppedFiles(list: File[]): Promise<Imported> {
  const found = list.map((file) => ({ file, path: api().pathForFile(file) }))
  const notOnDisk = found
    .filter((f) => !f.path)
    .map(({ file }) => ({ source: file.name, reason: 'not a file on this computer: save it to a folder first, then import it from there' }))
  const paths = found.flatMap((f) => (f.path ? [f.path] : []))
  if (!paths.length) return { ok: true, report: { imported: [], failed: notOnDisk } }
  const r = answer(await api().importRosterFiles(paths))
  return r?.ok ? { ok: true, report: { imported: r.report.imported, failed: [...r.report.failed, ...notOnDisk] } } : r
}

/** Import…: the main process shows the open dialog and imports what the player chose; null if cancelled. */
export async function pickAndImport(): Promise<Imported> {
  return answer(await api().importRosterFiles())
}
