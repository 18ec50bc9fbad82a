// The per-user folders Muster reads and writes: the app folder (Electron's userData for "Muster"),
// its roster library and the data folder where imported army lists go. MUSTER_HOME moves the app
// folder, MUSTER_DATA the data folder, MUSTER_DB the library, MUSTER_MESHWESH the Meshwesh catalogue.
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { catalogueDataDir } from '../meshwesh/catalogue'
import { DataError } from '../rules/registry'
import { dataFingerprint } from '../rules/data-fingerprint'
import { bundledDataDir } from '../rules/paths'
import { createEngine, type Engine, type EngineOptions } from '../rules'

// What a start refuses bad ruleset data with (the CLI says it in one line).
export { DataError }

export function appFolder(): string {
  if (process.env.MUSTER_HOME) return process.env.MUSTER_HOME
  const home = homedir()
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Muster')
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', 'Muster')
  return join(process.env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Muster')
}

/** User rulesets, armies and cost tables (laid over the bundled data/rulesets). */
export function userDataFolder(): string {
  return process.env.MUSTER_DATA || join(appFolder(), 'data')
}

/** The roster library (SQLite). */
export function libraryPath(): string {
  return process.env.MUSTER_DB || join(appFolder(), 'library.sqlite')
}

/** The Meshwesh catalogue: lists fetched by `muster meshwesh sync` (src-main/meshwesh/catalogue.ts). */
export function meshweshFolder(): string {
  return process.env.MUSTER_MESHWESH || join(appFolder(), 'meshwesh')
}

/**
 * The data laid over the bundled data, in order: the published Meshwesh catalogue, then the user's
 * data folder (imported lists, cost tables, editions: the player's own choices win). Only those that exist.
 */
export function userDataDirs(): string[] {
  const catalogue = catalogueDataDir(meshweshFolder())
  return [...(catalogue ? [catalogue] : []), ...ownDataDirs()]
}

/** The player's own data folder, if it exists: laid over the Meshwesh catalogue, so a new catalogue must load beneath it. */
export function ownDataDirs(): string[] {
  const user = userDataFolder()
  return existsSync(user) ? [user] : []
}

/** The checked army cache (rules/checked-cache.ts): the player's army files a start checked, by their bytes. */
export function checkedArmiesFile(): string {
  return join(appFolder(), 'cache', 'checked-armies.json')
}

/**
 * The engine of the data in force (`dirs`, over the bundled data) as the app and the CLI make it: the
 * player's army files checked once and then remembered (checkedArmiesFile), and made without the
 * Meshwesh catalogue when that is what is damaged (withoutDamagedCatalogue).
 */
export function userEngine(
  dirs: string[],
  options: Omit<EngineOptions, 'dataDirs' | 'checkedArmies'> = {}
): ReturnType<typeof withoutDamagedCatalogue<Engine>> {
  return withoutDamagedCatalogue(dirs, (dataDirs) => createEngine({ ...options, dataDirs, checkedArmies: checkedArmiesFile() }))
}

/**
 * The data in force over the app's folders (userDataDirs), as the app loads it: the engine (`make`,
 * userEngine unless a test gives its own), what was left out (`warning` in one line, `warnings` each on
 * its own), and the fingerprint of the folders it read (the library's recheck keys on it).
 */
export function userData(make: (dirs: string[]) => ReturnType<typeof userEngine> = userEngine) {
  const made = make(userDataDirs())
  return { engine: made.value, warning: made.warning, warnings: made.warnings, fingerprint: () => dataFingerprint([bundledDataDir(), ...made.dirs]) }
}

/**
 * Something made from the data folders (the engine), made without the Meshwesh catalogue when the
 * catalogue is what is damaged (a file edited or cut short by hand or by a disk): Muster keeps working
 * on the bundled and the player's own data, and `warning` says what to do (in one line; `warnings`, each
 * on its own, with what the registry left out). Other data errors stand.
 */
export function withoutDamagedCatalogue<T>(dirs: string[], make: (dirs: string[]) => T): { value: T; dirs: string[]; warning?: string; warnings: string[] } {
  let made: { value: T; dirs: string[]; warning?: string }
  try {
    made = { value: make(dirs), dirs }
  } catch (e) {
    const catalogue = catalogueDataDir(meshweshFolder())
    if (!(e instanceof DataError) || !catalogue || !e.file.startsWith(catalogue)) throw e
    const rest = dirs.filter((d) => d !== catalogue)
    made = {
      value: make(rest),
      dirs: rest,
      warning: `the Meshwesh catalogue is damaged (${e.message}), so its lists are left out; run \`muster meshwesh sync\` (or Update from Meshwesh in the app) to repair it`
    }
  }
  // What the registry left out of the user's data (an edition named like a bundled one), said the same way.
  const left = dataWarnings(made.value)
  // each on its own (the app shows them as a list), and all in one line (the CLI's stderr)
  const warnings = [made.warning, ...left].filter((w): w is string => Boolean(w))
  if (left.length) made.warning = warnings.join('; ')
  return { ...made, warnings }
}

/** The registry's warnings of what it left out, when `value` is an engine or a registry. */
function dataWarnings(value: unknown): string[] {
  const v = value as { registry?: { warnings?: unknown }; warnings?: unknown } | null
  const warnings = v && typeof v === 'object' ? (v.registry?.warnings ?? v.warnings) : undefined
  return Array.isArray(warnings) ? warnings.filter((w): w is string => typeof w === 'string') : []
}
