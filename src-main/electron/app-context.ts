// Everything the main process holds while it runs, in one object: made once the app is ready, and
// replaced whole (never changed in place) when the player's data reloads or a setting changes, so
// no call ever sees half of an old state and half of a new one. Made here, held by main.ts.
import { existsSync } from 'node:fs'
import type { Engine } from '../rules'
import { projectAjv } from '../rules/schemas'
import { bundledDataDir, projectRoot } from '../rules/paths'
import { dataFingerprint } from '../rules/data-fingerprint'
import { createDispatch, type Dispatch } from '../ipc/handlers'
import { appHandlers } from '../ipc/app-handlers'
import { meshweshHandlers, type MeshweshHandlerOptions } from '../ipc/meshwesh-handlers'
import { PdfShelf } from '../ipc/file-handlers'
import { openLibrary, useNativeBinding, type Library } from '../store'
import { sqliteNativeBinding } from '../native/binding'
import { libraryPath, meshweshFolder, userDataDirs, userDataFolder, userEngine } from '../services/user-data'
import { settingsFile, type WindowState } from '../services/settings'
import { electronDialogs } from './file-dialogs'

export interface AppContext {
  /** The roster library, open until the app quits. */
  readonly library: Library
  /** Armies > Get lists from Meshwesh; made once: a sync outlives data reloads. */
  readonly meshwesh: ReturnType<typeof meshweshHandlers>
  /** The PDFs the window previewed, kept for Save; made once: a data reload keeps them. */
  readonly pdfs: PdfShelf
  /** The window's size, place and theme, as last saved. */
  readonly windowState: WindowState
  /** The data in force, over the bundled data and the player's (Meshwesh catalogue, own folder). */
  readonly engine: Engine
  /** What loading left out of the player's data, and why: the window shows it (contract.ts dataWarnings), never only a log. */
  readonly dataWarnings: readonly string[]
  /** The IPC contract's handlers over this data. */
  readonly dispatch: Dispatch
}

/** What a data reload keeps. */
export type LastingParts = Pick<AppContext, 'library' | 'meshwesh' | 'pdfs' | 'windowState'>

/** A new context over the player's data as it is now on disk, keeping the lasting parts. */
export function withData(parts: LastingParts): AppContext {
  const made = userEngine(userDataDirs())
  if (made.warning) console.warn(`Muster: ${made.warning}`)
  const { library, meshwesh, pdfs, windowState } = parts
  const engine = made.value
  const handlers = appHandlers({
    engine,
    dataWarnings: made.warnings,
    db: library.db,
    ajv: projectAjv(),
    dataFingerprint: () => dataFingerprint([bundledDataDir(), ...made.dirs]),
    pdfs,
    dialogs: electronDialogs,
    meshwesh
  })
  return { library, meshwesh, pdfs, windowState, engine, dataWarnings: made.warnings, dispatch: createDispatch(handlers) }
}

export interface OpenOptions {
  /** Electron's app.isPackaged. */
  packaged: boolean
  windowState: WindowState
  /** After a Meshwesh sync publishes: the owner reloads its data (see meshweshHandlers). */
  onPublished: MeshweshHandlerOptions['onPublished']
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
    const meshwesh = meshweshHandlers({
      db: library.db,
      ajv: projectAjv(),
      root: meshweshFolder(),
      settingsFile: settingsFile(),
      dataDirsAbove: () => (existsSync(userDataFolder()) ? [userDataFolder()] : []),
      onPublished: opts.onPublished
    })
    return withData({ library, meshwesh, pdfs: new PdfShelf(), windowState: opts.windowState })
  } catch (e) {
    library.close()
    throw e
  }
}

/** The fingerprint of the data a sync just published (the library's recheck keys on it). */
export const publishedFingerprint = (): string => dataFingerprint([bundledDataDir(), ...userDataDirs()])
