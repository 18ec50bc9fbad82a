// Files dropped on the library or picked with Import…: roster files, and text files holding a share
// code (as a mail or chat saves one), imported together into one report.
import { api } from '../api'
import { MAX_FILE_BYTES, userFile, utf8Text } from '../files'

export type ImportReport = { imported: Array<{ source: string; name: string }>; failed: Array<{ source: string; reason: string }> }

export async function importUserFiles(list: File[]): Promise<{ ok: true; report: ImportReport } | { ok: false; message: string }> {
  const texts = list.filter((f) => /\.txt$/i.test(f.name))
  const rosters = list.filter((f) => !texts.includes(f))
  const report: ImportReport = { imported: [], failed: [] }
  if (rosters.length) {
    const r = await api().importRosterTexts(await Promise.all(rosters.map((f) => userFile(f))))
    if (!r.ok) return { ok: false, message: r.error.message }
    report.imported.push(...r.value.imported)
    report.failed.push(...r.value.failed)
  }
  for (const file of texts) {
    if (file.size > MAX_FILE_BYTES) {
      report.failed.push({ source: file.name, reason: `${(file.size / 1024 / 1024).toFixed(1)} MB is far too large to hold a share code` })
      continue
    }
    const text = await utf8Text(file)
    const r = text.ok ? await api().importShareCode(text.text) : null
    if (r?.ok) report.imported.push({ source: file.name, name: r.value.name })
    else report.failed.push({ source: file.name, reason: r ? r.error.message : (text as { message: string }).message })
  }
  return { ok: true, report }
}
