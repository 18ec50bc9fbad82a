// The tidy as the catalogue is opened (every start of the CLI and the app) never removes the folder in
// force: a sync that publishes between the opener's read of the pointer and its tidy has its folder
// kept (issue 39 review, point 1), and nothing goes while the sync lock is held. The steps are run in
// the order the race takes, on a real catalogue folder and the real lock (SQLite's).
import { describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { catalogueDataDir, readPointer, removeStaleFolders, tidyOpened, writePointer } from '../../src-main/meshwesh/catalogue'
import { lockSync, tryLockNow } from '../../src-main/meshwesh/lock'
import { tempFolders } from '../support/tmp'

const temp = tempFolders('muster-mw-tidy-')

/** What publish.ts does: the new folder, the pointer naming it and the one it replaced, then the rest go. */
function publish(root: string, folder: string): void {
  const previous = readPointer(root)?.folder ?? null
  mkdirSync(join(root, folder, 'triumph', 'armies'), { recursive: true })
  writePointer(root, {
    format: 'muster-meshwesh-catalogue',
    version: 1,
    folder,
    publishedAt: new Date().toISOString(),
    baseUrl: 'http://127.0.0.1:1/api/v1',
    ruleset: 'triumph',
    run: folder.slice(2),
    replaced: previous,
    lists: {}
  })
  removeStaleFolders(root, [folder, previous])
}

const folders = (root: string) =>
  readdirSync(root)
    .filter((f) => f.startsWith('c-'))
    .sort()

function catalogue(): string {
  const root = temp()
  publish(root, 'c-run0-a')
  publish(root, 'c-run1-b')
  return root
}

describe('the tidy as the Meshwesh catalogue is opened', () => {
  it('a sync that publishes after the opener read the pointer: the folder it put in force is kept', async () => {
    const root = catalogue()
    const seen = readPointer(root)!
    expect(seen).toMatchObject({ folder: 'c-run1-b', replaced: 'c-run0-a' })
    // The sync runs to its end (lock, publish, tidy, let go) before the opener lists the folder.
    const unlock = await lockSync(root)
    publish(root, 'c-run2-c')
    unlock()
    tidyOpened(root, seen)
    expect(folders(root)).toEqual(['c-run1-b', 'c-run2-c'])
    expect(catalogueDataDir(root)).toBe(join(root, 'c-run2-c'))
    expect(existsSync(join(root, 'c-run2-c', 'triumph', 'armies'))).toBe(true)
  })

  it('nothing goes while the sync lock is held; once it is let go, what a killed publish left goes', () => {
    const root = catalogue()
    mkdirSync(join(root, 'c-killed-d'))
    // Held without a holder's name: the lock alone keeps the tidy off.
    const held = tryLockNow(root)!
    expect(held).not.toBeNull()
    tidyOpened(root, readPointer(root)!)
    expect(folders(root)).toEqual(['c-killed-d', 'c-run0-a', 'c-run1-b'])
    held.release()
    tidyOpened(root, readPointer(root)!)
    expect(folders(root)).toEqual(['c-run0-a', 'c-run1-b'])
  })

  it('a sync that starts while an opener holds the lock for its tidy waits for it, not "another sync is running"', async () => {
    const root = catalogue()
    const held = tryLockNow(root)!
    setTimeout(() => held.release(), 150)
    const unlock = await lockSync(root)
    unlock()
  })
})
