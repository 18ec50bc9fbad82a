// The IPC wiring the tests use, every harness alike (library.ts, app.ts, components/setup.ts): the
// app's own (src-main/ipc/app-handlers.ts), made as its main process makes it (electron/main.ts
// loadEngine): every domain's handlers over one library, the Meshwesh handlers made once, whose
// publish reloads the engine and so the whole dispatch. Faked: the file dialogs, and the data when a
// test gives its own engine (the bundled one, say) instead of the app's folders. Free of vitest.
import { existsSync } from 'node:fs'
import type { Engine } from '../../src-main/rules'
import { createEngine } from '../../src-main/rules'
import { createAjv } from '../../src-main/rules/schemas'
import { bundledDataDir } from '../../src-main/rules/paths'
import { dataFingerprint } from '../../src-main/rules/data-fingerprint'
import { meshweshFolder, userDataDirs, userDataFolder, withoutDamagedCatalogue } from '../../src-main/services/user-data'
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

export function appDispatch(db: Db, opts: AppDispatchOptions): AppDispatch {
  const ajv = createAjv()
  const fixed = opts.engine
  let engine: Engine
  let dataWarnings: readonly string[] | undefined
  let handlers: MusterHandlers
  let dispatch: Dispatch
  let reloads = 0
  const pdfs = new PdfShelf()
  const fingerprint = opts.dataFingerprint ?? (fixed ? undefined : () => dataFingerprint([bundledDataDir(), ...userDataDirs()]))
  const meshwesh = meshweshHandlers({
    db,
    ajv,
    root: opts.meshweshRoot ?? meshweshFolder(),
    settingsFile: opts.settingsFile,
    dataDirsAbove: () => (!fixed && existsSync(userDataFolder()) ? [userDataFolder()] : []),
    onPublished: () => {
      reloads++
      load()
      return { engine, fingerprint: fingerprint?.() ?? '' }
    },
    http: opts.http
  })
  function load() {
    if (fixed) engine = fixed
    else {
      const made = withoutDamagedCatalogue(userDataDirs(), (dataDirs) => createEngine({ dataDirs }))
      ;({ value: engine, warnings: dataWarnings } = made)
    }
    handlers = appHandlers({ engine, dataWarnings, db, ajv, dataFingerprint: fingerprint, pdfs, dialogs: opts.dialogs ?? noDialogs, meshwesh })
    dispatch = createDispatch(handlers)
  }
  load()
  return { dispatch: (channel, args) => dispatch(channel, args), handlers: () => handlers, engine: () => engine, reloads: () => reloads }
}
