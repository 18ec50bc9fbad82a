// The per-user folders Muster reads and writes: the app folder (Electron's userData for "Muster"),
// its roster library and the data folder where imported army lists go. MUSTER_HOME moves the app
// folder, MUSTER_DATA the data folder, MUSTER_DB the library.
import { homedir } from 'node:os'
import { join } from 'node:path'

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
