// A roster written inline in a test, without the two lines every roster file starts with.
import type { Roster } from '../../src-main/rules/types'

/** A roster of `army` in `ruleset`: the roster format, version 1, and the rest as given. */
export const rosterOf = (ruleset: string, army: string, rest: Omit<Roster, 'format' | 'version' | 'ruleset' | 'army'>): Roster => ({
  format: 'muster-roster',
  version: 1,
  ruleset,
  army,
  ...rest
})
