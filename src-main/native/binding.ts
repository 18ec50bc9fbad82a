// Which compiled better-sqlite3 the running process loads. Node (the CLI, the tests) and Electron
// (the app) need builds for different ABIs, so they live apart: Node's in node_modules as npm built
// it, Electron's under out/native/<electron>-<platform>-<arch>/ (made by `npm start`'s prestart,
// scripts/electron-native.ts) or, in an installed app, in the app's resources/native/. Pure: no
// electron import, so the prestart script, the tests and the app all use the same names.
import { join } from 'node:path'

export const BINDING_FILE = 'better_sqlite3.node'
/** Written beside an Electron build: what it was made for and how, so a stale one is remade. */
export const STAMP_FILE = 'binding.json'

export interface NativeTarget {
  electronVersion: string
  platform: string
  arch: string
}

/** `40.8.5-linux-x64`: one folder per Electron version, platform and architecture. */
export function nativeFolderName(target: NativeTarget): string {
  return `${target.electronVersion}-${target.platform}-${target.arch}`
}

/** Where a checkout keeps its Electron builds (MUSTER_NATIVE_DIR moves them: tests, packaging). */
export function nativeRoot(projectRoot: string, override?: string): string {
  return override || join(projectRoot, 'out', 'native')
}

/** The Electron build of better-sqlite3 for a target, in a checkout. */
export function checkoutBindingPath(projectRoot: string, target: NativeTarget, override?: string): string {
  return join(nativeRoot(projectRoot, override), nativeFolderName(target), BINDING_FILE)
}

/** In an installed app the build sits outside the asar archive (a .node file cannot load from one). */
export function packagedBindingPath(resourcesPath: string): string {
  return join(resourcesPath, 'native', BINDING_FILE)
}

export interface Runtime {
  /** process.versions: `electron` is set only inside Electron. */
  versions: Partial<Record<string, string>>
  platform: string
  arch: string
  /** Electron's app.isPackaged. */
  packaged: boolean
  /** process.resourcesPath in an installed app. */
  resourcesPath?: string
  /** The checkout the app runs from (its package.json and schemas/: rules/paths.ts). */
  appRoot: string
  /** MUSTER_NATIVE_DIR, when set. */
  nativeDir?: string
}

/**
 * The `nativeBinding` option for better-sqlite3: undefined under Node (its default, the build npm
 * made), the Electron build's path under Electron.
 */
export function sqliteNativeBinding(runtime: Runtime): string | undefined {
  const electronVersion = runtime.versions.electron
  if (!electronVersion) return undefined
  if (runtime.packaged && runtime.resourcesPath) return packagedBindingPath(runtime.resourcesPath)
  return checkoutBindingPath(runtime.appRoot, { electronVersion, platform: runtime.platform, arch: runtime.arch }, runtime.nativeDir)
}
