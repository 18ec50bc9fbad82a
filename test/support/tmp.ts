// Temporary folders for a test file, removed when the file's tests are done.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

export function tempFolders(prefix: string): () => string {
  const made: string[] = []
  afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix))
    made.push(dir)
    return dir
  }
}
