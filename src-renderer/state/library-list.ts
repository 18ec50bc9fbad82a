// What the library's list shows: the search text, filters, sort, trash and folder chosen; the tags
// and "data changed" marks the filters offer; and the matching rosters, a page at a time. `refresh`
// asks for all of it again after a change to the library.
import { useCallback, useEffect, useState } from 'react'
import type { FolderSummary, ListOptions } from '../../src-main/ipc/contract'
import { api } from '../api'
import { useSaveStates } from './autosave'
import { currentChoice, useFolders, type FolderChoice } from './folders'
import { useRosterPages } from './roster-pages'

export interface LibraryFilters {
  query: string
  ruleset: string
  legality: '' | 'legal' | 'illegal'
  tag: string
  sort: NonNullable<ListOptions['sort']>
  trash: boolean
  /** The list shows only rosters marked "data changed" (with any other filter). */
  changedOnly: boolean
  /** By their finished games: played one, never played, won one, played and never won. */
  games: '' | 'played' | 'unplayed' | 'won' | 'unwon'
}

const NONE: LibraryFilters = { query: '', ruleset: '', legality: '', tag: '', sort: 'updated', trash: false, changedOnly: false, games: '' }

const gamesFilter: Record<Exclude<LibraryFilters['games'], ''>, ListOptions> = {
  played: { played: true },
  unplayed: { played: false },
  won: { won: true },
  unwon: { won: false }
}

export type SetFilters = (change: Partial<LibraryFilters>) => void

export function useLibraryList() {
  const [filters, setAll] = useState<LibraryFilters>(NONE)
  const setFilters: SetFilters = useCallback((change) => setAll((f) => ({ ...f, ...change })), [])
  const { query, ruleset, legality, tag, sort, trash, changedOnly, games } = filters
  // Rosters marked "data changed": how many. Once the last mark is gone (saved, cleared), the list is no longer narrowed to them.
  const [marked, setMarked] = useState(0)
  const onlyMarked = changedOnly && marked > 0
  const [tags, setTags] = useState<Array<{ tag: string; count: number }>>([])
  const folders = useFolders()
  const [folderChoice, setFolderChoice] = useState<FolderChoice>(undefined)
  // A folder deleted meanwhile is no longer shown: the list shows every roster again.
  const folder = currentChoice(folderChoice, folders.list)
  // A roster left with its last edit still being retried says so, and the row refreshes once it saves.
  const saveStates = useSaveStates((s) => s.states)

  // One query (search text, filters, sort); its rows are fetched a page at a time as they scroll in.
  const fetchPage = useCallback(
    (offset: number, limit: number) => {
      // The trash holds rosters of every folder; a folder shows those outside it.
      // Each row with its record (games, wins, losses, draws).
      const options: ListOptions = {
        record: true,
        trash,
        sort,
        limit,
        offset,
        ...(ruleset ? { ruleset } : {}),
        ...(tag ? { tag } : {}),
        ...(legality ? { valid: legality === 'legal' } : {}),
        ...(onlyMarked ? { dataChanged: true } : {}),
        ...(games ? gamesFilter[games] : {}),
        ...(folder !== undefined && !trash ? { folderId: folder } : {})
      }
      return query.trim() ? api().searchRosters(query, options) : api().listRosters(options)
    },
    [query, ruleset, tag, legality, onlyMarked, games, sort, trash, folder]
  )
  const pages = useRosterPages(fetchPage)
  const { reload } = pages

  const refreshTags = useCallback(
    () =>
      api()
        .listTags()
        .then((t) => t.ok && setTags(t.value)),
    []
  )
  useEffect(() => void refreshTags(), [refreshTags])
  const refreshMarked = useCallback(
    () =>
      api()
        .listRosters({ dataChanged: true, limit: 1 })
        .then((r) => r.ok && setMarked(r.value.total)),
    []
  )
  useEffect(() => void refreshMarked(), [refreshMarked])
  const refreshFolders = folders.refresh
  const refresh = useCallback(async () => {
    await Promise.all([reload(), refreshTags(), refreshFolders(), refreshMarked()])
  }, [reload, refreshTags, refreshFolders, refreshMarked])

  // A save finished in the background (an edit left being retried): show the roster as saved.
  const savedInBackground = Object.values(saveStates).filter((s) => s.state === 'saved').length
  useEffect(() => {
    if (savedInBackground) void refresh()
  }, [savedInBackground, refresh])

  const filtered = trash || query.trim() !== '' || ruleset !== '' || tag !== '' || legality !== '' || games !== '' || onlyMarked || folder !== undefined
  const folderList: FolderSummary[] = folders.list?.folders ?? []
  const folderNames = new Map(folderList.map((f) => [f.id, f.name]))
  const folderName = (id: string | null) => (id === null ? 'No folder' : (folderNames.get(id) ?? 'a folder'))

  return {
    filters,
    setFilters,
    onlyMarked,
    marked,
    tags,
    folders: folders.list,
    folderList,
    folderNames,
    folderName,
    folderChoice,
    setFolderChoice,
    folder,
    saveStates,
    fetchPage,
    ...pages,
    filtered,
    refresh,
    refreshFolders
  }
}

export type LibraryList = ReturnType<typeof useLibraryList>
