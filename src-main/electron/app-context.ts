// Everything the main process holds while it runs, in one object: made once the app is ready, and
// replaced whole (never changed in place) when the player's data reloads or a setting changes, so
// no call ever sees half of an old state and half of a new one. Made here, held by main.ts.
import type { Engine } from '../rules'
import { projectAjv } from '../rules/schemas'
import { projectRoot } from '../rules/paths'
import type { Dispatch } from '../ipc/handlers'
import { appWiring, type AppWiring, type WiredData } from '../ipc/app-wiring'
import { openLibrary, useNativeBinding, type Library } from '../store'
import { sqliteNativeBinding } from '../native/binding'
import { libraryPath, meshweshFolder, ownDataDirs, userData } from '../services/user-data'
import { settingsFile, type WindowState } from '../services/settings'
import { electronDialogs } from './file-dialogs'

export interface AppContext {
  /** The roster library, open until the app quits. */
  readonly library: Library
  /** Made once (ipc/app-wiring.ts): the Meshwesh handlers, as a sync outlives data reloads, and the PDFs kept for Save. */
  readonly wiring: AppWiring
  /** The window's size, place and theme, as last saved. */
  readonly windowState: WindowState
  /** The data in force, over the bundled data and the player's (Meshwesh catalogue, own folder). */
  readonly engine: Engine
  /** What loading left out of the player's data, and why: the window shows it (contract.ts dataWarnings), never only a log. */
  readonly dataWarnings?: readonly string[]
  /** The IPC contract's handlers over this data. */
  readonly dispatch: Dispatch
}

/** What a data reload keeps. */
export type LastingParts = Pick<AppContext, 'library' | 'wiring' | 'windowState'>

/** A new context: the lasting parts, with every handler over a new load of the data. */
export const withLoad = ({ library, wiring, windowState }: LastingParts, { engine, dataWarnings, dispatch }: WiredData): AppContext => ({
  library,
  wiring,
  windowState,
  engine,
  dataWarnings,
  dispatch
})

/** A new context over the player's data as it is now on disk, keeping the lasting parts. */
export const withData = (parts: LastingParts): AppContext => withLoad(parts, parts.wiring.load())

/** The player's data as it is now on disk; what was left out is said in the log too. */
function loadUserData() {
  const data = userData()
  if (data.warning) console.warn(`Muster: ${data.warning}`)
  return data
}

export interface OpenOptions {
  /** Electron's app.isPackaged. */
  packaged: boolean
  windowState: WindowState
  /** After a Meshwesh sync published: the new load of the data, for the owner to put in force (withLoad). */
  onReload: (data: WiredData) => void
}

/** Opens the library and loads the data: the app's first context. */
export async function openAppContext(opts: OpenOptions): Promise<AppContext> {
  // Electron needs its own build of better-sqlite3, kept apart from the one the CLI and tests use.
  const nativeBinding = sqliteNativeBinding({
    versions: process.versions,
    platform: process.platform,
    arch: process.arch,
    packaged: opts.packaged,
    resourcesPath: process.resourcesPath,
    // Not app.getAppPath(): launched on out/main/main.js directly, that is out/main.
    appRoot: projectRoot(),
    nativeDir: process.env.MUSTER_NATIVE_DIR
  })
  const library = await openLibrary(libraryPath(), nativeBinding ? { nativeBinding } : {})
  try {
    // The Meshwesh sync's lock opens its file with the same build.
    useNativeBinding(nativeBinding)
    const wiring = appWiring({
      db: library.db,
      ajv: projectAjv(),
      dialogs: electronDialogs,
      loadData: loadUserData,
      meshwesh: { root: meshweshFolder(), settingsFile: settingsFile(), dataDirsAbove: ownDataDirs },
      onReload: opts.onReload
    })
    return withData({ library, wiring, windowState: opts.windowState })
  } catch (e) {
    library.close()
    throw e
  }
}
