// The event form's draft (src-renderer/event-profile.ts): every rule of a profile read into its field
// and written back as it was, checked by the real schema with ajv; what the form does not know kept.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Ajv2020 from 'ajv/dist/2020'
import { describe, expect, it } from 'vitest'
import { blankDraft, fromProfile, toProfile } from '../../src-renderer/event-profile'

const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', 'schemas', 'event.schema.json'), 'utf8')) as object
const valid = new Ajv2020({ strict: false }).compile(schema)

const full = {
  format: 'muster-event',
  version: 1,
  name: 'Club night',
  date: '12-13 May',
  ruleset: 'triumph',
  pointsLimit: 48,
  dates: { from: -200, to: 200 },
  armies: { allowed: ['marian-roman-111a'], banned: ['early-imperial-roman'], lists: ['66a', '115'], categories: ['Roman'] },
  allies: false,
  battleCards: { allowed: ['HL'], banned: ['SC'] },
  requiredFields: ['player', 'year'],
  dataVersion: '1.4.0',
  edition: 'first-printing',
  amendments: { 'legion-eagle': true, druid: false },
  rounds: 5,
  scoring: { win: 10, draw: 5, loss: 1, byeScore: 7 },
  tiebreaks: ['pointsDestroyed', 'opponentsScore'],
  constraints: { clubApart: true, countryApart: true, fixedTables: [{ player: 'Ann', table: 1 }] },
  players: [{ name: 'Ann', club: 'Deal Wargames', country: 'England' }]
}

describe('the event form draft', () => {
  it('reads every rule of a profile and writes it back as it was (valid by the schema)', () => {
    expect(valid(full)).toBe(true)
    const back = toProfile(fromProfile(full, 'wrg-1969'))
    expect(back).toEqual(full)
    expect(fromProfile(full, 'wrg-1969').banned).toEqual(['early-imperial-roman'])
  })

  it('a blank form writes only what it must; a formula replaces win, draw and loss; one that is not JSON is left out', () => {
    expect(toProfile(blankDraft('triumph'))).toEqual({ format: 'muster-event', version: 1, name: 'Event', ruleset: 'triumph', requiredFields: ['player'] })
    const formula = { '+': [{ if: [{ var: 'won' }, 10, 0] }, { var: 'destroyed' }] }
    const draft = { ...blankDraft('triumph'), win: '3', formula: JSON.stringify(formula) }
    const written = toProfile(draft)
    expect(written.scoring).toEqual({ formula })
    expect(valid(written)).toBe(true)
    expect(toProfile({ ...draft, formula: '{"+": [' }).scoring).toEqual({ win: 3 })
  })

  it('rules the form does not know are kept as loaded', () => {
    const later = { ...full, venue: 'Deal' }
    expect(fromProfile(later, 'triumph').rest).toEqual({ venue: 'Deal' })
    expect(toProfile(fromProfile(later, 'triumph'))).toEqual(later)
  })
})
