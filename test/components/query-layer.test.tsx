// @vitest-environment jsdom
// The renderer's one query layer (query.ts, TanStack Query): one load per key however many ask,
// failures not kept, forgetAll() marks everything out of date and the hooks on screen ask again;
// ruleset and army details, and what the collection fields, go through it.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MusterBridge } from '../../src-main/ipc/contract'
import { forgetAll, keptAnswer, queryClient } from '../../src-renderer/query'
import { armyDetails, forgetDataCaches, useArmiesFielded, useArmyDetails, useRulesetDetails } from '../../src-renderer/hooks'

afterEach(() => {
  cleanup()
  queryClient.clear()
})

/** Whether a value is kept under `key`: an ask that would load again says not (and what it loaded is not kept). */
async function has(key: string): Promise<boolean> {
  let loaded = false
  await keptAnswer(
    [key],
    async () => ((loaded = true), null),
    () => false
  )
  return !loaded
}

describe('keptAnswer', () => {
  it('loads a key once: a second ask, even while the first is still loading, shares its answer', async () => {
    const load = vi.fn(() => Promise.resolve(42))
    const [a, b] = [keptAnswer(['k'], load), keptAnswer(['k'], load)]
    expect(await a).toBe(42)
    expect(await b).toBe(42)
    expect(await keptAnswer(['k'], load)).toBe(42)
    expect(load).toHaveBeenCalledTimes(1)
    expect(await keptAnswer(['other'], () => Promise.resolve(7))).toBe(7)
  })

  it('keeps neither a load that fails nor an answer `keep` refuses: the next ask tries again', async () => {
    await expect(keptAnswer(['bad'], () => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(await has('bad')).toBe(false)
    await expect(
      keptAnswer(['throws'], () => {
        throw new Error('at once')
      })
    ).rejects.toThrow('at once')
    expect(await has('throws')).toBe(false)
    expect(
      await keptAnswer(
        ['null'],
        () => Promise.resolve(null),
        (v) => v !== null
      )
    ).toBeNull()
    expect(await has('null')).toBe(false)
    expect(
      await keptAnswer(
        ['null'],
        () => Promise.resolve(1),
        (v) => v !== null
      )
    ).toBe(1)
    expect(await has('null')).toBe(true)
  })

  it('forgetAll() makes every key ask again', async () => {
    await Promise.all([keptAnswer(['army', 'a'], async () => 1), keptAnswer(['ruleset', 'x'], async () => 3)])
    const again = vi.fn(async () => 2)
    expect(await keptAnswer(['army', 'a'], again)).toBe(1)
    forgetAll()
    expect(await keptAnswer(['army', 'a'], again)).toBe(2)
    expect(await keptAnswer(['ruleset', 'x'], async () => 4)).toBe(4)
    expect(again).toHaveBeenCalledTimes(1)
  })

  it('a load still under way when everything is forgotten answers no one: those who asked before and after get a fresh load', async () => {
    let finishOld!: (v: string) => void
    const load = vi.fn((): Promise<string> => (load.mock.calls.length === 1 ? new Promise((r) => (finishOld = r)) : Promise.resolve('new')))
    const old = keptAnswer(['k'], load)
    forgetAll()
    const fresh = keptAnswer(['k'], load)
    finishOld('old')
    expect(await old).toBe('new')
    expect(await fresh).toBe('new')
    expect(await keptAnswer(['k'], async () => 'newer')).toBe('new')
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('ruleset and army details through the query layer', () => {
  function bridge() {
    const calls = { army: 0, ruleset: 0, fielded: 0 }
    let name = 'Old'
    window.muster = {
      armyDetails: async (ruleset: string, army: string) => (
        calls.army++,
        army === 'missing' ? { ok: false, error: { code: 'not-found', message: 'no such army' } } : { ok: true, value: { id: army, name, ruleset } }
      ),
      rulesetDetails: async (id: string) => (calls.ruleset++, { ok: true, value: { id, name } }),
      armiesFielded: async () => (calls.fielded++, { ok: true, value: [{ army: 'gallic', share: 1 }] })
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

  it('a ruleset is kept per edition, the last shown while the next is asked; a failed army answer is said and not kept', async () => {
    const b = bridge()
    const r = renderHook(({ edition }) => useRulesetDetails('wrg-1969', edition), { initialProps: { edition: undefined as string | undefined } })
    await waitFor(() => expect(r.result.current?.name).toBe('Old'))
    r.rerender({ edition: 'second' })
    expect(r.result.current?.name).toBe('Old')
    await waitFor(() => expect(b.calls.ruleset).toBe(2))
    r.rerender({ edition: undefined })
    expect(b.calls.ruleset).toBe(2)
    expect(await armyDetails('wrg-1969', 'missing')).toMatchObject({ ok: false, error: { message: 'no such army' } })
    await armyDetails('wrg-1969', 'missing')
    expect(b.calls.army).toBe(2)
  })

  it('what the collection fields is asked only while on, and afresh each time it is turned on', async () => {
    const b = bridge()
    const f = renderHook(({ on }) => useArmiesFielded('wrg-1969', on), { initialProps: { on: false } })
    expect(f.result.current.byArmy).toBeNull()
    expect(b.calls.fielded).toBe(0)
    f.rerender({ on: true })
    await waitFor(() => expect(f.result.current.byArmy?.get('gallic')).toBeDefined())
    f.rerender({ on: false })
    expect(f.result.current.byArmy).toBeNull()
    f.rerender({ on: true })
    await waitFor(() => expect(b.calls.fielded).toBe(2))
  })
})
