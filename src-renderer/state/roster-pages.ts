// The library's rows, a page at a time: the list knows how many rosters match and fetches only the
// pages the user scrolls to, so 10,000 rosters cost what one screenful does.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Result, RosterRow } from '../../src-main/ipc/contract'

export const PAGE_SIZE = 200

export type FetchPage = (offset: number, limit: number) => Promise<Result<{ rows: RosterRow[]; total: number }>>

interface Pages {
  /** The query these pages answer: until the new one's first page is in, `ready` is false. */
  query: FetchPage | null
  total: number
  /** Each page with the generation (reload) it was fetched in. */
  pages: Map<number, { generation: number; rows: RosterRow[] }>
  error: string | null
}

/**
 * Rows of the query `fetchPage` stands for (a new function is a new query: the pages start again).
 * `show(first, last)` says which rows are on screen; `reload()` fetches them again after a change,
 * keeping the old rows on screen until the new ones arrive. `ready` says the count is the current
 * query's, so an empty answer can be told from one not in yet.
 */
export function useRosterPages(fetchPage: FetchPage): {
  total: number
  ready: boolean
  error: string | null
  rowAt: (index: number) => RosterRow | undefined
  show: (first: number, last: number) => void
  reload: () => Promise<void>
} {
  const [state, setState] = useState<Pages>({ query: null, total: 0, pages: new Map(), error: null })
  const generation = useRef(0)
  const asked = useRef(new Set<number>())
  const onScreen = useRef<[number, number]>([0, 0])

  const fetchPages = useCallback(
    async (wanted: number[], fresh: boolean) => {
      const mine = generation.current
      const answers = await Promise.all(wanted.map((p) => fetchPage(p * PAGE_SIZE, PAGE_SIZE).then((r) => [p, r] as const)))
      if (mine !== generation.current) return // a later reload or query has asked since
      setState((s) => {
        const pages = new Map(s.pages)
        // A reload's answer replaces pages of earlier generations; pages this generation already has stay.
        if (fresh) for (const [p, page] of pages) if (page.generation < mine) pages.delete(p)
        let total = s.total
        let error: string | null = null
        for (const [p, r] of answers) {
          if (r.ok) {
            pages.set(p, { generation: mine, rows: r.value.rows })
            total = r.value.total
          } else {
            error = r.error.message
            asked.current.delete(p) // asked again when it next comes on screen
          }
        }
        return { query: fresh && !error ? fetchPage : s.query, total, pages, error }
      })
    },
    [fetchPage]
  )

  const pagesOnScreen = () => {
    const [first, last] = onScreen.current
    const pages: number[] = []
    for (let p = Math.floor(first / PAGE_SIZE); p <= Math.floor(last / PAGE_SIZE); p++) pages.push(p)
    return pages
  }

  /** Fetches the rows on screen again (the first page too, for the count); older answers are dropped. */
  const reload = useCallback(async () => {
    generation.current++
    const wanted = [...new Set([0, ...pagesOnScreen()])]
    asked.current = new Set(wanted)
    await fetchPages(wanted, true)
  }, [fetchPages])

  // A new query starts from the top.
  useEffect(() => {
    onScreen.current = [0, 0]
    void reload()
  }, [reload])

  const show = useCallback(
    (first: number, last: number) => {
      onScreen.current = [first, last]
      const missing = pagesOnScreen().filter((p) => !asked.current.has(p))
      missing.forEach((p) => asked.current.add(p))
      if (missing.length) void fetchPages(missing, false)
    },
    [fetchPages]
  )

  const rowAt = useCallback((index: number) => state.pages.get(Math.floor(index / PAGE_SIZE))?.rows[index % PAGE_SIZE], [state.pages])

  return { total: state.total, ready: state.query === fetchPage, error: state.error, rowAt, show, reload }
}
