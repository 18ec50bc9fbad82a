// The rulesets in force, as the engine sees them: each ruleset with its troops, its army lists, its
// data editions, and where each file that is not the bundled data's came from. Loaded by
// load-registry.ts; a fault in the data is a DataError naming the file.
import type { Era } from '../generated-types/eras'
import type { ArmyLoader } from './army-loader'
import type { Edition, Ruleset, TroopType } from './types'

export interface LoadedRuleset {
  ruleset: Ruleset
  troops: Map<string, TroopType>
  /** Its army lists by id: the bundled ones read from their files when first asked for (ArmyLoader). */
  armies: ArmyLoader
  /** Folders this ruleset's files were read from (bundled first). */
  sources: string[]
  /** Which costs.json priced it, if any. */
  costTable?: string
  /** Its data editions by id (editions/*.json), each the differences from these values. */
  editions: Map<string, Edition>
  /** Set on a ruleset as an edition has it (editions.ts applyEdition); absent: the ruleset's own values. */
  edition?: { id: string; name: string }
  /** Army ids read from a data folder other than the bundled one (a Meshwesh catalogue, the user's, --data). */
  fromUserData: Set<string>
  /**
   * The files in force that are not the bundled data's (rules/data-in-force.ts codeData): a check code
   * and a printed sheet must say when rules other than the stock ones were used. A ruleset, cost
   * table or edition file that is a byte-for-byte copy of the bundled one is not listed; an army
   * file names the bundled one it lies over (`over`), compared when a code is made.
   */
  overrides: DataOverrides
}

/** Where one file of the data in force came from, when not from the bundled data. */
export interface DataOrigin {
  file: string
  /** Set when it came from a published Meshwesh catalogue: the date it was published (YYYY-MM-DD). */
  catalogue?: string
  /** The bundled file it lies over, if any: a copy of it, or of its rules (army-rules.ts), changes nothing (told when asked, not at start). */
  over?: string
  // What the file was parsed as, for a check code (data-digest.ts parsedAs and digestOf), is kept
  // beside the origin: recorded when the file is read, an army read lazily once it is first asked for.
}

export interface DataOverrides {
  /** The ruleset.json in force, when a data folder's replaced (or added) it. */
  ruleset?: DataOrigin
  /** Cost tables (costs.json) applied, in order. */
  costs: DataOrigin[]
  /** Army files in force from a folder other than the bundled one, by army id. */
  armies: Map<string, DataOrigin>
  /** Edition files from a folder other than the bundled one, by edition id. */
  editions: Map<string, DataOrigin>
}

/** A named span of years armies are grouped by (data/eras.json; the type comes from its schema). */
export type { Era }

export interface Registry {
  rulesets: Map<string, LoadedRuleset>
  /** Named periods for browsing armies (data/eras.json). */
  eras: Era[]
  /**
   * What was left out of the user's data, and why, for the app and the CLI to say (user-data.ts
   * withoutDamagedCatalogue): an edition named like one Muster ships (issue 26), a folder that is not
   * ruleset data (issue 38).
   */
  warnings: string[]
}

export class DataError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[]
  ) {
    super(`${file}: ${problems.join('; ')}`)
    this.name = 'DataError'
  }
}
