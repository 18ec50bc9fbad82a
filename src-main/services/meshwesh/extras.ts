// The extras of a Meshwesh sync: each list's historical enemies (one request per list: no route
// gives them all) and the themes (thematic categories: one request for the themes, one per theme).
// The lists are what matters: an extra that cannot be fetched keeps its last good copy, is said in
// words, and never stops a publish. They change seldom, so an update asks for them only where they
// are missing (a new list, one that failed last time); a refresh asks for all of them again: the
// first sync, a full refresh (`--full`, the app's Full refresh), or once the last is
// EXTRAS_MAX_AGE_DAYS old. Associated lists need no request (fetch-lists.ts makes them).
import { writeFetched } from '../../meshwesh/catalogue'
import { readExtrasState, readThemesCache, writeExtrasState, writeThemesCache, type CachedList, type ThemesCache } from '../../meshwesh/cache'
import { FetchError, type MeshweshClient } from '../../meshwesh/http'
import { fetchPart, idsOf, pool, stopsSync, type SummaryItem } from './fetch-lists'
import { sentences, someNames, type ProgressStep } from './sync-types'

/** The most themes a server may name. Meshwesh has about 40. */
export const MAX_THEMES = 500

export interface ExtrasInput {
  client: MeshweshClient
  root: string
  summary: SummaryItem[]
  /** The lists fetched: their enemies are set here, and their files written once they are. */
  entries: Map<string, CachedList>
  run: string
  /** When the run began (a resumed run: when it first began). */
  runStartedAt: string
  now: Date
  /** Ask for every list's extras, not only the missing ones. */
  whole: boolean
  step: (p: ProgressStep) => void
}

export interface ExtrasResult {
  /** Theme names by list id. */
  themes: Map<string, string[]>
  /** What could not be fetched, in words. */
  notFetched: string[]
  refreshedAt: string | null
  /** Lists whose enemies the interrupted run had fetched. */
  resumed: number
  /** Lists whose file was written here, with their new enemies. */
  written: Set<string>
}

const day = (iso: string) => iso.slice(0, 10)
const isIdList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')
const isThemeList = (v: unknown): v is Array<{ id: string; name: string }> =>
  Array.isArray(v) && v.every((c) => !!c && typeof (c as { id?: unknown }).id === 'string' && typeof (c as { name?: unknown }).name === 'string')
const themePath = (id: string) => `/thematicCategories/${encodeURIComponent(id)}/armyLists`

function readThemes(body: unknown): Array<{ id: string; name: string }> {
  if (!Array.isArray(body)) throw new FetchError('/thematicCategories', 'The answer for /thematicCategories is not a list of themes')
  if (body.length > MAX_THEMES)
    throw new FetchError(
      '/thematicCategories',
      `The server names ${body.length} thematic categories, more than the ${MAX_THEMES} Muster fetches (Meshwesh has about 40): check the server address`
    )
  return body.flatMap((c) => {
    const { id, name } = (c ?? {}) as { id?: unknown; name?: unknown }
    return typeof id === 'string' && typeof name === 'string' ? [{ id, name }] : []
  })
}

/** Whether the answers kept hold every theme's lists (a damaged or lost file does not). */
function allKept(cache: ThemesCache): boolean {
  const themes = cache['/thematicCategories']?.value
  return isThemeList(themes) && themes.every((c) => isIdList(cache[themePath(c.id)]?.value))
}

/** Theme names by list id, from the answers kept. */
function themesOf(cache: ThemesCache): Map<string, string[]> {
  const byList = new Map<string, string[]>()
  const themes = cache['/thematicCategories']?.value
  if (!isThemeList(themes)) return byList
  for (const c of themes) {
    const ids = cache[themePath(c.id)]?.value
    if (isIdList(ids)) for (const id of ids) byList.set(id, [...(byList.get(id) ?? []), c.name])
  }
  for (const names of byList.values()) names.sort((a, b) => a.localeCompare(b))
  return byList
}

