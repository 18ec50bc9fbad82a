// A user data folder written by hand, one file at a time, for the tests of what the engine refuses.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** Writes `data` (JSON, or text as it is) to `dir`/`path`, its folders made first; returns `dir`. */
export function writeDataFile(dir: string, path: string, data: unknown): string {
  const file = join(dir, path)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data))
  return dir
}
