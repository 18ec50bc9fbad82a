// The IPC dispatch as the app's main process makes it (src-main/electron/main.ts loadEngine): the engine
// over the user's data (the published Meshwesh catalogue, then the data folder, as MUSTER_MESHWESH
// and MUSTER_DATA say), every domain's handlers over one library, and the Meshwesh handlers made
// once, whose publish reloads the engine and so the whole dispatch. Free of vitest.
import { existsSync } from 'node:fs'
import type { Engine } from '../../src-main/rules'
import { createEngine } from '../../src-main/rules'
import { createAjv } from '../../src-main/rules/schemas'
import { bundledDataDir } from '../../src-main/rules/paths'
import { dataFingerprint } from '../../src-main/rules/data-fingerprint'
import { meshweshFolder, userDataDirs, userDataFolder } from '../../src-main/services/user-data'
import type { Db } from '../../src-main/store'
import { createDispatch, type Dispatch } from '../../src-main/ipc/handlers'
import { appHandlers } from '../../src-main/ipc/app-handlers'
import { meshweshHandlers, type MeshweshHandlerOptions } from '../../src-main/ipc/meshwesh-handlers'
import type { MusterHandlers } from '../../src-main/ipc/contract'
import { PdfShelf, type FileDialogs } from '../../src-main/ipc/file-handlers'
import { noDialogs } from './file-dialogs'

export interface AppDispatch {
  dispatch: Dispatch
  /** The handlers in force now (after the last reload). */
  handlers: () => MusterHandlers
  engine: () => Engine
  /** How many times a publish reloaded the engine. */
  reloads: () => number
}

export function appDispatch(
  db: Db,
  opts: {
    settingsFile: string
    http?: MeshweshHandlerOptions['http']
    /** The file dialogs' fake (support/file-dialogs.ts); by default every dialog is cancelled. */ dialogs?: FileDialogs
  }
): AppDispatch {
  const ajv = createAjv()
  let engine: Engine
  let handlers: MusterHandlers
  let dispatch: Dispatch
  let reloads = 0
  const pdfs = new PdfShelf()
  const fingerprint = () => dataFingerprint([bundledDataDir(), ...userDataDirs()])
  const meshwesh = meshweshHandlers({
    db,
    ajv,
    root: meshweshFolder(),
    settingsFile: opts.settingsFile,
    dataDirsAbove: () => (existsSync(userDataFolder()) ? [userDataFolder()] : []),
    onPublished: () => {
      reloads++
      load()
      return { engine, fingerprint: fingerprint() }
    },
    http: opts.http
  })
  function load() {
    engine = createEngine({ dataDirs: userDataDirs() })
    handlers = appHandlers({ engine, db, ajv, dataFingerprint: fingerprint, pdfs, dialogs: opts.dialogs ?? noDialogs, meshwesh })
    dispatch = createDispatch(handlers)
  }
  load()
  return { dispatch: (channel, args) => dispatch(channel, args), handlers: () => handlers, engine: () => engine, reloads: () => reloads }
}
