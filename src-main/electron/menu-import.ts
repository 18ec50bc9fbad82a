// File > Import Meshwesh army lists: the same import as `muster import-armies`
// (services/meshwesh-import.ts), from the files or folders the player picks, then the data reloads.
import { dialog, type BrowserWindow } from 'electron'
import type { Engine } from '../rules'
import { COMMAND_CHANNEL, type Command } from '../ipc/contract'
import { countOf } from '../rules/messages'
import { importMeshweshLists } from '../services/meshwesh-import'
import { userDataFolder } from '../services/user-data'

const firstOf = (lines: string[], max: number) => `${lines.slice(0, max).join('\n')}${lines.length > max ? `\n...and ${lines.length - max} more` : ''}`

/** Imports with the data in force (engine), then has the owner reload its data (reloadData). */
export async function importListsFromMenu(win: BrowserWindow | undefined, engine: Engine, reloadData: () => void): Promise<void> {
  const picked = await dialog.showOpenDialog({ title: 'Import Meshwesh army lists', properties: ['openFile', 'openDirectory'], buttonLabel: 'Import' })
  if (picked.canceled || picked.filePaths.length === 0) return
  const out = userDataFolder()
  const lines: string[] = []
  const renamed: string[] = []
  let imported = 0
  for (const from of picked.filePaths) {
    try {
      const report = importMeshweshLists(engine, { from, out })
      imported += report.imported.length
      for (const f of report.failed) lines.push(`${f.file}: ${f.reason}`)
      // A list Muster ships is never replaced: say which were imported beside it, under another id.
      for (const i of report.imported) if (i.renamedFrom) renamed.push(`${i.name}: imported as ${i.id}, beside the list Muster ships (${i.renamedFrom})`)
    } catch (e) {
      lines.push(`${from}: ${(e as Error).message}`)
    }
  }
  reloadData()
  // The window reloads itself once its waiting edits are saved (a reload from here would drop them).
  win?.webContents.send(COMMAND_CHANNEL, 'reload' satisfies Command)
  await dialog.showMessageBox({
    type: lines.length || renamed.length ? 'warning' : 'info',
    message: `Imported ${countOf(imported, 'army list')} into ${out}.`,
    detail:
      [...(renamed.length ? [`Under another id:\n${firstOf(renamed, 10)}`] : []), ...(lines.length ? [`Not imported:\n${firstOf(lines, 20)}`] : [])].join(
        '\n\n'
      ) || undefined
  })
}
