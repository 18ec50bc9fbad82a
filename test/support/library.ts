// A real library file in a temp folder, with the app's IPC wiring over it (support/app-dispatch.ts:
// src-main/ipc/app-handlers.ts, as the main process makes it). Free of vitest: the bench uses it too.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FileDialogs } from '../../src-main/ipc/file-handlers'
import type { MusterHandlers } from '../../src-main/ipc/contract'
import type { Dispatch } from '../../src-main/ipc/handlers'
import type { Engine } from '../../src-main/rules'
import { createRoster, openLibrary, type Library, type RosterDocument } from '../../src-main/store'
import { appFolder } from '../../src-main/services/user-data'
import { appDispatch, type AppDispatch, type AppDispatchOptions } from './app-dispatch'
import { tempDialogs } from './file-dialogs'
import { bundledEngine } from './engine'

export interface TestLibrary {
  lib: Library
  /** Every channel's handler, as the app wires them (those in force after the last reload). */
  readonly handlers: MusterHandlers
  /** Any channel, as the window calls it: arguments checked, the answer a Result. */
  dispatch: Dispatch
  /** The wiring itself: its engine and its reloads. */
  app: AppDispatch
  dialogs: FileDialogs
  dispose: () => void
}

export async function testLibrary(
  opts: {
    busyTimeoutMs?: number
    dataFingerprint?: () => string
    /** The file dialogs' fake; by default tempDialogs over a folder in the library's temp folder (support/file-dialogs.ts). */ dialogs?: FileDialogs
    /** The data: by default the bundled engine (one per test file, or per worker where files share modules) and a Meshwesh catalogue of the library's own; 'app': the app's folders (MUSTER_HOME, MUSTER_MESHWESH, MUSTER_DATA), reloaded at each publish; or an engine of the test's. */
    data?: Engine | 'app'
    http?: AppDispatchOptions['http']
  } = {}
): Promise<TestLibrary> {
  const dir = mkdtempSync(join(tmpdir(), 'muster-ipc-'))
  const lib = await openLibrary(join(dir, 'library.sqlite'), { busyTimeoutMs: opts.busyTimeoutMs })
  const dialogs = opts.dialogs ?? tempDialogs(join(dir, 'saved'))
  const data = opts.data
  const app = appDispatch(lib.db, {
    // the app's settings file where the app keeps it (main.ts), with the app's folders
    settingsFile: join(data === 'app' ? appFolder() : dir, 'settings.json'),
    dialogs,
    dataFingerprint: opts.dataFingerprint,
    http: opts.http,
    ...(data === 'app' ? {} : { engine: data ?? bundledEngine(), meshweshRoot: join(dir, 'meshwesh') })
  })
  return {
    lib,
    get handlers() {
      return app.handlers()
    },
    dispatch: app.dispatch,
    app,
    dialogs,
    dispose: () => {
      lib.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/** A library file at `path` holding these rosters (a document, or one with the id it must have), closed again: whole, nothing beside it. */
export async function writeLibraryFile(path: string, rosters: Array<RosterDocument | { document: RosterDocument; id: string }>): Promise<void> {
  const lib = await openLibrary(path)
  for (const r of rosters) {
    if ('document' in r) createRoster(lib.db, r.document, { id: r.id })
    else createRoster(lib.db, r)
  }
  lib.close()
}
