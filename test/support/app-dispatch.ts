// The IPC wiring the tests use, every harness alike (library.ts, app.ts, components/setup.ts): the
// app's own (src-main/ipc/app-wiring.ts), as its main process makes it (electron/app-context.ts):
// every domain's handlers over one library, the Meshwesh handlers made once, whose publish reloads the
// data and so the whole dispatch. Faked: the file dialogs, and the data when a test gives its own
// engine (the bundled one, say) instead of the app's folders. Free of vitest.
import type { Engine } from '../../src-main/rules'
import { createEngine } from '../../src-main/rules'
import { createAjv } from '../../src-main/rules/schemas'
import { meshweshFolder, ownDataDirs, userData, withoutDamagedCatalogue } from '../../src-main/services/user-data'
import type { Db } from '../../src-main/store'
import type { Dispatch } from '../../src-main/ipc/handlers'
import { appWiring, type LoadedData, type WiredData } from '../../src-main/ipc/app-wiring'
import type { MeshweshHandlerOptions } from '../../src-main/ipc/meshwesh-handlers'
import type { MusterHandlers } from '../../src-main/ipc/contract'
import type { FileDialogs } from '../../src-main/ipc/file-handlers'
import { noDialogs } from './file-dialogs'

export interface AppDispatch {
  dispatch: Dispatch
  /** The handlers in force now (after the last reload). */
  handlers: () => MusterHandlers
  engine: () => Engine
  /** How many times a publish reloaded the engine. */
  reloads: () => number
}

export interface AppDispatchOptions {
  /** The app's settings file (the Meshwesh server and words chosen). */
  settingsFile: string
  /** The file dialogs' fake (support/file-dialogs.ts); by default every dialog is cancelled. */
  dialogs?: FileDialogs
  /**
   * The data, fixed: this engine (the bundled one), no data folder above the catalogue, and no
   * fingerprint unless `dataFingerprint` gives one. By default the app's folders, as main.ts finds
   * them (MUSTER_HOME, MUSTER_MESHWESH, MUSTER_DATA), read again at each publish.
   */
  engine?: Engine
  /** The Meshwesh catalogue's folder; by default the app's (meshweshFolder()). */
  meshweshRoot?: string
  /** The fingerprint of the data in force; by default the app's folders' (none with a fixed engine). */
  dataFingerprint?: () => string
  http?: MeshweshHandlerOptions['http']
}

/** The app's folders' data, the engine made as the app makes it but for the checked armies' cache (it would be written to the app folder). */
const appFoldersData = (): LoadedData => userData((dirs) => withoutDamagedCatalogue(dirs, (dataDirs) => createEngine({ dataDirs })))

export function appDispatch(db: Db, opts: AppDispatchOptions): AppDispatch {
  const fixed = opts.engine
  let reloads = 0
  let wired: WiredData
  const loadData = (): LoadedData => {
    const data = fixed ? { engine: fixed } : appFoldersData()
    return opts.dataFingerprint ? { ...data, fingerprint: opts.dataFingerprint } : data
  }
  const wiring = appWiring({
    db,
    ajv: createAjv(),
    dialogs: opts.dialogs ?? noDialogs,
    loadData,
    meshwesh: {
      root: opts.meshweshRoot ?? meshweshFolder(),
      settingsFile: opts.settingsFile,
      dataDirsAbove: () => (fixed ? [] : ownDataDirs()),
      http: opts.http
    },
    onReload: (data) => {
      reloads++
      wired = data
    }
  })
  wired = wiring.load()
  return { dispatch: (channel, args) => wired.dispatch(channel, args), handlers: () => wired.handlers, engine: () => wired.engine, reloads: () => reloads }
}
