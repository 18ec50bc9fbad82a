// The one IPC contract between the renderer and the main process. The preload API, the renderer
// client and the main-side handler map are all derived from MusterApi; payload schemas check every
// argument in the main process, because nothing from the renderer is trusted.
import type { Verdict } from '../rules/types'

export interface ArmySummary {
  id: string
  name: string
  dates: Array<{ from: number; to: number }>
  tags: string[]
  region?: string
  era?: string
}

export interface RulesetSummary {
  id: string
  name: string
  dataVersion: string
  costUnit: 'figure' | 'stand' | 'unit'
  defaultPointsLimit: number | null
  /** Labels of the derived figures a verdict reports, in display order. */
  figures: Array<{ id: string; label: string }>
  armies: ArmySummary[]
}

export interface OptionSummary {
  /** What a roster unit's `option` names: the option id, or `<ally>.<contingent>.<option>`. */
  key: string
  name: string
  troops: Array<{ id: string; name: string; cost: number | null }>
  min: number
  max: number | null
  /** "available 280-168 BC", or null when always available. */
  availability: string | null
  restriction: string | null
  battleLine: string | null
  sameType: boolean
  /** The ally option it belongs to, for allied and optional contingents. */
  ally: { id: string; name: string; internal: boolean; availability: string | null } | null
}

export interface ArmyDetails extends ArmySummary {
  ruleset: string
  notes: string[]
  generals: string[]
  options: OptionSummary[]
}

export interface IpcError {
  code: string
  message: string
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError }

/** Every call the renderer may make, with its arguments and answer. */
export interface MusterApi {
  listRulesets(): Promise<Result<RulesetSummary[]>>
  checkRoster(roster: unknown): Promise<Result<Verdict>>
  armyDetails(rulesetId: string, armyId: string): Promise<Result<ArmyDetails>>
}

export type Channel = keyof MusterApi

export const channelNames: { [K in Channel]: string } = {
  listRulesets: 'rules:list-rulesets',
  checkRoster: 'rules:check-roster',
  armyDetails: 'rules:army-details'
}

/** JSON Schema of each call's argument list (an array), checked by ajv in the main process. */
export const argumentSchemas: { [K in Channel]: object } = {
  listRulesets: { type: 'array', maxItems: 0 },
  checkRoster: { type: 'array', minItems: 1, maxItems: 1, items: { type: 'object' } },
  armyDetails: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', minLength: 1, maxLength: 200 } }
}

/** What the main side implements: the same calls, synchronous or not, minus the Result wrapping. */
export type MusterHandlers = { [K in Channel]: (...args: Parameters<MusterApi[K]>) => Awaited<ReturnType<MusterApi[K]>> extends Result<infer T> ? T | Promise<T> : never }
