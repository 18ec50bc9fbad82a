// Finding 1: two writers on one library. Write transactions begin IMMEDIATE, so a writer waits
// for the busy timeout instead of failing at once when another process holds the lock: the app's
// saves and a CLI import running together lose nothing, and neither does a save made while
// another process holds the lock for 3 s. (The app's retry of a save that still fails, and the
// wait when leaving the editor, are tested in test/components/autosave.test.tsx.)
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getDocument, listRevisions, listRosters, openLibrary } from '../../src-main/store'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'

const tempDir = tempFolders('muster-writers-')

function run(args: string[], onLine?: (line: string) => void): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, MUSTER_DATA: join(repoRoot, 'test-output', 'no-user-data') }
    })
    let stdout = ''
    let stderr = ''
    proc.stdout.on('data', (d: Buffer) => {
      stdout += d.toString()
      if (onLine) for (const line of d.toString().split('\n')) if (line) onLine(line)
    })
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    proc.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
  })
}

const tsx = (script: string, ...args: string[]) => ['--import', 'tsx', join(__dirname, 'child', script), ...args]
const cli = (...args: string[]) => [join(repoRoot, 'bin', 'muster.js'), ...args]

describe('two writers on one library (finding 1)', () => {
  it('app saves, a CLI import and a 3 s lock holder together: 0 failed saves, 0 lost edits, 0 lost rosters', async () => {
    const dir = tempDir()
    const db = join(dir, 'library.sqlite')
    ;(await openLibrary(db)).close()
    // 80 roster files for the CLI to import while the app saves
    const folder = join(dir, 'import')
    mkdirSync(folder)
    const example = JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Record<string, unknown>
    for (let i = 0; i < 80; i++)
      writeFileSync(join(folder, `r${String(i).padStart(2, '0')}.muster.json`), JSON.stringify({ ...example, name: `Imported ${i}` }))

    const rounds = 30
    // Another process takes the write lock and holds it 3 s; only then do the writers start, so
    // their first saves and imports meet the lock (each waits, up to the 5 s busy timeout).
    let locked: () => void = () => undefined
    const lockTaken = new Promise<void>((resolve) => (locked = resolve))
    const order: string[] = []
    const holder = run(tsx('hold-lock.ts', db, '3000'), (line) => (line === 'locked' ? locked() : line === 'committed' && order.push('lock released')))
    await lockTaken
    const apps = [run(tsx('app-saves.ts', db, String(rounds))), run(tsx('app-saves.ts', db, String(rounds)))]
    const imports = run(cli('library', 'import', folder, '--db', db)).then((r) => (order.push('import done'), r))
    const [a, b, imported, held] = await Promise.all([...apps, imports, holder])
    // the import could not have finished before the lock was released
    expect(order).toEqual(['lock released', 'import done'])

    expect(held.code).toBe(0)
    expect(imported.stderr).toBe('')
    expect(imported.stdout).toContain('Imported 80 of 80; 0 failed.')
    expect(imported.code).toBe(0)
    const lib = await openLibrary(db)
    try {
      for (const app of [a, b]) {
        expect(app.stderr).toBe('')
        const result = JSON.parse(app.stdout) as { id: string; saved: number[]; failures: string[] }
        expect(result.failures).toEqual([])
        expect(result.saved).toEqual(Array.from({ length: rounds }, (_, i) => i + 2))
        // every edit is a revision, and the roster's current document is the last edit
        expect(listRevisions(lib.db, result.id)).toHaveLength(rounds + 1)
        expect(getDocument(lib.db, result.id).name).toBe(`Edit ${rounds}`)
      }
      expect(listRosters(lib.db, { limit: 1000 }).total).toBe(82)
    } finally {
      lib.close()
    }
  })
})
