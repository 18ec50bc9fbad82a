// Types of event checking shared with the renderer through the IPC contract: no code.
import type { Issue } from '../rules/types'

/** A tournament's rules for submitted rosters (schemas/event.schema.json). */
export type { EventProfile } from '../generated-types/event'

export interface EventRow {
  file: string
  player: string | null
  name: string | null
  ruleset: string | null
  army: string | null
  armyName: string | null
  /** The army's list number in its source ("66a"), where its data gives one: outputs name the army by src-shared/army-title.ts. Absent in reports written before issue 39. */
  listNumber?: string
  points: number | null
  limit: number | null
  valid: boolean
  readable: boolean
  issues: Issue[]
  /** Set by the printed-code comparison when a PDF of the roster was submitted beside it. */
  printedCode?: {
    printed: string
    computed: string
    match: boolean
    /** What the comparison found (printed-codes.ts PrintedVerdict): the report words it by this. Absent in reports written before issue 26. */
    kind?: 'match' | 'mismatch' | 'altered' | 'old' | 'unreadable'
  }
  /** The roster as submitted (JSON reports keep it, so a later check can say what a resubmission changed). */
  document?: unknown
  /** Set when the previous report had this player's roster: what changed, and what changed beyond what was flagged. */
  resubmission?: { previousFile: string; previousValid: boolean; changes: string[]; unflagged: string[] }
}

export interface EventReport {
  event: {
    name: string
    date?: string
    ruleset: string
    rulesetName: string
    pointsLimit: number | null
    dates: string | null
    dataVersion: string
    /** The rules data as the printed sheets name it ("Triumph! data 1.1.0, checked with local data changes"; export/layout.ts dataText). Absent in reports written before issue 26. */
    dataLabel?: string
  }
  generatedAt: string
  notes: string[]
  summary: { submissions: number; legal: number; illegal: number; unreadable: number; players: number }
  rows: EventRow[]
}

export type Submission = { file: string; data: unknown } | { file: string; error: string }
