// The collection tests' library: a new library file for each test, and the engine they check with.
import { afterEach, beforeEach } from 'vitest'
import { join } from 'node:path'
import { openLibrary, getCollection, type Db, type Library } from '../../src-main/store'
import { armiesFielded } from '../../src-main/services/collection'
import { bundledEngine } from '../support/engine'
import { tempFolders } from '../support/tmp'

export const engine = bundledEngine()

/** The library of the test that runs: opened before each test of the calling file, closed after. */
export function libraryEachTest(prefix: string): { readonly db: Db; readonly path: string } {
  const tempDir = tempFolders(prefix)
  let lib: Library
  beforeEach(async () => {
    lib = await openLibrary(join(tempDir(), 'library.sqlite'))
  })
  afterEach(() => lib.close())
  return {
    get db() {
      return lib.db
    },
    get path() {
      return lib.path
    }
  }
}

/** How far the library's collection fields one army of a ruleset. */
export const coverageIn = (db: Db, ruleset: string, army: string) =>
  armiesFielded(engine, getCollection(db).collection.items, ruleset).find((a) => a.army === army)!
