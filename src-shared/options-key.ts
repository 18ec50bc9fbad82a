// What decides what can be added to a roster: its ruleset, army, units, battle cards, year, points
// limit, part of the list and data edition; not its name, notes or player. Two rosters with the
// same key are offered the same, so a name or notes edit needs no new options pass.
export interface OptionsInputs {
  ruleset?: unknown
  army?: unknown
  units?: unknown
  battleCards?: unknown
  year?: unknown
  pointsLimit?: unknown
  subFaction?: unknown
  edition?: unknown
}

export const optionsKey = (roster: OptionsInputs): string =>
  JSON.stringify([roster.ruleset, roster.army, roster.units, roster.battleCards, roster.year, roster.pointsLimit, roster.subFaction, roster.edition])
