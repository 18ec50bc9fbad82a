// A fingerprint of the rules data in force: every file under the data folders (the bundled one and the
// user's, where imported army lists go) by path, size and modification time. When it differs from the
// one the library last saw, the library is rechecked (ipc/library-handlers.ts dataUpdate). Cheap enough
// for every start (a stat per file, no reading); a false alarm costs one recheck that finds nothing.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

function listing(dir: string, into: string[], prefix: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) listing(path, into, `${prefix}${entry.name}/`)
    else if (entry.name.endsWith('.json')) {
      const s = statSync(path)
      into.push(`${prefix}${entry.name} ${s.size} ${Math.trunc(s.mtimeMs)}`)
    }
  }
}

export function dataFingerprint(dirs: string[]): string {
  const lines: string[] = []
  dirs.forEach((dir, n) => {
    lines.push(`#${n}`)
    if (existsSync(dir)) listing(dir, lines, '')
  })
  return createHash('sha256').update(lines.join('\n')).digest('hex')
}
