// The routes of the stand-in Meshwesh server (meshwesh-server.ts): a GET's answer from the served
// lists, in the real server's shapes and words (see meshwesh-server.ts for where it differs).
import type { Category, Fixtures, MeshweshJson } from './meshwesh-fixtures'
import { newShapeAllyOptions, newShapeList, summaryOf } from './meshwesh-shapes'

/** What one server serves (mutable: tests edit it through the server). */
export interface State {
  lists: Map<string, MeshweshJson>
  categoriesOf: Map<string, Category[]>
  categories: Map<string, Category>
  allyArmyLists: Map<string, MeshweshJson>
  fixtures: Fixtures
}

export type Answer = { status: number; body: string; type: string; cacheable?: boolean }

export const hex24 = /^[0-9a-f]{24}$/i
export const json = 'application/json; charset=utf-8'
const text = 'text/html; charset=utf-8'
const answerJson = (value: unknown): Answer => ({ status: 200, body: JSON.stringify(value), type: json, cacheable: true })
const answerText = (status: number, sentence: string): Answer => ({ status, body: sentence, type: text })
export const answerError = (status: number, message: string): Answer => ({ status, body: JSON.stringify({ message }), type: json })
export const notFound = (path: string): Answer => answerError(404, `Not found: ${path}`)

/** The route function of a server: `enemiesOf` is read at each request (tests edit it). */
export function routes(state: State, newShape: boolean, enemiesOf: () => Map<string, string[]>): (path: string, query: URLSearchParams) => Answer {
  const served = (id: string): MeshweshJson => state.lists.get(id)
  const shaped = (list: MeshweshJson): MeshweshJson => (newShape ? newShapeList(list) : list)

  // An ally army list as /allyArmyLists serves it: `_id` made `id`, `__v` gone (transform.js).
  const allyArmyListDoc = (ally: MeshweshJson): MeshweshJson => {
    const { _id, __v: _v, ...rest } = ally as Record<string, unknown>
    const doc = { ...rest, id: _id }
    return newShape ? newShapeList(doc) : doc
  }

  const allyOptionsOf = (list: MeshweshJson): MeshweshJson[] | null => {
    const options: MeshweshJson[] = []
    for (const option of (list.allyOptions ?? []) as MeshweshJson[]) {
      const entries: MeshweshJson[] = []
      for (const entry of (option.allyEntries ?? []) as MeshweshJson[]) {
        let ally = entry.allyArmyList
        if (typeof ally === 'string') {
          ally = state.allyArmyLists.get(ally)
          if (!ally) return null
        }
        entries.push({ ...entry, allyArmyList: ally })
      }
      options.push({ ...option, allyEntries: entries })
    }
    return newShape ? newShapeAllyOptions(options) : options
  }

  // The route's answer for a GET of `path` (after /api/v1, without the query) with `query`.
  const route = (path: string, query: URLSearchParams): Answer => {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
    const parts = trimmed
      .split('/')
      .slice(1)
      .map((p) => {
        try {
          return decodeURIComponent(p)
        } catch {
          return p
        }
      })
    const [top, id, sub, more] = [parts[0]?.toLowerCase(), parts[1], parts[2]?.toLowerCase(), parts[3]]
    const keys = [...new Set(query.keys())]
    const allowed = (names: string[]): boolean => keys.every((k) => names.includes(k) && query.getAll(k).length === 1)

    if (top === 'armylists' && parts.length === 1) {
      if (!allowed(['name', 'summary'])) return answerText(400, 'Invalid request.')
      const all = [...state.lists.values()]
      if (query.get('summary') === 'true') return answerJson(all.map(summaryOf))
      const name = query.get('name')
      const chosen = name
        ? all.filter((l) =>
            String(l.name ?? '')
              .toLowerCase()
              .includes(name.toLowerCase())
          )
        : all
      return answerJson(chosen.map(shaped))
    }
    if (top === 'armylists' && parts.length >= 2 && parts.length <= 3 && more === undefined) {
      if (parts.length === 2 && !allowed([])) return answerText(400, 'Invalid request.')
      if (parts.length === 3 && !['allyoptions', 'enemyarmylists', 'associatedarmylists', 'thematiccategories'].includes(sub)) return notFound(path)
      if (!hex24.test(id)) return answerText(400, 'Army List id is badly formatted.')
      const key = id.toLowerCase()
      const list = served(key)
      if (!list) return answerText(404, 'Army List not found.')
      switch (sub) {
        case undefined:
          return answerJson(shaped(list))
        case 'allyoptions': {
          const options = allyOptionsOf(list)
          return options ? answerJson(options) : answerText(500, 'Unable to get ally options. Server error.')
        }
        case 'thematiccategories':
          return answerJson((state.categoriesOf.get(key) ?? []).map((c) => ({ name: c.name, id: c.id })))
        case 'associatedarmylists':
          return answerJson([...state.lists.values()].filter((l) => l !== list && l.listId === list.listId && l.id !== list.id).map(shaped))
        case 'enemyarmylists': {
          const enemies = [...new Set(enemiesOf().get(key) ?? [])].map(served).filter(Boolean)
          return answerJson(enemies.map(shaped))
        }
      }
    }
    if (top === 'allyarmylists' && parts.length === 1) {
      if (!allowed(['name'])) return answerText(400, 'Invalid request.')
      const name = query.get('name')
      const all = [...state.allyArmyLists.values()].filter((a) =>
        name
          ? String(a.name ?? '')
              .toLowerCase()
              .includes(name.toLowerCase())
          : true
      )
      return answerJson(all.map(allyArmyListDoc))
    }
    if (top === 'allyarmylists' && parts.length === 2) {
      if (!hex24.test(id)) return answerText(400, 'Ally Army List id is badly formatted.')
      const ally = state.allyArmyLists.get(id.toLowerCase())
      return ally ? answerJson(allyArmyListDoc(ally)) : answerText(404, 'Ally Army List not found.')
    }
    if (top === 'thematiccategories' && parts.length === 1) {
      if (!allowed(['name'])) return answerText(400, 'Invalid request.')
      const name = query.get('name')
      return answerJson([...state.categories.values()].filter((c) => !name || c.name === name).map((c) => ({ name: c.name, id: c.id })))
    }
    if (top === 'thematiccategories' && (parts.length === 2 || (parts.length === 3 && sub === 'armylists'))) {
      if (!/^[0-9a-z]{24}$/i.test(id)) return answerText(400, 'Invalid request.')
      if (!hex24.test(id)) return answerText(400, 'Category id is badly formatted.')
      const key = id.toLowerCase()
      if (parts.length === 2) {
        const category = state.categories.get(key)
        return category ? answerJson({ name: category.name, id: category.id }) : answerText(404, 'Thematic Category not found.')
      }
      const inCategory = [...state.lists.entries()].filter(([listKey]) => (state.categoriesOf.get(listKey) ?? []).some((c) => c.id === key))
      return answerJson(inCategory.map(([, l]) => shaped(l)))
    }
    return notFound(path)
  }
  return route
}
