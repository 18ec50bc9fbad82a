// A fingerprint of the rules data in force: every data file under the data folders (the bundled one and
// the user's, where imported army lists go), by path and content. When it differs from the one the
// library last saw, the library is rechecked (ipc/library-handlers.ts dataUpdate). Contents, not
// modification times: a packaged app reads its bundled data from an asar archive, where every file
// reports the time the app started. Under a megabyte bundled, a few more with 600 imported lists: a
// few tens of milliseconds, once a session.
import { createHash, type Hash } from '../files/node-crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

function hashFolder(dir: string, hash: Hash, prefix: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) hashFolder(path, hash, `${prefix}${entry.name}/`)
    else if (entry.name.endsWith('.json')) hash.update(`${prefix}${entry.name}\n`).update(readFileSync(path)).update('\n')
  }
}

export function dataFingerprint(dirs: string[]): string {
  const hash = createHash('sha256')
  dirs.forEach((dir, n) => {
    hash.update(`#${n}\n`)
    if (existsSync(dir)) hashFolder(dir, hash, '')
  })
  return hash.digest('hex')
}