/** Every theme and its lists, asked conditionally; a route that fails keeps its last answer. */
async function fetchThemes(
  client: MeshweshClient,
  root: string,
  lastAt: string | undefined,
  notFetched: string[]
): Promise<{ themes: Map<string, string[]>; complete: boolean }> {
  const cache = readThemesCache(root)
  const next: ThemesCache = {}
  const since = lastAt ? `The themes fetched on ${day(lastAt)} are kept` : 'The lists have no themes until a later sync fetches them'
  const get = async <T>(path: string, read: (b: unknown) => T, valid: (v: unknown) => boolean): Promise<T> => {
    const before = cache[path] && valid(cache[path].value) ? cache[path] : undefined
    const got = await fetchPart(client, path, before?.record, before?.value as T | undefined, read)
    next[path] = { record: got.record, value: got.value }
    return got.value
  }
  let themes: Array<{ id: string; name: string }>
  try {
    themes = await get('/thematicCategories', readThemes, isThemeList)
  } catch (e) {
    if (stopsSync(e)) throw e
    notFetched.push(sentences(`The themes (thematic categories) could not be fetched: ${(e as Error).message}`, since))
    return { themes: themesOf(cache), complete: false }
  }
  const failed: Array<{ name: string; reason: string; at: number }> = []
  await pool(themes, 8, async (c) => {
    const path = themePath(c.id)
    try {
      await get(path, (b) => idsOf(b, path), isIdList)
    } catch (e) {
      if (stopsSync(e)) throw e
      failed.push({ name: `“${c.name}”`, reason: (e as Error).message, at: themes.indexOf(c) })
      if (cache[path] && isIdList(cache[path].value)) next[path] = cache[path]
    }
  })
  writeThemesCache(root, next)
  failed.sort((a, b) => a.at - b.at)
  if (failed.length)
    notFetched.push(
      sentences(
        `The lists of the ${failed.length === 1 ? 'theme' : 'themes'} ${someNames(failed.map((f) => f.name))} could not be fetched: ${failed[0].reason}${failed.length > 1 ? ' (and others)' : ''}`,
        lastAt
          ? 'Their last copies are kept; the next update asks again'
          : `${failed.length === 1 ? 'That theme is' : 'Those themes are'} left off the lists until the next update fetches them`
      )
    )
  return { themes: themesOf(next), complete: failed.length === 0 }
}

export async function fetchExtras(input: ExtrasInput): Promise<ExtrasResult> {
  const { client, root, summary, entries, run, now, step } = input
  const refresh = input.whole
  const state = readExtrasState(root)
  const notFetched: string[] = []

  // Themes: asked again on a refresh, after one that failed, when a list is new since, or when the
  // answers kept are damaged.
  step({ phase: 'categories', done: 0, total: 1 })
  const known = new Set(state.themesLists ?? [])
  const kept = readThemesCache(root)
  let themes: Map<string, string[]>
  let themesState = { themesAt: state.themesAt, themesComplete: state.themesComplete, themesLists: state.themesLists }
  if (refresh || !state.themesComplete || !allKept(kept) || summary.some((s) => !known.has(s.id))) {
    const got = await fetchThemes(client, root, state.themesAt, notFetched)
    themes = got.themes
    themesState = got.complete
      ? { themesAt: now.toISOString(), themesComplete: true, themesLists: summary.map((s) => s.id) }
      : { ...themesState, themesComplete: false }
  } else themes = themesOf(kept)

  // Enemies: every list's on a refresh (but those the interrupted run fetched), else the missing ones.
  const lists = [...entries.values()]
  const due = refresh
    ? lists.filter((e) => e.extrasRun !== run)
    : lists.filter((e) => !e.enemiesAt || (state.refreshedAt !== undefined && e.enemiesAt < state.refreshedAt))
  const resumed = refresh ? lists.length - due.length : 0
  const names = new Map(summary.map((s) => [s.id, s.name]))
  const failed: Array<{ name: string; reason: string; kept: boolean; at: number }> = []
  const order = new Map(summary.map((s, i) => [s.id, i]))
  const written = new Set<string>()
  let done = 0
  step({ phase: 'enemies', done, total: due.length })
  await pool(due, 8, async (entry) => {
    const path = `/armyLists/${entry.id}/enemyArmyLists`
    const name = names.get(entry.id) ?? entry.id
    try {
      const got = await fetchPart(client, path, entry.parts.enemies, entry.parts.enemies ? entry.enemies : undefined, (b) => idsOf(b, path))
      Object.assign(entry, { enemies: got.value, enemiesAt: now.toISOString(), extrasRun: run })
      entry.parts.enemies = got.record
      // Written as each arrives: a refresh killed half-way resumes from here.
      await writeFetched(root, entry)
      written.add(entry.id)
    } catch (e) {
      if (stopsSync(e)) throw e
      failed.push({ name, reason: (e as Error).message, kept: entry.enemiesAt !== undefined, at: order.get(entry.id) ?? 0 })
    }
    step({ phase: 'enemies', done: ++done, total: due.length, name })
  })
  failed.sort((a, b) => a.at - b.at)
  if (failed.length) {
    const kept = failed.filter((f) => f.kept).length
    notFetched.push(
      sentences(
        `The historical enemies of ${someNames(failed.map((f) => f.name))} could not be fetched: ${failed[0].reason}${failed.length > 1 ? ' (and others)' : ''}`,
        kept === failed.length
          ? 'Their last copies are kept; the next update asks again'
          : kept === 0
            ? `${failed.length === 1 ? 'That list shows' : 'Those lists show'} only the enemies other lists name until the next update asks again`
            : 'Their last copies are kept where there are any; the next update asks again'
      )
    )
  }
  const refreshedAt = refresh ? input.runStartedAt : (state.refreshedAt ?? null)
  writeExtrasState(root, { ...themesState, ...(refreshedAt ? { refreshedAt } : {}) })
  return { themes, notFetched, refreshedAt, resumed, written }
}
