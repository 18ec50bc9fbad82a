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

export interface IpcError {
  code: string
  message: string
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError }

/** Every call the renderer may make, with its arguments and answer. */
export interface MusterApi {
  listRulesets(): Promise<Result<RulesetSummary[]>>
  checkRoster(roster: unknown): Promise<Result<Verdict>>
}

export type Channel = keyof MusterApi

export const channelNames: { [K in Channel]: string } = {
  listRulesets: 'rules:list-rulesets',
  checkRoster: 'rules:check-roster'
}

/** JSON Schema of each call's argument list (an array), checked by ajv in the main process. */
export const argumentSchemas: { [K in Channel]: object } = {
  listRulesets: { type: 'array', maxItems: 0 },
  checkRoster: { type: 'array', minItems: 1, maxItems: 1, items: { type: 'object' } }
}

/** What the main side implements: the same calls, synchronous or not, minus the Result wrapping. */
export type MusterHandlers = { [K in Channel]: (...args: Parameters<MusterApi[K]>) => Awaited<ReturnType<MusterApi[K]>> extends Result<infer T> ? T | Promise<T> : never }
