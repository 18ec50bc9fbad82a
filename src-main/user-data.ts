// The per-user folders Muster reads and writes: the app folder (Electron's userData for "Muster"),
// its roster library and the data folder where imported army lists go. MUSTER_HOME moves the app
// folder, MUSTER_DATA the data folder, MUSTER_DB the library, MUSTER_MESHWESH the Meshwesh catalogue.
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { catalogueDataDir } from './services/meshwesh/catalogue'

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

/** The Meshwesh catalogue: lists fetched by `muster meshwesh sync` (services/meshwesh/catalogue.ts). */
export function meshweshFolder(): string {
  return process.env.MUSTER_MESHWESH || join(appFolder(), 'meshwesh')
}

/**
 * The data laid over the bundled data, in order: the published Meshwesh catalogue, then the user's
 * data folder (imported lists, cost tables, editions: the player's own choices win). Only those that exist.
 */
export function userDataDirs(): string[] {
  const catalogue = catalogueDataDir(meshweshFolder())
  const user = userDataFolder()
  return [...(catalogue ? [catalogue] : []), ...(existsSync(user) ? [user] : [])]
}
