// The library's folders and their counts, as the folder bar shows them, and which one the list shows.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { FolderList } from '../../src-main/ipc/contract'
import { api } from '../api'

/** Which rosters the list shows: every one (undefined), those in no folder (null), or one folder's (its id). */
export type FolderChoice = string | null | undefined

/** The folders (null until the first answer) and a function that asks again, after any change to the library. */
export function useFolders(): { list: FolderList | null; refresh: () => Promise<void> } {
  const [list, setList] = useState<FolderList | null>(null)
  // Answers can come back out of order (two changes in quick succession): only the latest ask counts.
  const asked = useRef(0)
  const refresh = useCallback(() => {
    const ask = ++asked.current
    return api()
      .listFolders()
      .then((r) => {
        if (r.ok && ask === asked.current) setList(r.value)
      })
  }, [])
  useEffect(() => void refresh(), [refresh])
  return { list, refresh }
}

/** The choice as it stands: a folder that is no longer there (deleted meanwhile) means every roster. */
export function currentChoice(choice: FolderChoice, list: FolderList | null): FolderChoice {
  if (typeof choice !== 'string' || !list) return choice
  return list.folders.some((f) => f.id === choice) ? choice : undefined
}
