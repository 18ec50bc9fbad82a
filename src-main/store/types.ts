// Types of the library shared with the renderer through the IPC contract: no code; the only import is
// the roster type generated from its schema.

import type { Roster, RosterUnit } from '../generated-types/roster'

/**
 * A roster as the library holds it and the IPC carries it: the roster format (schemas/roster.schema.json,
 * the generated Roster) with its units' attributes not yet checked. Fields the format does not know
 * still travel with the document (the check reports them as issues; they are never dropped), but code
 * reads only the format's own.
 */
export type RosterDocument = Omit<Roster, 'units'> & { units: RosterDocumentUnit[] }

/** A unit as a document holds it: the format's fields; attribute values are whatever the document says until checked. */
export type RosterDocumentUnit = Named<RosterUnit> & { [attribute: string]: unknown }

/** The named fields of a type that also has an index signature, without the signature. */
type Named<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] }

export interface CheckSummary {
  points: number
  limit: number | null
  valid: boolean
  errors: number
  /** How many of the errors say something is still to add (a minimum, the general). */
  todos?: number
  dataVersion: string
  /** Display names for search (army name; troop and battle-card names); ids are indexed anyway. */
  armyName?: string
  troopNames?: string[]
}

export interface RosterRow {
  id: string
  name: string
  ruleset: string
  army: string
  createdAt: string
  updatedAt: string
  revision: number
  folderId: string | null
  favourite: boolean
  deletedAt: string | null
  points: number | null
  pointsLimit: number | null
  valid: boolean | null
  errorCount: number | null
  /** How many of the errors are things still to add: all of them means the roster is unfinished, not wrong. */
  todoCount: number | null
  dataVersion: string | null
  /** New data (army lists, rules data, another edition) changed its points or verdict since it was saved. */
  dataChanged: boolean
  tags: string[]
  /** Its finished games (the games table), when the list was asked for them (ListOptions.record). */
  record?: GameRecord
}

/** The finished games of a roster or a player: how many, won, lost, drawn. */
export interface GameRecord {
  games: number
  wins: number
  losses: number
  draws: number
}

export interface RevisionRow {
  revision: number
  savedAt: string
  points: number | null
  valid: boolean | null
  dataVersion: string | null
  message: string | null
}

export interface ListOptions {
  ruleset?: string
  tag?: string
  /** Only the rosters of this folder; null: only those in no folder. */
  folderId?: string | null
  favourite?: boolean
  valid?: boolean
  /** Only the rosters marked as changed by new data (true). */
  dataChanged?: boolean
  /** Only the rosters with (true) or without (false) a finished game. */
  played?: boolean
  /** Only the rosters that won a finished game (true), or that played and never won (false). */
  won?: boolean
  /** Each row carries its record (games, wins, losses, draws). */
  record?: boolean
  trash?: boolean
  sort?: 'updated' | 'name' | 'points' | 'created'
  limit?: number
  offset?: number
}

export interface FieldChange {
  field: string
  from: unknown
  to: unknown
}

export interface RevisionDiff {
  fields: FieldChange[]
  added: Array<{ index: number; unit: Record<string, unknown> }>
  removed: Array<{ index: number; unit: Record<string, unknown> }>
  changed: Array<{ index: number; troop: unknown; fields: FieldChange[] }>
}
