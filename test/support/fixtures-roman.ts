// Early Imperial Roman rosters several tiers check by hand.
import type { RosterDocument } from '../../src-main/store/types'

type Unit = Record<string, unknown> & { id: string; troop: string; count: number }

/**
 * Triumph!, 60 AD, 48 points, legal: EFT 1 (general) + 3 = 16, JCV 1 = 4, BAD 1 = 3, RDR 4 = 16,
 * ART 1 = 3, LFT 2 = 6. Each unit has an id, so resubmissions compare unit by unit.
 */
export const roman48: { format: 'muster-roster'; version: 1; ruleset: string; army: string; year: number; units: Unit[] } = {
  format: 'muster-roster',
  version: 1,
  ruleset: 'triumph',
  army: 'early-imperial-roman',
  year: 60,
  units: [
    { id: 'g', troop: 'elite-foot', count: 1, general: true },
    { id: 'legio', troop: 'elite-foot', count: 3 },
    { id: 'ala', troop: 'javelin-cavalry', count: 1, option: 'ala-horse' },
    { id: 'bh', troop: 'bad-horse', count: 1 },
    { id: 'aux', troop: 'raiders', count: 4 },
    { id: 'art', troop: 'artillery', count: 1 },
    { id: 'lf', troop: 'light-foot', count: 2 }
  ]
}

/** WRG 1969: a general and 24 regular class B heavy infantry, beside the Hussites in the recheck tests. */
export const wrgLegio: RosterDocument = {
  format: 'muster-roster',
  version: 1,
  name: 'Legio',
  ruleset: 'wrg-1969',
  army: 'early-imperial-roman',
  units: [
    { troop: 'general', count: 1 },
    { troop: 'heavy-infantry', count: 24, status: 'regular', class: 'B' }
  ]
}

/** The empty roster New roster (and `muster new`) makes for Legio XX: 60 AD, 36 points, the 2018 sheet, no units. */
export const legioXXEmpty: RosterDocument = {
  format: 'muster-roster',
  version: 1,
  name: 'Legio XX',
  ruleset: 'triumph',
  army: 'early-imperial-roman',
  year: 60,
  pointsLimit: 36,
  edition: 'qrs-2018',
  units: []
}

/** Triumph!, 60 AD: a general's 4 Elite foot, Ala horse and Batavian auxilia, named as the test needs (store tests). */
export const triumphRoman = (name = 'Legio XX', extra: Partial<RosterDocument> = {}): RosterDocument => ({
  format: 'muster-roster',
  version: 1,
  name,
  ruleset: 'triumph',
  army: 'early-imperial-roman',
  year: 60,
  units: [
    { id: 'g', troop: 'elite-foot', count: 4, general: true },
    { troop: 'javelin-cavalry', count: 1, option: 'ala-horse' },
    { troop: 'raiders', count: 2, name: 'Batavian auxilia' }
  ],
  ...extra
})
