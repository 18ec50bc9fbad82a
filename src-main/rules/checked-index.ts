// A folder of army files that Muster itself wrote after checking every one (a published Meshwesh
// catalogue) carries `index.checked`: each file's size and modification time then. While every file
// still matches, a start reads the folder like the bundled data: each army when first asked for, as
// plain JSON (it was checked against the schema when written), instead of reading and checking ~700
// files at every start (docs/adr/0015-meshwesh-sync.md). Any difference (a file added, removed or
// edited) and the folder is read and checked whole, as any user folder is.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, sep } from 'node:path'
import { writeFileAtomic } from '../files/write-file'

export const CHECKED_INDEX = 'index.checked'

interface CheckedIndex {
  format: 'muster-checked-armies'
  version: 1
  files: Record<string, [number, number]>
}

const armyFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()

export function writeCheckedIndex(dir: string): void {
  const files: CheckedIndex['files'] = {}
  for (const f of armyFiles(dir)) {
    const s = statSync(join(dir, f))
    files[f] = [s.size, s.mtimeMs]
  }
  const index: CheckedIndex = { format: 'muster-checked-armies', version: 1, files }
  writeFileAtomic(join(dir, CHECKED_INDEX), JSON.stringify(index))
}

/** True when the folder's army files are exactly those its index lists, unchanged since. */
export function matchesCheckedIndex(dir: string, files: string[] = armyFiles(dir)): boolean {
  const file = join(dir, CHECKED_INDEX)
  if (!existsSync(file)) return false
  let index: CheckedIndex
  try {
    index = JSON.parse(readFileSync(file, 'utf8')) as CheckedIndex
  } catch {
    return false
  }
  if (index?.format !== 'muster-checked-armies' || typeof index.files !== 'object' || index.files === null) return false
  if (Object.keys(index.files).length !== files.length) return false
  // `dir + sep + f`, not join(): join normalises each path, and that cost as much as the 700 stats.
  const prefix = dir + sep
  for (const f of files) {
    const want = index.files[f]
    if (!Array.isArray(want)) return false
    const s = statSync(prefix + f)
    if (s.size !== want[0] || s.mtimeMs !== want[1]) return false
  }
  return true
}
