// Issue 38, finding 1: writers of one collection at once, in separate processes. Each change reads,
// changes and writes the collection in one BEGIN IMMEDIATE transaction, so no writer's item is lost
// (before: 8 `muster collection add` at once all said "Added", and 4 to 7 of the 9 items were left),
// and an undo takes back the newest change whoever made it (before: it could restore a collection
// read before another writer's change, losing that change).
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listCollectionRevisions, openLibrary, getCollection } from '../../src-main/store'
import { addItems } from '../../src-main/services/collection'
import { createEngine } from '../../src-main/rules'
import { musterAsync } from '../support/cli'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'

const tempDir = tempFolders('muster-collection-writers-')

async function libraryWithOneItem(): Promise<string> {
  const db = join(tempDir(), 'library.sqlite')
  const lib = await openLibrary(db)
  addItems(lib.db, createEngine(), [{ name: 'First', count: 1, ruleset: 'triumph', troop: 'warband' }])
  lib.close()
  return db
}

async function names(db: string): Promise<string[]> {
  const lib = await openLibrary(db, { forReading: true })
  try {
    return getCollection(lib.db)
      .collection.items.map((i) => i.name)
      .sort()
  } finally {
    lib.close()
  }
}

/** The app's Collection screen in a process of its own (test/reliability/child/app-collection.ts). */
function appWriter(db: string, tag: string, rounds: number, undoEvery: number): Promise<{ added: string[]; undid: number[]; failures: string[] }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'child', 'app-collection.ts'), db, tag, String(rounds), String(undoEvery)], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let out = ''
    let err = ''
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()))
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()))
    proc.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as { added: string[]; undid: number[]; failures: string[] }) : reject(new Error(err))))
  })
}

describe('writers of one collection at once (issue 38, finding 1)', () => {
  it('8 `muster collection add` at once: each says Added, and the collection holds all 9 items', async () => {
    const db = await libraryWithOneItem()
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        musterAsync(['collection', 'add', `Writer ${i + 1}`, '--count', '2', '--ruleset', 'triumph', '--troop', 'warband', '--db', db], { timeoutMs: 60_000 })
      )
    )
    for (const r of runs) expect([r.code, r.stderr, r.stdout]).toEqual([0, '', expect.stringMatching(/^Added Writer \d/)])
    expect(await names(db)).toEqual(['First', ...Array.from({ length: 8 }, (_, i) => `Writer ${i + 1}`)].sort())
    // One revision each, none written over.
    const lib = await openLibrary(db, { forReading: true })
    expect(listCollectionRevisions(lib.db).map((r) => r.items)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1])
    lib.close()
  }, 90_000)

  it('the app and the CLI adding and undoing together: every item kept but those undone, each undo taking back the newest change', async () => {
    const db = await libraryWithOneItem()
    const cli = (n: number) =>
      musterAsync(['collection', 'add', `CLI ${n}`, '--count', '3', '--ruleset', 'triumph', '--troop', 'warband', '--db', db], { timeoutMs: 60_000 })
    const [app1, app2, ...added] = await Promise.all([
      appWriter(db, 'App A', 12, 4),
      appWriter(db, 'App B', 12, 5),
      ...Array.from({ length: 6 }, (_, i) => cli(i + 1))
    ])
    expect([app1.failures, app2.failures]).toEqual([[], []])
    for (const r of added) expect([r.code, r.stderr]).toEqual([0, ''])

    // The history says what each undo took back: the collection must be every add but those.
    const lib = await openLibrary(db, { forReading: true })
    const history = listCollectionRevisions(lib.db)
    lib.close()
    const undone = history.flatMap((r) => (r.message?.startsWith('Undid: Added ') ? [r.message.slice('Undid: Added '.length)] : []))
    expect(undone.length).toBe(app1.undid.length + app2.undid.length)
    const everyAdd = ['First', ...app1.added, ...app2.added, ...Array.from({ length: 6 }, (_, i) => `CLI ${i + 1}`)]
    expect(await names(db)).toEqual(everyAdd.filter((n) => !undone.includes(n)).sort())
    // Replayed in order, each undo took back the change then on top of the stack (the newest, whoever
    // made it), and holds one item fewer than the revision before it: one add taken back, never more.
    const byRevision = [...history].reverse()
    const stack: string[] = []
    byRevision.forEach((r, i) => {
      if (!r.message?.startsWith('Undid: ')) return void stack.push(r.message ?? '')
      expect(r.message).toBe(`Undid: ${stack.pop()}`)
      expect(r.items).toBe(byRevision[i - 1].items - 1)
    })
  }, 120_000)
})
