// The Meshwesh API's army-list JSON as Muster reads it (with its expanded ally options), and what a
// conversion into a Muster army list is told.

export interface MeshweshDateRange {
  startDate: number
  endDate: number
}

export interface MeshweshTroopOption {
  min: number
  max: number
  dateRange?: MeshweshDateRange | null
  dateRanges?: MeshweshDateRange[]
  troopEntries: Array<{ troopTypeCode: string; note?: string | null }>
  description?: string | null
  note?: string | null
  core?: string | null
  battleCardEntries?: Array<{ battleCardCode: string; min?: number | null; max?: number | null; note?: string | null }>
}

export interface MeshweshAllyOption {
  dateRange?: MeshweshDateRange | null
  dateRanges?: MeshweshDateRange[]
  note?: string | null
  allyEntries: Array<{
    name: string
    allyArmyList: { name: string; listId?: number; sublistId?: string; internalContingent?: boolean; troopOptions: MeshweshTroopOption[] }
  }>
}

export interface MeshweshArmyList {
  id: string
  name: string
  listId: number
  sublistId: string
  keywords?: string[]
  dateRanges: MeshweshDateRange[]
  troopOptions: MeshweshTroopOption[]
  troopEntriesForGeneral: Array<{ troopEntries: Array<{ troopTypeCode: string }> }>
  battleCardEntries?: Array<{ battleCardCode: string; min?: number | null; max?: number | null; note?: string | null }>
}

export interface ConvertOptions {
  /** Meshwesh troop code -> Muster troop id and name (from the triumph ruleset's troop types). */
  troops: Map<string, { id: string; name: string }>
  /** Battle card codes the triumph ruleset defines; an entry with another code is a problem of the list. */
  cards?: Set<string>
  /** The ruleset's army facts and the Meshwesh field each is read from (its armyFacts with a `meshwesh` field). */
  facts?: Array<{ id: string; meshwesh: string }>
  /** Era names by date, from data/eras.json. */
  eras: Array<{ name: string; from: number; to: number }>
  /**
   * Keep only facts (numbers, codes, dates, list names): option names are built from troop names
   * and the authors' descriptions and notes are left out. Used for the bundled lists.
   */
  factsOnly: boolean
  /** Thematic categories of the list (names), used as tags. */
  themes?: string[]
}
