// The app's wiring, written once for the main process (electron/app-context.ts) and every test
// harness (test/support/app-dispatch.ts): the parts made once (the Meshwesh handlers, as a sync
// outlives data reloads, and the PDFs the window previewed) and every domain's handlers over one load
// of the data (app-handlers.ts). A Meshwesh publish loads the data again and hands the new load to
// the owner, who puts it in force (the app in its context, replaced whole). Free of electron.
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import type { Db } from '../store'
import type { MusterHandlers } from './contract'
import { appHandlers } from './app-handlers'
import { PdfShelf, type FileDialogs } from './file-handlers'
import { createDispatch, type Dispatch } from './handlers'
import { meshweshHandlers, type MeshweshHandlerOptions } from './meshwesh-handlers'

/** The data as loaded: its engine, what loading left out (the window shows it), and the fingerprint of what it read (none: a test's fixed data, never a recheck). */
export interface LoadedData {
  engine: Engine
  warnings?: readonly string[]
  fingerprint?: () => string
}

/** Every handler over one load of the data: made again whole at a reload, never changed. */
export interface WiredData {
  engine: Engine
  dataWarnings?: readonly string[]
  fingerprint?: () => string
  handlers: MusterHandlers
  dispatch: Dispatch
}

export interface AppWiringOptions {
  db: Db
  ajv: Ajv2020
  /** The native file dialogs; a test passes a fake (test/support/file-dialogs.ts). */
  dialogs: FileDialogs
  /** The data as it is now: read at each load (services/user-data.ts userData for the app's folders). */
  loadData: () => LoadedData
  /** The Meshwesh sync's catalogue folder, settings file, the folders above the catalogue, and its time-outs. */
  meshwesh: Omit<MeshweshHandlerOptions, 'db' | 'ajv' | 'onPublished'>
  /** A publish loaded the data again: the owner puts this load in force. */
  onReload: (data: WiredData) => void
}

export interface AppWiring {
  /** Made once: a sync outlives data reloads. */
  meshwesh: ReturnType<typeof meshweshHandlers>
  /** Made once: a data reload keeps the PDFs the window previewed, for Save. */
  pdfs: PdfShelf
  /** Every handler over the data as it is now (loadData read again). */
  load: () => WiredData
}

export function appWiring(opts: AppWiringOptions): AppWiring {
  const { db, ajv, dialogs } = opts
  const pdfs = new PdfShelf()
  const meshwesh = meshweshHandlers({
    ...opts.meshwesh,
    db,
    ajv,
    onPublished: () => {
      const data = load()
      opts.onReload(data)
      return { engine: data.engine, fingerprint: data.fingerprint?.() ?? '' }
    }
  })
  function load(): WiredData {
    const { engine, warnings: dataWarnings, fingerprint } = opts.loadData()
    const handlers = appHandlers({ engine, dataWarnings, db, ajv, dataFingerprint: fingerprint, pdfs, dialogs, meshwesh })
    return { engine, dataWarnings, fingerprint, handlers, dispatch: createDispatch(handlers) }
  }
  return { meshwesh, pdfs, load }
}
