// @vitest-environment jsdom
// How the app names an army where armies are listed (issue 39): "66a Later Carthaginian", the one way
// every output names it (src-shared/army-title.ts); and "Armies I can field", which keeps only the
// armies the collection fields (its whole minimum, or also in part), best covered first.
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ArmyName } from '../../src-renderer/components/ArmyLinks'
import { byWhatIsOwned, ownedCountText, OwnedToggle, type OwnedFilter } from '../../src-renderer/components/OwnedShare'
import { armyTitle, listNumberOf } from '../../src-shared/army-title'
import type { ArmyFielded } from '../../src-main/ipc/contract'

afterEach(cleanup)

describe('an army named with its list number', () => {
  it('the row text is the outputs\u2019 title: the number first, then the name; the name alone without one', () => {
    const { container, rerender } = render(<ArmyName army={{ name: 'Later Carthaginian', listNumber: '63b' }} />)
    expect(container.textContent).toBe('63b Later Carthaginian')
    expect(container.textContent).toBe(armyTitle({ name: 'Later Carthaginian', listNumber: '63b' }))
    rerender(<ArmyName army={{ name: 'Celtic' }} />)
    expect(container.textContent).toBe('Celtic')
  })
  it("the number is what the army's data gives, whatever the ruleset", () => {
    expect(listNumberOf({ meshwesh: 'x', list: '66a' })).toBe('66a')
    expect(listNumberOf({ list: 12 })).toBe('12')
    expect(listNumberOf({ list: '  ' })).toBeUndefined()
    expect(listNumberOf({ lists: 'DBA 3.0 II/28a' })).toBeUndefined()
    expect(listNumberOf(undefined)).toBeUndefined()
  })
})

const fielded = (army: string, fields: ArmyFielded['fields'], minimum: number): ArmyFielded => ({
  ruleset: 'r',
  army,
  name: army,
  coverage: minimum,
  minimum,
  required: 4,
  covered: Math.round(minimum * 4),
  full: null,
  points: 0,
  fields
})

describe('Armies I can field: a filter, not only an order', () => {
  // As the main process ranks them: best covered first.
  const owned = new Map([fielded('c', 'whole', 1), fielded('a', 'part', 0.5), fielded('b', 'none', 0)].map((f) => [f.army, f]))
  const armies = ['a', 'b', 'c', 'd'].map((id) => ({ id }))
  it('whole: only those whose minimum the collection fields; part: those too it fields some of; off: every army', () => {
    expect(byWhatIsOwned(armies, owned, 'whole').map((a) => a.id)).toEqual(['c'])
    expect(byWhatIsOwned(armies, owned, 'part').map((a) => a.id)).toEqual(['c', 'a'])
    expect(byWhatIsOwned(armies, owned, 'off').map((a) => a.id)).toEqual(['c', 'a', 'b', 'd'])
    expect(ownedCountText('whole')).toBe(' your collection fields')
    expect(ownedCountText('part')).toBe(' your collection fields, wholly or in part')
  })
  it('the switch, then "also armies I field in part"', () => {
    const seen: OwnedFilter[] = []
    function Switch() {
      const [filter, setFilter] = useState<OwnedFilter>('off')
      seen.push(filter)
      return <OwnedToggle filter={filter} onChange={setFilter} error={null} />
    }
    render(<Switch />)
    expect(screen.queryByRole('checkbox', { name: 'also armies I field in part' })).toBeNull()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Armies I can field' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'also armies I field in part' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Armies I can field' }))
    expect(seen).toEqual(['off', 'whole', 'part', 'off'])
  })
})
