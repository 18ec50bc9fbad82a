// The Early Hussite roster the recheck and edition tests work by hand: built from the list's
// minimums, War Wagons 3 (one the general) x 3 = 9, Bad Horse 1 x 3 = 3, Heavy Foot 12 x 3 = 36:
// 48 points under the seed's values. On the 2018 sheet War Wagons cost 4: 51, over the limit.
import type { RosterDocument } from '../../src-main/store/types'

export const hussite: RosterDocument = {
  format: 'muster-roster',
  version: 1,
  name: 'Zizka',
  ruleset: 'triumph',
  army: 'early-hussite-221a',
  year: 1419,
  units: [
    { troop: 'war-wagons', count: 1, general: true },
    { troop: 'war-wagons', count: 2 },
    { troop: 'bad-horse', count: 1 },
    { troop: 'heavy-foot', count: 12 }
  ]
}
