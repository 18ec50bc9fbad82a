// Where the roster library lives: MUSTER_DB if set, else library.sqlite in the app's user-data
// folder (Electron's per-user app folder, e.g. ~/.config/Muster on Linux).
import { join } from 'node:path'

export function defaultLibraryPath(userDataDir: string): string {
  return process.env.MUSTER_DB || join(userDataDir, 'library.sqlite')
}
