// @vitest-environment jsdom
// The renderer's one data cache (data-cache.ts): one load per key however many ask, failures not
// kept, clear() forgets and tells the hooks, which ask again; ruleset and army
// details go through it.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MusterBridge } from '../../src-main/ipc/contract'
import { cached, cacheGeneration, clear, onClear } from '../../src-renderer/data-cache'
import { armyDetails, forgetDataCaches, useArmyDetails, useRulesetDetails } from '../../src-renderer/hooks'

afterEach(() => {
  cleanup()
  clear()
})

/** Whether a value is kept under `key`: an ask that would load again says not (and what it loaded is forgotten). */
async function has(key: string): Promise<boolean> {
  let loaded = false
  await cached(
    key,
    async () => ((loaded = true), null),
    () => false
  )
  return !loaded
}

describe('cached', () => {
  it('loads a key once: a second ask, even while the first is still loading, shares its answer', async () => {
    const load = vi.fn(() => Promise.resolve(42))
    const [a, b] = [cached('k', load), cached('k', load)]
    expect(a).toBe(b)
    expect(await a).toBe(42)
    expect(await cached('k', load)).toBe(42)
    expect(load).toHaveBeenCalledTimes(1)
    expect(await cached('other', () => Promise.resolve(7))).toBe(7)
  })

  it('keeps neither a load that fails nor an answer `keep` refuses: the next ask tries again', async () => {
    await expect(cached('bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(await has('bad')).toBe(false)
    await expect(
      cached('throws', () => {
        throw new Error('at once')
      })
    ).rejects.toThrow('at once')
    expect(await has('throws')).toBe(false)
    expect(
      await cached(
        'null',
        () => Promise.resolve(null),
        (v) => v !== null
      )
    ).toBeNull()
    expect(await has('null')).toBe(false)
    expect(
      await cached(
        'null',
        () => Promise.resolve(1),
        (v) => v !== null
      )
    ).toBe(1)
    expect(await has('null')).toBe(true)
  })

  it('clear() forgets every key and tells whoever listens', async () => {
    await Promise.all([cached('army:a', async () => 1), cached('ruleset:x', async () => 3)])
    const heard = vi.fn()
    const stop = onClear(heard)
    const before = cacheGeneration()
    expect(await has('army:a')).toBe(true)
    clear()
    expect([await has('army:a'), await has('ruleset:x')]).toEqual([false, false])
    expect(heard).toHaveBeenCalledTimes(1)
    expect(cacheGeneration()).toBe(before + 1)
    stop()
    clear()
    expect(heard).toHaveBeenCalledTimes(1)
  })

  it('a load still under way when the cache is cleared does not take out the load asked after the clear', async () => {
    let finishOld!: (v: null) => void
    const old = cached(
      'k',
      () => new Promise<null>((r) => (finishOld = r)),
      (v) => v !== null
    )
    clear()
    const fresh = cached('k', async () => 'new' as unknown as null)
    finishOld(null)
    await old
    expect(await fresh).toBe('new')
    expect(await has('k')).toBe(true)
  })
})

describe('ruleset and army details through the cache', () => {
  function bridge() {
    const calls = { army: 0, ruleset: 0 }
    let name = 'Old'
    window.muster = {
      armyDetails: async (ruleset: string, army: string) => (
        calls.army++,
        army === 'missing' ? { ok: false, error: { code: 'not-found', message: 'no such army' } } : { ok: true, value: { id: army, name, ruleset } }
      ),
      rulesetDetails: async (id: string) => (calls.ruleset++, { ok: true, value: { id, name } })
    } as unknown as MusterBridge
    return { calls, rename: (n: string) => (name = n) }
  }

  it('two views of one army ask once; new rules data in force (forgetDataCaches) makes them ask again', async () => {
    const b = bridge()
    const one = renderHook(() => useArmyDetails('wrg-1969', 'gallic'))
    const two = renderHook(() => useArmyDetails('wrg-1969', 'gallic'))
    await waitFor(() => expect(two.result.current?.name).toBe('Old'))
    expect(one.result.current?.name).toBe('Old')
    expect(b.calls.army).toBe(1)
    b.rename('New')
    act(() => forgetDataCaches())
    await waitFor(() => expect(one.result.current?.name).toBe('New'))
    await waitFor(() => expect(two.result.current?.name).toBe('New'))
    expect(b.calls.army).toBe(2)
  })

  it('a ruleset is kept per edition; a failed army answer is said and not kept', async () => {
    const b = bridge()
    const r = renderHook(({ edition }) => useRulesetDetails('wrg-1969', edition), { initialProps: { edition: undefined as string | undefined } })
    await waitFor(() => expect(r.result.current?.name).toBe('Old'))
    r.rerender({ edition: 'second' })
    await waitFor(() => expect(b.calls.ruleset).toBe(2))
    r.rerender({ edition: undefined })
    expect(b.calls.ruleset).toBe(2)
    expect(await armyDetails('wrg-1969', 'missing')).toMatchObject({ ok: false, error: { message: 'no such army' } })
    await armyDetails('wrg-1969', 'missing')
    expect(b.calls.army).toBe(2)
  })
})
