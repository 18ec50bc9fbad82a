// The name someone most likely meant (src-shared/nearest-name.ts): a hint for "did you mean ...?",
// never given when two names are equally near or none is.
import { describe, expect, it } from 'vitest'
import { didYouMean, nearestName } from '../../src-shared/nearest-name'

const NAMES = ['Anna Kowalski', 'Dave Smyth', 'Émilie Duchêne', 'Gareth Llewellyn-Jones', 'Ann Lee', 'Bob', 'Bo Chan']

describe('nearestName', () => {
  it('finds the name whose words the typed words start', () => {
    expect(nearestName('Anna', NAMES)).toBe('Anna Kowalski')
    expect(nearestName('kowalski', NAMES)).toBe('Anna Kowalski')
    expect(nearestName('emilie', NAMES)).toBe('Émilie Duchêne')
    expect(nearestName('gar llew', NAMES)).toBe('Gareth Llewellyn-Jones')
  })

  it('finds a name a few letters off, accents and case aside', () => {
    expect(nearestName('Dave Smythe', NAMES)).toBe('Dave Smyth')
    expect(nearestName('Emilie Duchene', NAMES)).toBe('Émilie Duchêne')
    expect(nearestName('Anna Kowlaski', NAMES)).toBe('Anna Kowalski')
  })

  it('gives none when two are as near or none is near', () => {
    expect(nearestName('An', NAMES)).toBeUndefined() // Anna Kowalski and Ann Lee
    expect(nearestName('Zebedee', NAMES)).toBeUndefined()
    expect(nearestName('', NAMES)).toBeUndefined()
    expect(nearestName('Anna', [])).toBeUndefined()
  })

  it('ends a refusal in words, or adds nothing', () => {
    expect(didYouMean('Anna', NAMES)).toBe(": did you mean 'Anna Kowalski'?")
    expect(didYouMean('Zebedee', NAMES)).toBe('')
  })
})
