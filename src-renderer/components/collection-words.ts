// Words the collection screen shares: a ruleset's name where space is short, what an item counts as
// (troop type and attribute values, as the data labels them), a share as a percent.
import type { RulesetDetails, RulesetSummary } from '../../src-main/ipc/contract'
import { attributeWords } from '../format'

export type DetailsById = Record<string, RulesetDetails | undefined>

export const shortNameOf = (rulesets: RulesetSummary[], id: string): string => rulesets.find((r) => r.id === id)?.shortName ?? 'another ruleset'

/** "Medium Infantry (Barbarian, class D)": the troop type's name with its attribute values; null when the data has no such troop type. */
export function countsAsWords(details: RulesetDetails | undefined, troop: string, attributes: Record<string, string | boolean> = {}): string | null {
  const type = details?.troops.find((t) => t.id === troop)
  if (!type) return null
  const extra = attributeWords(attributes, type)
  return extra ? `${type.name} (${extra})` : type.name
}

export const percent = (share: number): string => `${Math.round(share * 100)}%`

/** The ruleset's count: "stands", "figures" or "units". */
export const countNoun = (rulesets: RulesetSummary[], id: string): string => `${rulesets.find((r) => r.id === id)?.costUnit ?? 'stand'}s`
