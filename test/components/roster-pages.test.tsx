// @vitest-environment jsdom
// The library's paging under answers that arrive out of order: a later question always wins, a
// reload never drops a page fetched meanwhile, and an empty or failed answer is told from one not in yet.
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Result, RosterRow } from '../../src-main/ipc/contract'
import { PAGE_SIZE, useRosterPages, type FetchPage } from '../../src-renderer/state/roster-pages'

type Answer = Result<{ rows: RosterRow[]; total: number }>
/** A stand-in for the IPC call whose answers the test releases one by one, in any order. */
function controlledQuery(total: number, name: string) {
  const waiting: Array<{ offset: number; answer: (a: Answer) => void }> = []
  const fetchPage: FetchPage = (offset) => new Promise<Answer>((answer) => waiting.push({ offset, answer }))
  const page = (offset: number): Answer => ({
    ok: true,
    value: {
      total,
      rows: Array.from(
        { length: Math.max(0, Math.min(PAGE_SIZE, total - offset)) },
        (_, i) => ({ id: `${name}-${offset + i}`, name: `${name} ${offset + i}` }) as RosterRow
      )
    }
  })
  const release = async (offset: number, answer: Answer = page(offset)) => {
    const i = waiting.findIndex((w) => w.offset === offset)
    if (i < 0) throw new Error(`nothing asked for offset ${offset}`)
    const [w] = waiting.splice(i, 1)
    await act(async () => w.answer(answer))
  }
  return { fetchPage, release, waiting }
}

describe('useRosterPages', () => {
  it('is not ready until the first page answers, then counts and reads rows; pages scrolled to are fetched once', async () => {
    const q = controlledQuery(1000, 'a')
    const { result } = renderHook(() => useRosterPages(q.fetchPage))
    expect(result.current.ready).toBe(false)
    await q.release(0)
    expect(result.current).toMatchObject({ ready: true, total: 1000, error: null })
    expect(result.current.rowAt(5)?.name).toBe('a 5')
    act(() => result.current.show(390, 430))
    act(() => result.current.show(395, 435))
    expect(q.waiting.map((w) => w.offset)).toEqual([200, 400])
    await q.release(400)
    await q.release(200)
    expect(result.current.rowAt(999)).toBeUndefined()
    expect(result.current.rowAt(401)?.name).toBe('a 401')
  })

  it('a reload keeps a page fetched while it was waiting, and replaces the older ones', async () => {
    const q = controlledQuery(1000, 'a')
    const { result } = renderHook(() => useRosterPages(q.fetchPage))
    await q.release(0)
    act(() => void result.current.reload())
    act(() => result.current.show(600, 640)) // page 3, asked after the reload
    await q.release(600)
    await q.release(0)
    expect(result.current.rowAt(601)?.name).toBe('a 601')
    expect(result.current.rowAt(0)?.name).toBe('a 0')
  })

  it('a new query wins over a late answer to the old one, and its empty answer is an answer', async () => {
    const a = controlledQuery(1000, 'a')
    const b = controlledQuery(0, 'b')
    const { result, rerender } = renderHook(({ f }) => useRosterPages(f), { initialProps: { f: a.fetchPage } })
    rerender({ f: b.fetchPage })
    await a.release(0) // the old query's answer comes late: dropped
    expect(result.current.ready).toBe(false)
    expect(result.current.total).toBe(0)
    await b.release(0)
    expect(result.current).toMatchObject({ ready: true, total: 0 })
  })

  it('a failed first page is an error, not an empty library', async () => {
    const q = controlledQuery(10, 'a')
    const { result } = renderHook(() => useRosterPages(q.fetchPage))
    await q.release(0, { ok: false, error: { code: 'busy', message: 'the library is busy' } })
    expect(result.current).toMatchObject({ ready: false, error: 'the library is busy' })
  })
})
