// Fakes of the native file dialogs (src-main/ipc/file-handlers.ts FileDialogs): the Electron binary,
// and so its dialogs, cannot run here. Free of vitest: the bench and the e2e harness use them too.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { FileDialogs, OpenOptions, SaveOptions } from '../../src-main/ipc/file-handlers'

/** Every dialog cancelled. */
export const noDialogs: FileDialogs = { open: async () => null, save: async () => null }

export interface TempDialogs extends FileDialogs {
  /** What each dialog was asked, in order. */
  readonly asked: Array<{ open: OpenOptions } | { save: SaveOptions }>
  /** The paths the next open dialogs answer (each answer taken once); none left: cancelled. */
  pick(...answers: Array<string[] | null>): void
  /** The next save dialog answers null (the player cancels); else it answers its offered name in the folder. */
  cancelNextSave(): void
  /** The folder saved files go to. */
  readonly folder: string
}

/** Save answers `<folder>/<offered name>` (the folder made on first use); open answers what `pick` queued. */
export function tempDialogs(folder: string): TempDialogs {
  const asked: TempDialogs['asked'] = []
  const picks: Array<string[] | null> = []
  let cancel = false
  return {
    asked,
    folder,
    pick: (...answers) => void picks.push(...answers),
    cancelNextSave: () => void (cancel = true),
    open: async (options) => {
      asked.push({ open: options })
      return picks.shift() ?? null
    },
    save: async (options) => {
      asked.push({ save: options })
      if (cancel) {
        cancel = false
        return null
      }
      mkdirSync(folder, { recursive: true })
      return join(folder, options.defaultName)
    }
  }
}
