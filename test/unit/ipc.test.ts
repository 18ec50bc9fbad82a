// The main-process side of the IPC contract: every call's arguments are checked, answers are
// Results, nothing thrown crosses the boundary.
import { describe, expect, it } from 'vitest'
import { channelNames, argumentSchemas } from '../../src-main/ipc/contract'
import { createDispatch, rulesHandlers } from '../../src-main/ipc/handlers'
import type { Verdict } from '../../src-main/rules/types'
import { bundledEngine } from '../support/engine'

const dispatch = createDispatch(rulesHandlers(bundledEngine()))

describe('IPC dispatch', () => {
  it('declares a channel name and an argument schema for every call', () => {
    expect(Object.keys(argumentSchemas).sort()).toEqual(Object.keys(channelNames).sort())
    expect(new Set(Object.values(channelNames)).size).toBe(Object.keys(channelNames).length)
  })

  it('lists rulesets with their armies', async () => {
    const r = await dispatch('listRulesets', [])
    expect(r.ok).toBe(true)
    if (r.ok) expect((r.value as Array<{ id: string }>).map((x) => x.id)).toContain('triumph')
  })

  it('checks a roster with the real engine', async () => {
    const r = await dispatch('checkRoster', [{ format: 'muster-roster', version: 1, ruleset: 'wrg-1969', army: 'gallic', units: [{ troop: 'general', count: 1 }] }])
    expect(r.ok).toBe(true)
    if (r.ok) expect((r.value as Verdict).points).toBe(100)
  })

  it.each([
    ['no arguments', 'checkRoster', []],
    ['too many arguments', 'listRulesets', [1]],
    ['a string instead of a roster', 'checkRoster', ['{"units": []}']],
    ['not even an array', 'checkRoster', 'roster']
  ])('refuses %s with a clear error', async (_label, channel, args) => {
    const r = await dispatch(channel as 'checkRoster', args)
    expect(r).toEqual({ ok: false, error: { code: 'bad-arguments', message: expect.stringContaining(`${channel}:`) } })
  })

  it('refuses an unknown channel', async () => {
    const r = await dispatch('deleteEverything' as 'checkRoster', [])
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown-channel' } })
  })
})
