// A real library file in a temp folder, with the main process's IPC handlers over it. Free of vitest:
// the bench uses it too.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { libraryHandlers } from '../../src-main/ipc/library-handlers'
import { eventHandlers } from '../../src-main/ipc/event-handlers'
import { eventDayHandlers } from '../../src-main/ipc/event-day-handlers'
import { sampleHandlers } from '../../src-main/ipc/sample-handlers'
import { meshweshHandlers } from '../../src-main/ipc/meshwesh-handlers'
import { collectionHandlers } from '../../src-main/ipc/collection-handlers'
import { gameHandlers } from '../../src-main/ipc/game-handlers'
import { phoneHandlers } from '../../src-main/ipc/phone-handlers'
import { mergeHandlers } from '../../src-main/ipc/handlers'
import { fileHandlers, PdfShelf, type FileDialogs } from '../../src-main/ipc/file-handlers'
import { tempDialogs } from './file-dialogs'
import { createAjv } from '../../src-main/rules/schemas'
import { openLibrary, type Library } from '../../src-main/store'
import { bundledEngine } from './engine'

export async function testLibrary(
  opts: {
    busyTimeoutMs?: number
    dataFingerprint?: () => string
    /** The file dialogs' fake; by default tempDialogs over a folder in the library's temp folder (support/file-dialogs.ts). */ dialogs?: FileDialogs
  } = {}
): Promise<{
  lib: Library
  handlers: ReturnType<typeof libraryHandlers> &
    ReturnType<typeof eventHandlers> &
    ReturnType<typeof eventDayHandlers> &
    ReturnType<typeof sampleHandlers> &
    ReturnType<typeof meshweshHandlers> &
    ReturnType<typeof fileHandlers> &
    ReturnType<typeof collectionHandlers> &
    ReturnType<typeof gameHandlers> &
    ReturnType<typeof phoneHandlers>
  dialogs: FileDialogs
  dispose: () => void
}> {
  const dir = mkdtempSync(join(tmpdir(), 'muster-ipc-'))
  const lib = await openLibrary(join(dir, 'library.sqlite'), { busyTimeoutMs: opts.busyTimeoutMs })
  const pdfs = new PdfShelf()
  const dialogs = opts.dialogs ?? tempDialogs(join(dir, 'saved'))
  return {
    lib,
    dialogs,
    handlers: mergeHandlers(
      libraryHandlers(lib.db, bundledEngine(), createAjv(), { dataFingerprint: opts.dataFingerprint, pdfs, dialogs }),
      eventHandlers(bundledEngine(), createAjv(), pdfs, dialogs),
      eventDayHandlers(lib.db, bundledEngine(), pdfs),
      fileHandlers(dialogs, pdfs),
      sampleHandlers(lib.db, bundledEngine(), createAjv()),
      collectionHandlers(lib.db, bundledEngine(), { pdfs, dialogs }),
      gameHandlers(lib.db, bundledEngine(), createAjv()),
      phoneHandlers(lib.db),
      // A catalogue and settings of its own in the temp folder; the engine stays the bundled one.
      meshweshHandlers({
        db: lib.db,
        ajv: createAjv(),
        root: join(dir, 'meshwesh'),
        settingsFile: join(dir, 'settings.json'),
        dataDirsAbove: () => [],
        onPublished: () => ({ engine: bundledEngine(), fingerprint: '' })
      })
    ),
    dispose: () => {
      lib.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
