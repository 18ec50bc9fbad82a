// The event profile's round length (schemas/event.schema.json roundMinutes), which the projector
// view's round clock counts down: optional, whole minutes, checked by the real schema (ajv).
import { describe, expect, it } from 'vitest'
import { ajvValidators } from '../../src-main/rules/precompiled'
import { schemaId } from '../../src-main/rules/schemas'

describe('the event profile round length', () => {
  const validate = ajvValidators(schemaId('event.schema.json'))
  const base = { format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph' }
  it('is optional and takes whole minutes', () => {
    expect(validate(base)).toBe(true)
    expect(validate({ ...base, rounds: 5, roundMinutes: 150 })).toBe(true)
    expect(validate({ ...base, roundMinutes: 1 })).toBe(true)
  })
  it('refuses no time, part minutes, text and more than a day', () => {
    for (const roundMinutes of [0, -5, 90.5, '120', 1441]) expect(validate({ ...base, roundMinutes })).toBe(false)
  })
})
