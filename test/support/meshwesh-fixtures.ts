// The real Meshwesh army lists the stand-in server (meshwesh-server.ts) serves, from
// ../shared/fixtures/meshwesh: read once per process and folder, cloned per server.
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sharedOrSkip } from './tools'

// The API's documents, loosely typed on purpose: tests edit them freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MeshweshJson = any

export type Category = { id: string; name: string }

export interface Fixtures {
  ids: string[] // summary.json order
  lists: Map<string, MeshweshJson>
  categories: Map<string, Category[]> // list id -> its themes
  allyArmyLists: Map<string, MeshweshJson> // ally army list _id -> the ally list, from the allyOptions files
}

export const defaultFixtures = join(__dirname, '../../../shared/fixtures/meshwesh')

/** The real lists the server serves: they ship beside the project (../shared), not in it. */
export const meshweshFixtures = defaultFixtures
/** Whether they are here: the tests and the bench that need them skip, saying so, where they are not (on CI the tests fail: tools.ts). */
export const fixturesPresent = !!sharedOrSkip('the Meshwesh lists the sync tests serve', join(defaultFixtures, 'armyLists'))

/** The fixtures' summary (id and name of every list), or none where they are absent. */
export function fixtureSummary(): Array<{ id: string; name: string }> {
  return fixturesPresent ? (JSON.parse(readFileSync(join(defaultFixtures, 'summary.json'), 'utf8')) as Array<{ id: string; name: string }>) : []
}

const loaded = new Map<string, Promise<Fixtures>>()

export function loadFixtures(dir: string): Promise<Fixtures> {
  let p = loaded.get(dir)
  if (!p) {
    p = readFixtures(dir)
    p.catch(() => loaded.delete(dir))
    loaded.set(dir, p)
  }
  return p
}

async function readJson(file: string, missing?: MeshweshJson): Promise<MeshweshJson> {
  try {
    return JSON.parse(await readFile(file, 'utf8'))
  } catch (e) {
    if (missing !== undefined && (e as NodeJS.ErrnoException).code === 'ENOENT') return missing
    throw e
  }
}

async function readFixtures(dir: string): Promise<Fixtures> {
  const summary = (await readJson(join(dir, 'summary.json'))) as Array<{ id: string }>
  const ids = summary.map((s) => s.id)
  const lists = new Map<string, MeshweshJson>()
  const categories = new Map<string, Category[]>()
  const allyArmyLists = new Map<string, MeshweshJson>()
  const files = join(dir, 'armyLists')
  const read = async (id: string): Promise<void> => {
    const [list, allyOptions, themes] = await Promise.all([
      readJson(join(files, id)),
      readJson(join(files, `${id}.allyOptions.json`), []),
      readJson(join(files, `${id}_thematicCategories`), [])
    ])
    lists.set(id, list)
    categories.set(
      id,
      (themes as Category[]).map((c) => ({ id: c.id, name: c.name }))
    )
    for (const option of allyOptions as MeshweshJson[]) {
      for (const entry of option.allyEntries ?? []) {
        if (entry.allyArmyList && typeof entry.allyArmyList === 'object') allyArmyLists.set(entry.allyArmyList._id, entry.allyArmyList)
      }
    }
  }
  for (let i = 0; i < ids.length; i += 64) await Promise.all(ids.slice(i, i + 64).map(read))
  return { ids, lists, categories, allyArmyLists }
}

const themesRead = new Map<string, Category[]>()

// A list's themes from the default fixtures, synchronously (for testEnemies on bare lists).
export function fixtureThemes(id: string): Category[] {
  let themes = themesRead.get(id)
  if (!themes) {
    try {
      themes = JSON.parse(readFileSync(join(defaultFixtures, 'armyLists', `${id}_thematicCategories`), 'utf8')) as Category[]
    } catch {
      themes = []
    }
    themesRead.set(id, themes)
  }
  return themes
}
